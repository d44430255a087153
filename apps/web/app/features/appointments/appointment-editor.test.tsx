// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { appointment, appointmentSlots, slot } from "../../testing/appointments.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { AppointmentEditor } from "./appointment-editor.tsx";
import type { AppointmentsApi } from "./appointments-api.ts";
import { appointmentsTranslator } from "./i18n.ts";
import { timeChoices, zoneName } from "./slot-times.ts";

afterEach(cleanup);

const tEn = appointmentsTranslator("en-ca", translator(catalogues.en));
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

function editor(
  options: {
    api?: Partial<AppointmentsApi>;
    existing?: ReturnType<typeof appointment> | null;
    kind?: "dealership" | "home";
  } = {},
) {
  const api: AppointmentsApi = {
    slots: vi.fn(async () => appointmentSlots()),
    get: vi.fn(),
    book: vi.fn(async () => appointment()),
    change: vi.fn(async () => appointment()),
    cancel: vi.fn(async () => appointment({ status: "canceled", customer_state: null })),
    ...options.api,
  };
  const onBooked = vi.fn();
  const onCanceled = vi.fn();
  render(
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <AppointmentEditor
        t={tEn}
        locale="en-ca"
        language="en"
        api={api}
        orderId={41}
        existing={options.existing ?? null}
        initialKind={options.kind ?? "dealership"}
        country="CA"
        province="ON"
        onBooked={onBooked}
        onCanceled={onCanceled}
      />
    </I18nContext.Provider>,
  );
  return { api, onBooked, onCanceled };
}

/** The calendar's day button (react-aria: a button inside each grid cell). */
const day = (label: RegExp) =>
  within(screen.getByRole("grid"))
    .getAllByRole("button")
    .find((cell) => label.test(cell.getAttribute("aria-label") ?? ""))!;

async function chooseTime(date: RegExp, time: string) {
  fireEvent.click(day(date));
  fireEvent.click(await screen.findByRole("radio", { name: time }));
}

