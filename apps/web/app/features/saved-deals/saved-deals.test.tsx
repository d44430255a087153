import { ORDER_STATUSES, type Order } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { order } from "../../testing/fixtures.ts";
import { captureCampaign } from "./campaign-capture.ts";
import { DealCard } from "./deal-card.tsx";
import { dealTitle, paymentLines, statusLabel } from "./deal-labels.ts";
import { STEP_STATUSES_KEY, storedCampaign, storedStepStatuses } from "./deal-storage.ts";
import { refusalMessage } from "./delete-deal-modal.tsx";
import { findSavedDeal } from "./find-saved-deal.ts";
import type { OrdersApi } from "./orders-api.ts";
import { orderPayload, saveDeal } from "./save-deal.ts";

const en = translator(catalogues.en);
const fr = translator(catalogues.fr);
const NBSP = "\u00a0";
const http = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });
const rav4 = { vin: "2T3P1RFV5RW000001", stock_number: "M1203", model_code: "RAV4-XLE", year: 2025, make: "Toyota", model: "RAV4", trim: "XLE" };
const page = (results: Order[], next: string | null = null) => ({ count: results.length, next, previous: null, results });

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
function stubWindow() {
  const window = { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() };
  vi.stubGlobal("window", window);
  return window;
}
afterEach(() => vi.unstubAllGlobals());

function fakeOrders(overrides: Partial<OrdersApi> = {}): OrdersApi {
  return {
    list: vi.fn(async () => page([])),
    create: vi.fn(async () => order()),
    update: vi.fn(async () => order()),
    checkDelete: vi.fn(async () => ({ can_delete: true as const })),
    remove: vi.fn(async () => null),
    activity: vi.fn(async () => ({ count: 0, next: null, results: [] })),
    ...overrides,
  };
}

describe("finding the shopper's deal for a vehicle", () => {
  it("reads page after page until a deal matches (VIN first), and stops at the last page", async () => {
    const other = order({ id: 1 }, { vin: "1HGCM82633A004352", stock_number: "X1" });
    const mine = order({ id: 2 });
    const list = vi.fn(async (p: number) => (p === 1 ? page([other], "next") : page([mine])));
    expect((await findSavedDeal(list, rav4))?.id).toBe(2);
    expect(list).toHaveBeenCalledTimes(2);
    const none = vi.fn(async () => page([other]));
    expect(await findSavedDeal(none, rav4)).toBeNull();
    expect(none).toHaveBeenCalledTimes(1);
  });

  it("a different VIN of the same model is another vehicle", async () => {
    const sameModel = order({}, { vin: "2T3P1RFV5RW000999" });
    expect(await findSavedDeal(async () => page([sameModel]), rav4)).toBeNull();
  });
});

describe("the creation payload", () => {
  it("carries the calculator's payment, where the shopper came from, the campaign and the steps kept in the browser", () => {
    const window = stubWindow();
    captureCampaign(new URLSearchParams("utm_source=news&utm_campaign=spring&gclid=G1&other=x"), "https://shop.example/en/maple-auto/search/?utm_source=news", "https://news.example/");
    window.localStorage.setItem(STEP_STATUSES_KEY, JSON.stringify({ "trade-in": 1, deposit: 3, bogus: 1, appointment: 9 }));
    const payload = orderPayload({
      vehicle: 1203,
      selection: { payment_type: "lease", payment_option: "0123456789abcdef01234567" },
      postalCode: "M5V 3L9",
      sourceSlug: "vdp",
      location: { href: "https://shop.example/en/maple-auto/details/1203/?content=hero", search: "?content=hero" },
      referrer: "https://shop.example/en/maple-auto/search/",
    });
    expect(payload).toEqual({
      vehicle: 1203,
      payment_type: "lease",
      payment_option: "0123456789abcdef01234567",
      postal_code: "M5V 3L9",
      source_slug: "vdp",
      analytics: { source_document_url: "https://shop.example/en/maple-auto/details/1203/?content=hero", referrer: "https://shop.example/en/maple-auto/search/" },
      campaign: {
        utm_source: "news",
        utm_campaign: "spring",
        gclid: "G1",
        entry_point: "https://shop.example/en/maple-auto/search/?utm_source=news",
        referrer: "https://news.example/",
      },
      url_params: { content: "hero" },
      step_statuses: { "trade-in": 1, deposit: 3 },
    });
  });

  it("without a payment shown, the deal is saved without one", () => {
    stubWindow();
    const payload = orderPayload({ vehicle: 5, selection: null, postalCode: null, sourceSlug: "vdp", location: { href: "https://s.example/", search: "" }, referrer: "" });
    expect(payload).toEqual({ vehicle: 5, source_slug: "vdp", analytics: { source_document_url: "https://s.example/" }, campaign: {}, url_params: {}, step_statuses: {} });
    expect(storedCampaign()).toEqual({});
    expect(storedStepStatuses()).toEqual({});
  });
});

