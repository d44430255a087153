// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { createMemoryRouter, RouterProvider, useNavigate, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ModalProvider, useModals, type ModalComponentProps } from "./modals.tsx";

afterEach(cleanup);

const Notice = (props: ModalComponentProps<{ text: string }>) => <div role="dialog">{props.text}</div>;

function Page(props: { openOnArrival?: boolean }) {
  const modals = useModals();
  const navigate = useNavigate();
  // As a tap right after a navigation does: opened once the new page has rendered, before the provider's effects ran.
  useLayoutEffect(() => {
    if (props.openOnArrival) modals.open("notice", { text: "opened on arrival" });
  }, [modals, props.openOnArrival]);
  return (
    <>
      <button onClick={() => modals.open("notice", { text: "opened here" })}>open</button>
      <button onClick={() => void navigate("/b")}>to b</button>
      <button onClick={() => void navigate("/a?x=1")}>to a, another query</button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalProvider registry={{ notice: Notice }}>
            <Outlet />
          </ModalProvider>
        ),
        children: [
          { path: "/a", element: <Page /> },
          { path: "/b", element: <Page openOnArrival /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe("modals and route changes", () => {
  it("closes a modal opened before the address changed, path or query", async () => {
    renderAt("/a");
    fireEvent.click(screen.getByText("open"));
    expect(screen.getByRole("dialog").textContent).toBe("opened here");
    await act(async () => fireEvent.click(screen.getByText("to a, another query")));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps a modal the new page opened before the provider's effects ran", async () => {
    renderAt("/a");
    fireEvent.click(screen.getByText("open"));
    await act(async () => fireEvent.click(screen.getByText("to b")));
    expect(screen.getAllByRole("dialog").map((d) => d.textContent)).toEqual(["opened on arrival"]);
  });
});
