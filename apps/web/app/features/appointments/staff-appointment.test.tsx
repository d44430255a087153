// @vitest-environment happy-dom
import type { DealerUser } from "@showroom/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { appointment, appointmentSlots } from "../../testing/appointments.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import type { StaffAppointmentWire } from "./appointments-api.ts";
import { dealAppointment, StaffDealAppointment } from "./staff-appointment.tsx";

afterEach(cleanup);

const customer = { id: 7, full_name: "Jeanne Tremblay", email: "jeanne@example.com", phone: null };
const staffAppointment = (overrides: Partial<StaffAppointmentWire> = {}): StaffAppointmentWire => ({
  ...appointment({
    kind: "home",
    address: { street: "120 Queen Street West", city: "Toronto", province: "ON", postal_code: "M5H 2N2" },
  }),
  customer,
  ...overrides,
});

function open(
  calls: { get?: ApiClient["get"]; post?: ApiClient["post"] },
  role: DealerUser["role"] = "dealer_sales_manager",
) {
  const client = { get: calls.get ?? vi.fn(), post: calls.post ?? vi.fn(), request: vi.fn() } as unknown as ApiClient;
  const shell = {
    dealer: dealerInfo(),
    locale: "en-ca",
    dealerUser: { id: 3, role, is_super_admin: false, full_name: "Alex Martin" } as DealerUser,
    quietApi: client,
    api: client,
  } as unknown as Shell;
  render(
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <ShellContext.Provider value={shell}>
        <StaffDealAppointment appointment={staffAppointment()} failed={false} />
      </ShellContext.Provider>
    </I18nContext.Provider>,
  );
}

describe("the workspace's appointment of a deal", () => {
  it("shows when, where (the customer's address) and its state; confirming it says so", async () => {
    const post = vi.fn(async () =>
      staffAppointment({ status: "confirmed", customer_state: "confirmed", step: "completed" }),
    );
    open({ post: post as unknown as ApiClient["post"] });
    expect(screen.getByTestId("workspace-appointment-when").textContent).toBe(
      "Tuesday, November 24, 2026 at 10:30 a.m. EST",
    );
    expect(screen.getByTestId("workspace-appointment-kind").textContent).toBe(
      "Test drive at the customer’s home — 120 Queen Street West, Toronto ON M5H 2N2",
    );
    expect(screen.getByTestId("workspace-appointment-status").textContent).toBe("Requested by the customer");
    fireEvent.click(screen.getByTestId("workspace-appointment-confirm"));
    await waitFor(() => expect(screen.getByTestId("workspace-appointment-status").textContent).toBe("Confirmed"));
    expect(post).toHaveBeenCalledWith("/api/quickshop/appointments/5/confirm/");
    expect(screen.getByTestId("workspace-appointment-message").textContent).toContain("Confirmed.");
    expect(screen.queryByTestId("workspace-appointment-confirm")).toBeNull();
  });

  it("proposes another time among the calendar's slots, with a note", async () => {
    const get = vi.fn(async () => appointmentSlots());
    const post = vi.fn(async () =>
      staffAppointment({
        status: "confirmed",
        proposed_by: "dealer",
        formatted: "Wednesday, November 25, 2026 at 9:00 a.m. EST",
      }),
    );
    open({ get: get as unknown as ApiClient["get"], post: post as unknown as ApiClient["post"] });
    fireEvent.click(screen.getByTestId("workspace-appointment-propose"));
    const form = await screen.findByTestId("workspace-propose-form");
    expect(get).toHaveBeenCalledWith("/api/appointment/slots/");
    // Sent without a time: asked for one.
    fireEvent.click(within(form).getByTestId("workspace-propose-send"));
    expect(within(form).getByTestId("propose-datetime-error").textContent).toBe(
      "Choose a date and a time in the calendar.",
    );
    const day = within(within(form).getByRole("grid"))
      .getAllByRole("button")
      .find((cell) => /November 25, 2026/.test(cell.getAttribute("aria-label") ?? ""))!;
    fireEvent.click(day);
    fireEvent.click(within(form).getByRole("radio", { name: "9:00 a.m." }));
    fireEvent.change(within(form).getByLabelText("Note for the customer (optional)"), {
      target: { value: "The XLE is ready then." },
    });
    fireEvent.click(within(form).getByTestId("workspace-propose-send"));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/api/quickshop/appointments/5/propose/", {
        datetime: "2026-11-25T09:00:00-05:00",
        comments: "The XLE is ready then.",
      }),
    );
    await waitFor(() => expect(screen.queryByTestId("workspace-propose-form")).toBeNull());
    expect(screen.getByTestId("workspace-appointment-when").textContent).toBe(
      "Wednesday, November 25, 2026 at 9:00 a.m. EST",
    );
    expect(screen.getByText("Proposed by the dealership")).toBeTruthy();
  });

  it("a role that does not manage appointments only reads it", () => {
    open({}, "organization_assistant");
    expect(screen.getByTestId("workspace-appointment")).toBeTruthy();
    expect(screen.queryByTestId("workspace-appointment-confirm")).toBeNull();
    expect(screen.queryByTestId("workspace-appointment-propose")).toBeNull();
  });

  it("a deal's appointment is its standing one, else its latest", () => {
    const list = [
      staffAppointment({ id: 1, order_id: 41, status: "canceled", last_updated: "2026-11-21T10:00:00Z" }),
      staffAppointment({ id: 2, order_id: 41, status: "requested", last_updated: "2026-11-20T10:00:00Z" }),
      staffAppointment({ id: 3, order_id: 42, status: "canceled", last_updated: "2026-11-22T10:00:00Z" }),
    ];
    expect(dealAppointment(list, 41)?.id).toBe(2);
    expect(dealAppointment(list, 42)?.id).toBe(3);
    expect(dealAppointment(list, 43)).toBeNull();
  });
});
