import { cents, type PaymentType } from "@showroom/domain";
import { describe, expect, it } from "vitest";
import { paymentOption } from "../../testing/payment-option.ts";
import {
  calculatorReducer,
  chooseDefaultType,
  fieldErrorsFromBody,
  INITIAL_CALCULATOR_STATE,
  savedPaymentOf,
  settingsDiff,
  settingsOf,
  settingsToWire,
  sharedSettingsFor,
  unplacedErrors,
  tradeInKey,
  withCurrent,
  type CalculatorAction,
  type CalculatorState,
} from "./payment-calculator-logic.ts";

describe("choosing the payment type that opens", () => {
  const defaults = { new: "lease", used: "finance" } as const;

  it("opens the dealership's default for the vehicle's condition when that type answered", () => {
    expect(chooseDefaultType(["cash", "finance", "lease"], defaults, true)).toBe("lease");
    expect(chooseDefaultType(["cash", "finance", "lease"], defaults, false)).toBe("finance");
  });

  it("falls back to the first type that answered", () => {
    expect(chooseDefaultType(["cash", "finance"], defaults, true)).toBe("cash");
    expect(chooseDefaultType(["finance"], null, true)).toBe("finance");
    expect(chooseDefaultType([], defaults, true)).toBeNull();
  });
});

describe("settings changes", () => {
  it("ignores a change that changes nothing and keeps only what differs", () => {
    const current = settingsOf(paymentOption("finance", { down_payment: "2500.00" }));
    expect(current).toEqual({ payment_frequency: "biweekly", term: 60, down_payment: 250000, add_ons: "a:|i:|p:", trade_in: "0|0" });
    expect(settingsDiff(current, { term: 60, down_payment: cents(250000) })).toBeNull();
    expect(settingsDiff(current, { term: 72, payment_frequency: "biweekly" })).toEqual({ term: 72 });
  });

  it("carries the frequency and down payment to finance or lease, never a frequency the type lacks, nothing to cash", () => {
    const chosen = { payment_frequency: "weekly" as const, down_payment: cents(300000) };
    expect(sharedSettingsFor(paymentOption("lease"), chosen)).toEqual({ down_payment: 300000 });
    expect(sharedSettingsFor(paymentOption("lease"), { payment_frequency: "monthly" })).toEqual({ payment_frequency: "monthly" });
    expect(sharedSettingsFor(paymentOption("lease", { down_payment: "3000.00" }), chosen)).toBeNull();
    expect(sharedSettingsFor(paymentOption("cash"), chosen)).toBeNull();
  });

  it("sends the down payment as a dollars string", () => {
    expect(settingsToWire({ payment_frequency: "monthly", down_payment: cents(250000) })).toEqual({ payment_frequency: "monthly", down_payment: "2500.00" });
    expect(settingsToWire({ term: 48 })).toEqual({ term: 48 });
  });
});

describe("a refused quote", () => {
  it("maps a 400 body to one message per field", () => {
    expect(
      fieldErrorsFromBody({
        code: "pricing_refused",
        down_payment: ["The down payment can be at most $32,900.00 for this vehicle."],
        term: ["Choose a term the dealership offers: 36, 48 months.", "Second."],
        detail: "Plain string.",
        ignored: [42, ""],
      }),
    ).toEqual({
      down_payment: "The down payment can be at most $32,900.00 for this vehicle.",
      term: "Choose a term the dealership offers: 36, 48 months. Second.",
      detail: "Plain string.",
    });
  });

  it("is not a field error when the body is not an object of messages", () => {
    expect(fieldErrorsFromBody(null)).toBeNull();
    expect(fieldErrorsFromBody("Bad request")).toBeNull();
    expect(fieldErrorsFromBody(["x"])).toBeNull();
    expect(fieldErrorsFromBody({ down_payment: [] })).toBeNull();
    expect(fieldErrorsFromBody({ code: "pricing_refused" })).toBeNull();
  });
});

describe("a saved deal's payment", () => {
  it("reopens on its type, term, frequency, distance and down payment", () => {
    const payment = { payment_type: "lease", payment: "664.44", payment_frequency: "monthly", term: 48, rate: "4.99", down_payment: "3000.00", total_purchase_price: "54515.00", include_tax: true, distance_allowance: 20000 } as const;
    expect(savedPaymentOf(payment)).toEqual({ type: "lease", settings: { payment_frequency: "monthly", term: 48, distance_allowance: 20000, down_payment: cents(300_000) } });
    expect(savedPaymentOf({ ...payment, payment_type: "cash", payment_frequency: null, term: null, distance_allowance: undefined })).toEqual({ type: "cash", settings: { down_payment: cents(300_000) } });
    expect(savedPaymentOf(null)).toBeNull();
  });
});