describe("the appointment editor", () => {
  it("offers only the dates and times the API gives, read in the dealership's zone, which it names", async () => {
    editor();
    await screen.findByTestId("appointment-form");
    expect(screen.getByTestId("appointment-zone").textContent).toBe(
      "Times are in the dealership’s time zone: Eastern Time (Toronto).",
    );
    // November 23 has no slot: unavailable; the 24th and the 25th are offered.
    expect(day(/November 23, 2026/).getAttribute("aria-disabled")).toBe("true");
    expect(day(/November 24, 2026/).getAttribute("aria-disabled")).toBeNull();
    expect(screen.queryByRole("radio", { name: "10:00 a.m." })).toBeNull();
    fireEvent.click(day(/November 24, 2026/));
    const times = within(screen.getByTestId("appointment-times")).getAllByRole("radio");
    expect(times.map((radio) => radio.closest("label")!.textContent)).toEqual(["10:00 a.m.", "10:30 a.m."]);
    expect(screen.getByText("Times on Tuesday, November 24")).toBeTruthy();
  });

  it("books the chosen slot at the dealership: path, datetime, order_id, kind", async () => {
    const { api, onBooked } = editor();
    await screen.findByTestId("appointment-form");
    await chooseTime(/November 24, 2026/, "10:30 a.m.");
    fireEvent.click(screen.getByTestId("appointment-submit"));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(appointment(), false));
    expect(api.book).toHaveBeenCalledWith({
      path: "/",
      datetime: "2026-11-24T10:30:00-05:00",
      order_id: 41,
      kind: "dealership",
      address: null,
      comments: null,
    });
  });

  it("a test drive at home needs the address: refused at its first field (focused) before anything is sent", async () => {
    const { api } = editor({ kind: "home" });
    await screen.findByTestId("appointment-form");
    expect((screen.getByTestId("appointment-kind-home") as HTMLInputElement).checked).toBe(true);
    // Nothing chosen yet: the date and time, then the address, are asked for.
    fireEvent.click(screen.getByTestId("appointment-submit"));
    expect(screen.getByTestId("appointment-datetime-error").textContent).toBe(
      "Choose a date and time from the calendar.",
    );
    await chooseTime(/November 24, 2026/, "10:00 a.m.");
    fireEvent.click(screen.getByTestId("appointment-submit"));
    expect(screen.queryByTestId("appointment-datetime-error")).toBeNull();
    expect(screen.getByTestId("appointment-address-street-error").textContent).toBe("Enter a street address.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("appointment-address-street")));
    expect(api.book).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId("appointment-address-street"), { target: { value: "120 Queen Street West" } });
    fireEvent.change(screen.getByTestId("appointment-address-city"), { target: { value: "Toronto" } });
    fireEvent.change(screen.getByTestId("appointment-address-postal_code"), { target: { value: "M5H 2N2" } });
    fireEvent.click(screen.getByTestId("appointment-submit"));
    await waitFor(() => expect(api.book).toHaveBeenCalledTimes(1));
    expect(api.book).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: "home",
        address: { street: "120 Queen Street West", city: "Toronto", province: "ON", postal_code: "M5H 2N2" },
      }),
    );
  });

  it("at the dealership no address is asked for", async () => {
    editor({ kind: "home" });
    await screen.findByTestId("appointment-form");
    expect(screen.getByTestId("appointment-address")).toBeTruthy();
    fireEvent.click(screen.getByTestId("appointment-kind-dealership"));
    expect(screen.queryByTestId("appointment-address")).toBeNull();
  });

  it("a slot just taken (409) says so at the calendar, reads the times again and keeps the rest of the form", async () => {
    const slots = vi
      .fn()
      .mockResolvedValueOnce(appointmentSlots())
      .mockResolvedValueOnce(appointmentSlots({ slots: [slot("2026-11-24", "10:00"), slot("2026-11-25", "09:00")] }));
    const book = vi.fn(async () => {
      throw refused(409, {
        detail: "This time was just booked by someone else. Choose another time.",
        code: "appointment_slot_taken",
        non_field_errors: ["Unable to book appointment."],
      });
    });
    editor({ api: { slots, book } });
    await screen.findByTestId("appointment-form");
    fireEvent.change(screen.getByTestId("appointment-comments"), { target: { value: "Blue one, please" } });
    await chooseTime(/November 24, 2026/, "10:30 a.m.");
    fireEvent.click(screen.getByTestId("appointment-submit"));
    expect(await screen.findByTestId("appointment-datetime-error")).toHaveProperty(
      "textContent",
      "This time was just booked by someone else. Choose another time.",
    );
    expect(screen.getByTestId("appointment-error").textContent).toBe("Unable to book appointment.");
    expect(slots).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(screen.getByTestId("appointment-refreshed").textContent).toBe(
        "The times were updated: choose another time.",
      ),
    );
    // The taken 10:30 is gone; nothing is chosen; the note stays.
    expect(screen.queryByRole("radio", { name: "10:30 a.m." })).toBeNull();
    expect(
      within(screen.getByTestId("appointment-times"))
        .getAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect((screen.getByTestId("appointment-comments") as HTMLTextAreaElement).value).toBe("Blue one, please");
  });

  it("any other failure reads 'Unable to book appointment.'", async () => {
    editor({ api: { book: vi.fn(async () => Promise.reject(new ApiRequestError({ kind: "network" }))) } });
    await screen.findByTestId("appointment-form");
    await chooseTime(/November 25, 2026/, "9:00 a.m.");
    fireEvent.click(screen.getByTestId("appointment-submit"));
    expect((await screen.findByTestId("appointment-error")).textContent).toBe("Unable to book appointment.");
  });

  it("changes an existing appointment by the deal's order id (PATCH), starting from its time and place", async () => {
    const existing = appointment({
      kind: "work",
      address: { street: "1 King Street West", city: "Toronto", province: "ON", postal_code: "M5H 1A1" },
    });
    const { api, onBooked } = editor({ existing });
    await screen.findByTestId("appointment-form");
    expect(screen.getByTestId("appointment-current").textContent).toContain(
      "Tuesday, November 24, 2026 at 10:30 a.m. EST",
    );
    expect((screen.getByRole("radio", { name: "10:30 a.m." }) as HTMLInputElement).checked).toBe(true);
    await chooseTime(/November 25, 2026/, "9:00 a.m.");
    fireEvent.click(screen.getByTestId("appointment-submit"));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(appointment(), true));
    expect(api.book).not.toHaveBeenCalled();
    expect(api.change).toHaveBeenCalledWith(41, {
      path: "/",
      datetime: "2026-11-25T09:00:00-05:00",
      kind: "work",
      address: existing.address,
      comments: null,
    });
  });

  it("says so when the dealership's calendar has no time open", async () => {
    editor({ api: { slots: vi.fn(async () => appointmentSlots({ slots: [] })) } });
    expect((await screen.findByTestId("appointment-no-slots")).textContent).toContain(
      "No time is open in the coming days.",
    );
  });

  it("a calendar that cannot be read can be asked again", async () => {
    const slots = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError({ kind: "network" }))
      .mockResolvedValueOnce(appointmentSlots());
    editor({ api: { slots } });
    await screen.findByTestId("appointment-slots-failed");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    await screen.findByTestId("appointment-form");
  });
});

describe("the times as read", () => {
  it("the autumn's repeated hour reads apart by the zone's abbreviation; other times plainly", () => {
    const night = [
      slot("2026-11-01", "01:00", "-04:00"),
      slot("2026-11-01", "01:30", "-04:00"),
      slot("2026-11-01", "01:30", "-05:00"),
    ];
    expect(timeChoices(night, "en-ca", "America/Toronto").map((c) => c.label)).toEqual([
      "1:00 a.m.",
      "1:30 a.m. EDT",
      "1:30 a.m. EST",
    ]);
  });

  it("names the zone with its city, in English and French", () => {
    expect(zoneName("America/Toronto", "en-ca")).toBe("Eastern Time (Toronto)");
    expect(zoneName("America/Toronto", "fr-ca")).toBe("heure de l’Est (Toronto)");
    // Regina keeps standard time all year: ICU names it so.
    expect(zoneName("America/Regina", "en-ca")).toBe("Central Standard Time (Regina)");
  });
});
