import { centsToDecimalString, estimateInsurancePremium, insuranceQuoteSchema, type BodyType, type Cents } from "@showroom/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { savedDeal, setDealership } from "../../test/deals.ts";
import { createStaffUser, staffSignIn } from "../../test/staff.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";
import { insuranceQuotes } from "./tables.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const answers = {
  driver_age_band: "35-49",
  years_licensed: 15,
  at_fault_claims: 0,
  postal_code: "M5V 3L9",
  liability_limit: 1_000_000,
  deductible: 1000,
};
const create = (orderId: number) => `/api/order/${orderId}/liberty_mutual_create_quote/`;
const save = (orderId: number) => `/api/order/${orderId}/liberty_mutual_save_quote/`;
const list = (orderId: number) => `/api/order/${orderId}/insurance-quotes/`;

async function vehicleOf(id: number) {
  const [row] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, id));
  return row!;
}

describe("insurance quotes of a deal", () => {
  it("rates the deal's vehicle with the estimator, lists it as quoted, saves it on the deal (quoted → saved)", async () => {
    const { shopper } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper);
    const created = await shopper.post(create(deal.id), answers);
    expect(created.statusCode, created.body).toBe(201);
    const quote = insuranceQuoteSchema.parse(created.json());

    // The premium is the domain estimator's for the vehicle's price, year and body type.
    const vehicle = await vehicleOf(deal.vehicle.id);
    const expected = estimateInsurancePremium({
      country: "CA",
      vehicleValue: (vehicle.priceCents ?? vehicle.msrpCents!) as Cents,
      modelYear: vehicle.year,
      bodyType: vehicle.bodyType as BodyType,
      quotedYear: new Date().getUTCFullYear(),
      driverAgeBand: "35-49",
      yearsLicensed: 15,
      atFaultClaims: 0,
      postalCode: "M5V 3L9",
      liabilityLimit: 1_000_000,
      deductible: 1000,
    });
    if (!expected.ok) throw new Error("not rated");
    expect(quote).toMatchObject({
      order: deal.id,
      provider: "estimate",
      status: "quoted",
      is_binding: false,
      currency: "CAD",
      region: "ON",
      yearly_premium: centsToDecimalString(expected.estimate.yearly),
      monthly_premium: centsToDecimalString(expected.estimate.monthly),
      saved_at: null,
    });

    const second = (await shopper.post(create(deal.id), { ...answers, deductible: 2500 })).json();
    expect(Number(second.yearly_premium)).toBeLessThan(Number(quote.yearly_premium));
    expect((await shopper.get(list(deal.id))).json().results.map((q: { id: number; status: string }) => [q.id, q.status])).toEqual([
      [quote.id, "quoted"],
      [second.id, "quoted"],
    ]);

    const saved = await shopper.post(save(deal.id), { quote: quote.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: quote.id, status: "saved" });
    expect((await shopper.get(`/api/order/${deal.id}/`)).json().insurance_quote).toMatchObject({ provider: "estimate", quote: { id: quote.id, status: "saved" } });

    // Saving another puts the first back to quoted: one saved quote per deal.
    await shopper.post(save(deal.id), { quote: second.id });
    const statuses = (await shopper.get(list(deal.id))).json().results.map((q: { status: string }) => q.status);
    expect(statuses).toEqual(["quoted", "saved"]);
    expect((await shopper.get(`/api/order/${deal.id}/`)).json().insurance_quote.quote.id).toBe(second.id);
  });

  it("answers 400 naming the field: a bad answer, a postal code of another country, a limit not offered, a quote of another deal", async () => {
    const { shopper } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...answers, driver_age_band: "12" }, "driver_age_band", "Choose the driver's age from the list."],
      [{ ...answers, years_licensed: -1 }, "years_licensed", "Enter the years licensed, from 0 to 80."],
      [{ ...answers, at_fault_claims: "many" }, "at_fault_claims", "Enter the at-fault claims of the last 6 years, from 0 to 10."],
      [{ ...answers, deductible: 750 }, "deductible", "Choose a deductible of 500, 1000 or 2500."],
      [{ ...answers, postal_code: "nowhere" }, "postal_code", "Enter a postal code like M5V 3L9 or a ZIP code like 14202."],
      [{ ...answers, postal_code: "14202" }, "postal_code", "Enter a postal code of the dealership's country, like M5V 3L9 or 14202."],
      [{ ...answers, liability_limit: 300_000 }, "liability_limit", "Choose a liability limit offered in the dealership's country."],
    ];
    for (const [body, field, message] of cases) {
      const response = await shopper.post(create(deal.id), body, { "accept-language": "en" });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()[field], field).toEqual([message]);
    }
    const french = await shopper.post(create(deal.id), { ...answers, deductible: 750 }, { "accept-language": "fr-CA" });
    expect(french.json().deductible).toEqual(["Choisissez une franchise de 500, 1000 ou 2500."]);

    const other = await registeredShopper(testApp);
    const otherDeal = await savedDeal(testApp, other.shopper);
    const theirs = (await other.shopper.post(create(otherDeal.id), answers)).json();
    const refused = await shopper.post(save(deal.id), { quote: theirs.id }, { "accept-language": "en" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().quote).toEqual(["Use the id of one of this deal's insurance quotes."]);
    expect((await shopper.post(save(deal.id), { quote: "x" })).json()).toHaveProperty("quote");
  });

  it("another customer's deal is missing (404); no customer is 403; a dealership without the module refuses (403)", async () => {
    const owner = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, owner.shopper);
    const stranger = await registeredShopper(testApp);
    for (const response of [
      await stranger.shopper.post(create(deal.id), answers),
      await stranger.shopper.get(list(deal.id)),
      await stranger.shopper.post(save(deal.id), { quote: 1 }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    // Another dealership does not see the deal either.
    const laval = await registeredShopper(testApp, "boulevard-laval");
    expect((await laval.shopper.post(create(deal.id), { ...answers, postal_code: "H7N 1A1" })).statusCode).toBe(404);

    const anonymous = client(testApp);
    await anonymous.get("/api/i18n/");
    expect((await anonymous.post(create(deal.id), answers)).statusCode).toBe(403);

    const row = (await import("../../test/deals.ts")).dealershipRow;
    const modules = (await row(testApp, "maple-auto")).moduleSettings.enabled_modules.filter((m) => m !== "insurance_quote");
    const restore = await setDealership(testApp, "maple-auto", {}, modules);
    try {
      const refused = await owner.shopper.post(create(deal.id), answers, { "accept-language": "en" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "insurance_quotes_disabled" });
    } finally {
      await restore();
    }
  });

  it("staff acting for the customer quote for them, and the quote names them; the dealership's factors apply", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper);
    const user = await createStaffUser(testApp, { role: "dealer_sales_manager" });
    const staff = await staffSignIn(testApp, "maple-auto", user.email);
    expect((await staff.post(create(deal.id), answers)).statusCode).toBe(403);
    expect((await staff.post(`/api/dealer/customers/${customer.id}/act/`)).statusCode).toBe(200);
    const before = (await staff.post(create(deal.id), answers)).json();
    const [row] = await testApp.database.db.select().from(insuranceQuotes).where(eq(insuranceQuotes.id, before.id));
    expect(row!.staffUserId).toBe(user.id);

    const restore = await setDealership(testApp, "maple-auto", { insurance_factors: { liabilityBase: { CA: { ON: 190_000 } } } });
    try {
      const tuned = (await staff.post(create(deal.id), answers)).json();
      expect(Number(tuned.liability_premium)).toBeCloseTo(Number(before.liability_premium) * 2, 1);
    } finally {
      await restore();
    }
  });
});