describe("saving a deal", () => {
  const payload = () => ({ vehicle: 1203 });

  it("a signed-in shopper's deal is created, and the steps kept in the browser are cleared after", async () => {
    const window = stubWindow();
    window.localStorage.setItem(STEP_STATUSES_KEY, '{"trade-in":1}');
    const api = fakeOrders();
    const signIn = vi.fn();
    expect(await saveDeal({ signedIn: true, signIn, api, vehicle: rav4, payload })).toEqual({ status: "saved", order: order(), created: true });
    expect(api.create).toHaveBeenCalledWith({ vehicle: 1203 });
    expect(signIn).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STEP_STATUSES_KEY)).toBeNull();
  });

  it("an anonymous shopper signs in first; giving up saves nothing", async () => {
    stubWindow();
    const api = fakeOrders();
    expect(await saveDeal({ signedIn: false, signIn: async () => "cancelled", api, vehicle: rav4, payload })).toEqual({ status: "cancelled" });
    expect(api.create).not.toHaveBeenCalled();
    const created = fakeOrders();
    expect((await saveDeal({ signedIn: false, signIn: async () => "new", api: created, vehicle: rav4, payload })).status).toBe("saved");
    expect(created.list).not.toHaveBeenCalled();
    expect(created.create).toHaveBeenCalled();
  });

  it("a shopper back in their account who saved this vehicle before gets that deal, not a second one", async () => {
    stubWindow();
    const existing = order({ id: 9 });
    const api = fakeOrders({ list: vi.fn(async () => page([existing])) });
    expect(await saveDeal({ signedIn: false, signIn: async () => "existing", api, vehicle: rav4, payload })).toEqual({ status: "saved", order: existing, created: false });
    expect(api.create).not.toHaveBeenCalled();
  });

  it("a build is saved onto the shopper's deal for the vehicle, with the payment, instead of a second deal", async () => {
    stubWindow();
    const existing = order({ id: 9 });
    const updated = order({ id: 9, build_state: "b".repeat(43) });
    const api = fakeOrders({ update: vi.fn(async () => updated) });
    const withBuild = () => ({ vehicle: 1203, build_state: "b".repeat(43), payment_type: "finance" as const, payment_option: "0123456789abcdef01234567" });
    expect(await saveDeal({ signedIn: true, signIn: vi.fn(), api, vehicle: rav4, payload: withBuild, existing })).toEqual({ status: "saved", order: updated, created: false });
    expect(api.update).toHaveBeenCalledWith(9, { build_state: "b".repeat(43), payment_type: "finance", payment_option: "0123456789abcdef01234567" });
    expect(api.create).not.toHaveBeenCalled();

    const afterSignIn = fakeOrders({ list: vi.fn(async () => page([existing])), update: vi.fn(async () => updated) });
    expect((await saveDeal({ signedIn: false, signIn: async () => "existing", api: afterSignIn, vehicle: rav4, payload: withBuild })).status).toBe("saved");
    expect(afterSignIn.update).toHaveBeenCalledWith(9, expect.objectContaining({ build_state: "b".repeat(43) }));
  });

  it("a refusal gives the API's messages, field ones included", async () => {
    stubWindow();
    const api = fakeOrders({ create: vi.fn(async () => Promise.reject(http(400, { payment_option: ["Please select a valid choice."], non_field_errors: ["Vehicle unavailable."] }))) });
    expect(await saveDeal({ signedIn: true, signIn: vi.fn(), api, vehicle: rav4, payload })).toEqual({
      status: "failed",
      messages: ["Please select a valid choice.", "Vehicle unavailable."],
    });
    const down = fakeOrders({ create: vi.fn(async () => Promise.reject(new ApiRequestError({ kind: "network" }))) });
    expect(await saveDeal({ signedIn: true, signIn: vi.fn(), api: down, vehicle: rav4, payload })).toEqual({ status: "failed", messages: [] });
  });
});

