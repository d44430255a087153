// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Popover, popoverPlacement, POPOVER_BOTTOM_MARGIN_PX, type PopoverVariant } from "./popover.tsx";

afterEach(cleanup);

function Harness(props: { variant: PopoverVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover variant={props.variant} open={open} onOpenChange={setOpen} trigger="Chat" triggerLabel="Open chat" label="Chat with us" id="p">
      <p>Hello</p>
    </Popover>
  );
}

describe("the popover (spec 2.3)", () => {
  it("places each of the three variants at its side of the bottom", () => {
    expect(popoverPlacement("bottom-left")).toContain("left-[10px]");
    expect(popoverPlacement("bottom-center")).toContain("-translate-x-1/2");
    expect(popoverPlacement("bottom-right")).toContain("right-[10px]");
  });

  it("refuses any other variant with an error", () => {
    expect(() => popoverPlacement("top-left")).toThrow(/Unknown popover variant "top-left"/);
    expect(() => popoverPlacement("")).toThrow(Error);
    expect(() => render(<Harness variant={"middle" as PopoverVariant} />)).toThrow(/Unknown popover variant/);
  });

  it("sits 10 px above the bottom of the window", () => {
    const { container } = render(<Harness variant="bottom-center" />);
    const frame = container.querySelector<HTMLElement>("[data-popover-variant]")!;
    expect(POPOVER_BOTTOM_MARGIN_PX).toBe(10);
    expect(frame.style.bottom).toBe("10px");
    expect(frame.dataset.popoverVariant).toBe("bottom-center");
  });

  it("opens from its button, says so, and closes on Escape with the focus back on the button", () => {
    render(<Harness variant="bottom-right" />);
    const button = screen.getByRole("button", { name: "Open chat" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("region", { name: "Chat with us" })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe("p");
    expect(screen.getByRole("region", { name: "Chat with us" }).textContent).toBe("Hello");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Chat with us" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
