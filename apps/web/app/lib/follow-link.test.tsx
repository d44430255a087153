// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useFollowLink } from "./follow-link.ts";

function List() {
  const follow = useFollowLink();
  return (
    <>
      <a href="/en/maple-auto/details/109/" onClick={follow} data-discover="true">
        CR-V
      </a>
      <a href="/en/maple-auto/details/110/" target="_blank" onClick={follow}>
        RAV4
      </a>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/en/maple-auto/search/", element: <List /> },
      { path: "/en/maple-auto/details/:id/", element: <p>details</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Whether each click reached the window still the browser's to follow (then stopped: the test has no server). */
function clicksLeftToBrowser() {
  const left: boolean[] = [];
  const record = (event: Event) => {
    left.push(!event.defaultPrevented);
    event.preventDefault();
  };
  window.addEventListener("click", record);
  return { left, stop: () => window.removeEventListener("click", record) };
}

describe("a list's plain links", () => {
  let clicks: ReturnType<typeof clicksLeftToBrowser>;
  beforeEach(() => {
    clicks = clicksLeftToBrowser();
  });
  afterEach(() => {
    clicks.stop();
    cleanup();
  });

  it("a click is followed in the app, as a Link's", async () => {
    const router = renderAt("/en/maple-auto/search/");
    fireEvent.click(screen.getByText("CR-V"));
    expect(clicks.left).toEqual([false]);
    expect(await screen.findByText("details")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/en/maple-auto/details/109/");
  });

  it("a modified click, another button or another target is left to the browser", () => {
    const router = renderAt("/en/maple-auto/search/");
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      fireEvent.click(screen.getByText("CR-V"), init);
    }
    fireEvent.click(screen.getByText("RAV4"));
    expect(clicks.left).toEqual([true, true, true, true, true, true]);
    expect(router.state.location.pathname).toBe("/en/maple-auto/search/");
  });
});