describe("a saved deal in words", () => {
  it("the chosen payment, its frequency, type and term, in English and French", () => {
    expect(paymentLines(order(), en, { locale: "en-ca", currency: "cad" })).toEqual({ amount: "$215.34 biweekly", detail: "Finance · 60 months" });
    expect(paymentLines(order(), fr, { locale: "fr-ca", currency: "cad" })).toEqual({
      amount: `215,34${NBSP}$ aux deux semaines`,
      detail: `Financement · 60${NBSP}mois`,
    });
    const cash = order({ payment: { ...order().payment!, payment_type: "cash", payment: "38412.50", payment_frequency: null, term: null } });
    expect(paymentLines(cash, en, { locale: "en-ca", currency: "cad" })).toEqual({ amount: "$38,412.50", detail: "Cash purchase" });
    expect(paymentLines(order({ payment: null }), en, { locale: "en-ca", currency: "cad" })).toEqual({ amount: null, detail: "No payment chosen" });
  });

  it("the French title for French shoppers, and a label for every order status in both languages", () => {
    expect(dealTitle(order(), "fr-ca")).toBe("Toyota RAV4 XLE 2025");
    expect(dealTitle(order(), "en-us")).toBe("2025 Toyota RAV4 XLE");
    for (const status of ORDER_STATUSES) {
      expect(statusLabel(order({ status }), en)).not.toMatch(/^deal\./);
      expect(statusLabel(order({ status }), fr)).not.toMatch(/^deal\./);
    }
  });
});

describe("the deal card", () => {
  it("shows the vehicle, the payment, the progress as a progress bar with its status, the date, and its actions", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <DealCard order={order({ status: "awaiting-dealer" })} t={en} locale="en-ca" currency="cad" detailsHref="/en/maple-auto/details/1203/" placeholderImage={null} onDelete={vi.fn()} />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain(">2025 Toyota RAV4 XLE</h2>");
    expect(html).toContain("VIN 2T3P1RFV5RW000001 · Stock M1203");
    expect(html).toContain("$215.34 biweekly");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemin="0" aria-valuemax="100" aria-valuenow="25" aria-valuetext="25% — Waiting for the dealership"/);
    expect(html).toContain("Saved on 01/10/2026");
    expect(html).toContain('href="/en/maple-auto/details/1203/"');
    expect(html).toContain('aria-label="Delete the saved deal for 2025 Toyota RAV4 XLE"');
    expect(html).not.toContain("No longer available");
  });
});

describe("the deal card's appointment and documents", () => {
  const html = (overrides: Partial<Order>, t = en) => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <DealCard order={order(overrides)} t={t} locale="en-ca" currency="cad" detailsHref="/" placeholderImage={null} onDelete={vi.fn()} />
        ),
      },
    ]);
    return renderToStaticMarkup(<Stub />);
  };
  const when = "Tuesday, November 24, 2026 at 10:30 a.m. EST";

  it("says the appointment is requested until the dealership confirms it (the step's 2, then 1)", () => {
    const requested = { proposed_appointment: "2026-11-24T10:30:00-05:00", proposed_appointment_formatted: when, step_statuses: { appointment: 2 as const } };
    expect(html(requested)).toContain(`Appointment requested: ${when}`);
    expect(html({ ...requested, step_statuses: { appointment: 1 } })).toContain(`Appointment confirmed: ${when}`);
    expect(html(requested, fr)).toContain(`Rendez-vous demandé : ${when}`);
    expect(html({})).not.toContain("Appointment");
  });

  it("says where the documents stand (the file upload step: 3 in progress, 1 completed)", () => {
    expect(html({ step_statuses: { "file-upload": 3 } })).toContain("Documents: in progress");
    expect(html({ step_statuses: { "file-upload": 1 } })).toContain("Documents: all sent");
    expect(html({})).not.toContain("Documents:");
  });
});

describe("a refused deletion", () => {
  it("shows the API's message, else the catalogue's for its code", () => {
    expect(refusalMessage({ non_field_errors: ["Un dépôt a été payé."], code: "order_delete_deposit_paid" }, fr)).toBe("Un dépôt a été payé.");
    expect(refusalMessage({ code: "order_delete_quote_pending" }, en)).toBe("This deal can’t be deleted while your personalized quote request is pending.");
    expect(refusalMessage(null, en)).toBe("Unable to delete order");
  });
});
