// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { appointmentsTranslator } from "./i18n.ts";
import { openBookingUrl } from "./open-booking.ts";
import { TestDriveForm } from "./test-drive-form.tsx";

afterEach(cleanup);

const tEn = appointmentsTranslator("en-ca", translator(catalogues.en));
const URL_OF_BOOKING = "http://127.0.0.1/en/maple-auto/test-drive/0123456789abcdef0123456789abcdef/";

function form(post: ApiClient["post"]) {
  const open = vi.fn();
  render(
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <TestDriveForm
        t={tEn}
        language="en"
        client={{ post } as unknown as ApiClient}
        model={{ model_year: 2026, model_code: "ZSA4129", model_name: "Toyota RAV4 XLE" }}
        dealerCode="maple-auto"
        country="CA"
        province="ON"
        tokenizedUrl="https://showroom.example/en/maple-auto/details/321/"
        initial={{ first_name: "Jeanne", last_name: "Tremblay", phone: "" }}
        open={open}
      />
    </I18nContext.Provider>,
  );
  return { open };
}
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe("the test drive booking", () => {
  it("sends section 3's payload and opens the booking's page", async () => {
    const post = vi.fn(async () => ({ url: URL_OF_BOOKING }));
    const { open } = form(post as unknown as ApiClient["post"]);
    fireEvent.click(field("test-drive-option-dealership"));
    fireEvent.change(field("test-drive-phone"), { target: { value: "(416) 555-0142" } });
    fireEvent.click(field("test-drive-submit"));
    await waitFor(() => expect(open).toHaveBeenCalledWith(URL_OF_BOOKING));
    expect(post).toHaveBeenCalledWith("/api/test-drive-bookings/", {
      booking_option: "dealership",
      model_year: 2026,
      model_code: "ZSA4129",
      model_name: "Toyota RAV4 XLE",
      dealer_code: "maple-auto",
      province: "ON",
      first_name: "Jeanne",
      last_name: "Tremblay",
      phone: "4165550142",
      tokenized_url: "https://showroom.example/en/maple-auto/details/321/",
      language: "en",
      address: null,
    });
    expect(screen.getByTestId("test-drive-booked").textContent).toContain("Your test drive request was sent.");
  });

  it("at home, the address is required (its province is the shopper's)", async () => {
    const post = vi.fn(async () => ({ url: URL_OF_BOOKING }));
    form(post as unknown as ApiClient["post"]);
    expect(field("test-drive-option-home").checked).toBe(true);
    expect(screen.queryByTestId("test-drive-province")).toBeNull();
    fireEvent.change(field("test-drive-phone"), { target: { value: "4165550142" } });
    fireEvent.click(field("test-drive-submit"));
    expect(screen.getByTestId("test-drive-address-street-error").textContent).toBe("Enter a street address.");
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(field("test-drive-address-street"), { target: { value: "120 Queen Street West" } });
    fireEvent.change(field("test-drive-address-city"), { target: { value: "Ottawa" } });
    fireEvent.change(screen.getByTestId("test-drive-address-province"), { target: { value: "QC" } });
    fireEvent.change(field("test-drive-address-postal_code"), { target: { value: "J8X 1A1" } });
    fireEvent.click(field("test-drive-submit"));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      "/api/test-drive-bookings/",
      expect.objectContaining({
        booking_option: "home",
        province: "QC",
        address: { street: "120 Queen Street West", city: "Ottawa", province: "QC", postal_code: "J8X 1A1" },
      }),
    );
  });

  it("a failure is silent (the contract) and what was typed stays, to send again", async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError({ kind: "http", status: 500, body: null }))
      .mockResolvedValueOnce({ url: URL_OF_BOOKING });
    const { open } = form(post as unknown as ApiClient["post"]);
    fireEvent.click(field("test-drive-option-dealership"));
    fireEvent.change(field("test-drive-phone"), { target: { value: "4165550142" } });
    fireEvent.click(field("test-drive-submit"));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(field("test-drive-submit").disabled).toBe(false));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(field("test-drive-first_name").value).toBe("Jeanne");
    expect(field("test-drive-phone").value).toBe("4165550142");
    fireEvent.click(field("test-drive-submit"));
    await waitFor(() => expect(open).toHaveBeenCalledWith(URL_OF_BOOKING));
  });
});

describe("opening the booking's page", () => {
  const fakeWindow = (opened: object | null, parent?: { location: { href: string } }) => {
    const win = {
      open: vi.fn(() => opened),
      location: { assign: vi.fn() },
      parent: undefined as unknown,
    } as unknown as Window & {
      location: { assign: ReturnType<typeof vi.fn> };
    };
    (win as { parent: unknown }).parent = parent ?? win;
    return win;
  };

  it("in a new tab", () => {
    const tab = { opener: {} };
    const win = fakeWindow(tab);
    expect(openBookingUrl(URL_OF_BOOKING, win)).toBe("tab");
    expect(win.open).toHaveBeenCalledWith(URL_OF_BOOKING, "_blank");
    expect(tab.opener).toBeNull();
  });

  it("blocked: in the parent window of a storefront shown in a frame", () => {
    const parent = { location: { href: "https://dealer.example/" } };
    const win = fakeWindow(null, parent);
    expect(openBookingUrl(URL_OF_BOOKING, win)).toBe("parent");
    expect(parent.location.href).toBe(URL_OF_BOOKING);
  });

  it("blocked and not in a frame: in this window", () => {
    const win = fakeWindow(null);
    expect(openBookingUrl(URL_OF_BOOKING, win)).toBe("current");
    expect(win.location.assign).toHaveBeenCalledWith(URL_OF_BOOKING);
  });
});