describe("the calculator's state", () => {
  const run = (actions: CalculatorAction[], from: CalculatorState = INITIAL_CALCULATOR_STATE) => actions.reduce(calculatorReducer, from);
  const options = { cash: paymentOption("cash"), finance: paymentOption("finance"), lease: paymentOption("lease") };
  const answered: PaymentType[] = ["cash", "finance", "lease"];
  const ready = run([{ type: "loaded", options, answered, locked: false, active: "finance" }]);

  it("opens ready on the chosen type, locked when pricing is, unavailable when nothing answered or the quotes failed", () => {
    expect(ready).toMatchObject({ phase: "ready", active: "finance", answered });
    expect(run([{ type: "loaded", options: {}, answered: [], locked: true, active: null }]).phase).toBe("locked");
    expect(run([{ type: "loaded", options: {}, answered: [], locked: false, active: null }]).phase).toBe("unavailable");
    expect(run([{ type: "load-failed" }]).phase).toBe("unavailable");
    expect(run([{ type: "restart" }], ready)).toBe(INITIAL_CALCULATOR_STATE);
  });

  it("sends only what a change changes, with the settings still unanswered, and clears those fields' errors", () => {
    const refused = { ...ready, errors: { term: "No.", down_payment: "Too much." }, failed: true };
    expect(calculatorReducer(refused, { type: "change", paymentType: "finance", wanted: { term: 60 } })).toBe(refused);
    const first = calculatorReducer(refused, { type: "change", paymentType: "finance", wanted: { term: 72 } });
    expect(first.drafts.finance).toEqual({ term: 72 });
    expect(first.inFlight.finance).toBe(1);
    expect(first.errors).toEqual({ down_payment: "Too much." });
    expect(first.failed).toBe(false);
    const second = calculatorReducer(first, { type: "change", paymentType: "finance", wanted: { down_payment: cents(100_000) } });
    expect(second.drafts.finance).toEqual({ term: 72, down_payment: 100_000 });
    expect(second.inFlight.finance).toBe(2);
    expect(second.chosen).toEqual({ down_payment: 100_000 });
  });

  it("remembers the shared settings of finance and lease only, never of cash", () => {
    const cash = run([{ type: "activate", paymentType: "cash" }, { type: "change", paymentType: "cash", wanted: { down_payment: cents(50_000) } }], ready);
    expect(cash.chosen).toEqual({});
    const lease = run([{ type: "change", paymentType: "lease", wanted: { payment_frequency: "monthly", term: 48 } }], ready);
    expect(lease.chosen).toEqual({ payment_frequency: "monthly" });
  });

  it("takes the newest answer, drops a stale one, and shows a refusal's messages on the active type only", () => {
    const sent = run([{ type: "change", paymentType: "finance", wanted: { term: 72 } }], ready);
    const request = { term: 72 };
    const stale = calculatorReducer(sent, { type: "answered", paymentType: "finance", request, outcome: { status: "stale" } });
    expect(stale.inFlight.finance).toBe(0);
    expect(stale.drafts.finance).toEqual(request);
    const quoted = paymentOption("finance", { term: 72, payment: "180.00" });
    const ok = calculatorReducer(sent, { type: "answered", paymentType: "finance", request, outcome: { status: "ok", value: quoted } });
    expect(ok.options.finance).toBe(quoted);
    expect(ok.drafts.finance).toBeUndefined();
    const refused = calculatorReducer(sent, { type: "answered", paymentType: "finance", request, outcome: { status: "refused", fieldErrors: { term: "No." } } });
    expect(refused).toMatchObject({ errors: { term: "No." }, failed: false, options: { finance: options.finance } });
    const failed = calculatorReducer(sent, { type: "answered", paymentType: "finance", request, outcome: { status: "refused", fieldErrors: null } });
    expect(failed).toMatchObject({ errors: {}, failed: true });
    const elsewhere = run([{ type: "change", paymentType: "lease", wanted: { term: 36 } }], ready);
    const other = calculatorReducer(elsewhere, { type: "answered", paymentType: "lease", request: { term: 36 }, outcome: { status: "refused", fieldErrors: { term: "No." } } });
    expect(other.errors).toEqual({});
  });

  it("puts back the shared settings a refused change carried", () => {
    const sent = run([{ type: "change", paymentType: "finance", wanted: { payment_frequency: "monthly" } }], ready);
    expect(sent.chosen).toEqual({ payment_frequency: "monthly" });
    const refused = calculatorReducer(sent, { type: "answered", paymentType: "finance", request: { payment_frequency: "monthly" }, outcome: { status: "refused", fieldErrors: null } });
    expect(refused.chosen).toEqual({ payment_frequency: "biweekly" });
  });

  it("switches type with a clean slate of errors, and ignores a type that did not answer or is already shown", () => {
    const withErrors = { ...ready, errors: { term: "No." }, failed: true };
    expect(calculatorReducer(withErrors, { type: "activate", paymentType: "lease" })).toMatchObject({ active: "lease", errors: {}, failed: false });
    expect(calculatorReducer(withErrors, { type: "activate", paymentType: "finance" })).toBe(withErrors);
    const financeOnly = run([{ type: "loaded", options: { finance: options.finance }, answered: ["finance"], locked: false, active: "finance" }]);
    expect(calculatorReducer(financeOnly, { type: "activate", paymentType: "lease" })).toBe(financeOnly);
  });
});

describe("what the controls show", () => {
  it("lists under the controls only the refusals no control shows", () => {
    const errors = { term: "Bad term.", distance_allowance: "Bad distance.", detail: "Other." };
    expect(unplacedErrors(errors, paymentOption("finance"))).toEqual([["distance_allowance", "Bad distance."], ["detail", "Other."]]);
    expect(unplacedErrors(errors, paymentOption("lease"))).toEqual([["detail", "Other."]]);
    expect(unplacedErrors(errors, paymentOption("cash"))).toHaveLength(3);
  });

  it("offers the current value among the choices even when the dealership's list lacks it", () => {
    expect(withCurrent([36, 48, 60], 84)).toEqual([36, 48, 60, 84]);
    expect(withCurrent([60, 36], 36)).toEqual([36, 60]);
  });
});

describe("add-ons in the calculator's settings", () => {
  it("reads them from the option, sends them as the three lists, and carries them to every type", () => {
    const option = { ...paymentOption("cash", {}), accessories_prices: [{ id: 4, price: "500.00", price_recurring: null, installed: true }], protections_prices: [{ id: 9, price: "1000.00", price_recurring: null, price_entry: 1 }] };
    expect(settingsOf(option).add_ons).toBe("a:4|i:4|p:9");
    expect(settingsToWire({ term: 60, add_ons: "a:4,5|i:4|p:" })).toEqual({ term: 60, accessories: [4, 5], install_accessories_ids: [4], protections: [] });
    // Cash takes no frequency or down payment from finance, but it takes the add-ons.
    expect(sharedSettingsFor(paymentOption("cash", {}), { payment_frequency: "weekly", add_ons: "a:4|i:|p:" })).toEqual({ add_ons: "a:4|i:|p:" });
    expect(sharedSettingsFor(option, { add_ons: "a:4|i:4|p:9" })).toBeNull();
  });

  it("remembers add-ons chosen on one type, and forgets them when the quote refuses them", () => {
    const loaded = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: "loaded", options: { finance: paymentOption("finance", {}) }, answered: ["finance"], locked: false, active: "finance" });
    const sent = calculatorReducer(loaded, { type: "change", paymentType: "finance", wanted: { add_ons: "a:7|i:|p:" } });
    expect(sent.chosen.add_ons).toBe("a:7|i:|p:");
    const refused = calculatorReducer(sent, { type: "answered", paymentType: "finance", request: sent.drafts.finance!, outcome: { status: "refused", fieldErrors: { accessories: "This accessory is not offered for this vehicle." } } });
    expect(refused.chosen.add_ons).toBe("a:|i:|p:");
    expect(refused.errors).toEqual({ accessories: "This accessory is not offered for this vehicle." });
  });
});

describe("the trade-in in the calculator's settings", () => {
  it("reads its credit and owing from the option, sends them in dollars, and carries them to every type", () => {
    const option = { ...paymentOption("finance", {}), trade_in_credit: "12500.00", trade_in_owing: "3000.00" };
    expect(tradeInKey({ credit: "12500", owing: "3000.00" })).toBe("1250000|300000");
    expect(tradeInKey(null)).toBe("0|0");
    expect(settingsOf(option).trade_in).toBe("1250000|300000");
    expect(settingsToWire({ trade_in: "1250000|300000" })).toEqual({ trade_in_credit: "12500.00", trade_in_owing: "3000.00" });
    // Cash takes the trade-in too; an option already priced with it needs no change.
    expect(sharedSettingsFor(paymentOption("cash", {}), { trade_in: "1250000|300000" })).toEqual({ trade_in: "1250000|300000" });
    expect(sharedSettingsFor(option, { trade_in: "1250000|300000" })).toBeNull();
  });

  it("remembers the trade-in sent on one type, and forgets it when the quote refuses it", () => {
    const loaded = calculatorReducer(INITIAL_CALCULATOR_STATE, { type: "loaded", options: { finance: paymentOption("finance", {}) }, answered: ["finance"], locked: false, active: "finance" });
    const sent = calculatorReducer(loaded, { type: "change", paymentType: "finance", wanted: { trade_in: "1250000|300000" } });
    expect(sent.chosen.trade_in).toBe("1250000|300000");
    expect(sent.drafts.finance).toEqual({ trade_in: "1250000|300000" });
    const refused = calculatorReducer(sent, { type: "answered", paymentType: "finance", request: sent.drafts.finance!, outcome: { status: "refused", fieldErrors: null } });
    expect(refused.chosen.trade_in).toBe("0|0");
  });
});
