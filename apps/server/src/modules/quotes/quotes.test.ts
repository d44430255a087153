import { quoteFlowSchema, quoteSchema } from "@showroom/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { savedDeal, staffAt } from "../../test/deals.ts";
import { client, createTestApp, LONG_SESSIONS, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";

let testApp: TestApp;
const DAY_MS = 86_400_000;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await createTestApp(LONG_SESSIONS);
});
afterAll(async () => {
  await testApp?.close();
});

const DEALER = "/api/dealer/praq";
const CUSTOMER = "/api/customer/praq";
const option = (overrides: Record<string, unknown> = {}) => ({ payment_type: "finance", term: 60, down_payment: "2000", payment_frequency: "monthly", ...overrides });

async function dealWithFlow(offset: number) {
  const { shopper, customer, email } = await registeredShopper(testApp);
  const deal = await savedDeal(testApp, shopper, "maple-auto", offset, { inStock: true });
  const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
  const opened = await rep.post(`${DEALER}/flow/`, { order: deal.id });
  expect(opened.statusCode, opened.body).toBe(201);
  return { shopper, customer, email, deal, rep, flow: quoteFlowSchema.parse(opened.json()) };
}

async function addOption(staff: Browser, flowId: number, body: Record<string, unknown>) {
  const added = await staff.post(`${DEALER}/flow/${flowId}/quotes/`, body);
  expect(added.statusCode, added.body).toBe(201);
  return quoteSchema.parse(added.json());
}

describe("staff prepare and send a personalized quote", () => {
  it("three options priced by the pricing engine, a fourth refused; sent by email with a link its token opens", async () => {
    const { shopper, customer, email, deal, rep, flow } = await dealWithFlow(0);
    const first = await addOption(rep, flow.id, option());
    const second = await addOption(rep, flow.id, option({ term: 72, interest_rate: "1.99", rebates: [{ name: "Loyalty", amount: 1000 }] }));
    const third = await addOption(rep, flow.id, option({ payment_type: "cash", term: null, custom_fees: [{ name: "Winter tires", amount: "1200.00", taxable: true }], custom_discounts: [{ name: "Manager's discount", amount: 500 }] }));
    expect([first.position, second.position, third.position]).toEqual([1, 2, 3]);
    expect(second.option).toMatchObject({ rate: "1.99", term: 72 });
    expect(second.savings).toBe("1000.00");
    expect(third.option?.payment_type).toBe("cash");
    const fourth = await rep.post(`${DEALER}/flow/${flow.id}/quotes/`, option());
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({ code: "max_quotes_reached", non_field_errors: ["A quote has at most 3 options. Remove one to add another."] });

    // The plain option is the storefront's payment for the same settings (the pricing call).
    const storefront = await shopper.post("/api/payment-type/finance/pricing/", { inventory: deal.vehicle.id, term: 60, down_payment: 2000, payment_frequency: "monthly" });
    expect(storefront.statusCode, storefront.body).toBe(200);
    expect(first.option?.payment).toBe(storefront.json().payment);
    expect(first.option?.total_purchase_price).toBe(storefront.json().total_purchase_price);
    // Ontario: the APR, term, cash price and cost of borrowing as prominent as the payment.
    expect(first.disclosures.filter((d) => d.emphasis === "primary").map((d) => d.key)).toEqual(expect.arrayContaining(["apr", "term", "cash_price", "cost_of_borrowing"]));

    // Not visible to the shopper before it is sent.
    expect((await shopper.get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).statusCode).toBe(404);
    const sent = await rep.post(`${DEALER}/quotes_submitted_events/`, { praq_flow: flow.id, message: "As discussed on the phone." });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ is_active: true, n_quotes: 3, is_max_number_of_quotes_reached: true });
    expect(sent.json().quote_expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mail = await lastEmailTo(testApp, email);
    expect(mail?.subject).toMatch(/^Your personalized quote for the /);
    expect(mail?.text).toContain("As discussed on the phone.");
    // The quote goes along as a PDF with its fonts embedded; the page offers the same file.
    const attached = (mail as { attachment?: { filename: string; contentBase64: string } }).attachment;
    expect(attached?.filename).toBe(`quote-${flow.id}.pdf`);
    const attachedPdf = Buffer.from(attached!.contentBase64, "base64");
    expect(attachedPdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(attachedPdf.toString("latin1")).toMatch(/\/FontFile2/);
    expect(attachedPdf.toString("latin1")).toContain("DejaVuSans");
    const link = /(\/en\/maple-auto\/quotes\/\d+\/\?token=[\w-]+)/.exec(mail!.text)![1]!;
    const token = new URL(`http://x${link}`).searchParams.get("token")!;

    // Staff previewing it while acting for the customer do not mark it viewed.
    const acting = await staffAt(testApp, "sales-manager@maple-auto.example");
    expect((await acting.post(`/api/dealer/customers/${customer.id}/act/`)).statusCode).toBe(200);
    expect((await acting.get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).json().viewed_at).toBeNull();

    // The emailed link reads the quote before sign-in; a wrong token does not.
    const visitor = client(testApp);
    const read = await visitor.get(`${CUSTOMER}/flow/${flow.id}/quotes/?token=${token}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().results.map((q: { status: string }) => q.status)).toEqual(["active", "active", "active"]);
    expect((await visitor.get(`${CUSTOMER}/flow/${flow.id}/quotes/?token=${"x".repeat(32)}`)).statusCode).toBe(403);
    const pdf = await visitor.get(`${CUSTOMER}/flow/${flow.id}/pdf/?token=${token}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="quote-${flow.id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await rep.get(`${DEALER}/flow/${flow.id}/pdf/`)).statusCode).toBe(200);
    expect((await shopper.get(`${DEALER}/flow/${flow.id}/pdf/`)).statusCode).toBe(403);
    // Reading it marks it viewed for the workspace.
    const dealState = async () => (await rep.get(`/api/dealer/customers/${customer.id}/`)).json().deals.find((d: { id: number }) => d.id === deal.id).quote_state;
    expect(await dealState()).toBe("viewed_by_customer");

    // The shopper prefers one, then reserves another; the others read as rejected, and nothing else can be reserved.
    expect((await shopper.post(`${CUSTOMER}/primary_quote_set_events/`, { quote: second.id })).json().primary_quote).toBe(second.id);
    const reserved = await shopper.post(`${CUSTOMER}/quotes/${first.id}/reserve/`);
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json().results.map((q: { status: string }) => q.status)).toEqual(["reserved", "previously rejected", "previously rejected"]);
    const again = await shopper.post(`${CUSTOMER}/quotes/${second.id}/reserve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "quote_already_reserved" });
    expect(await dealState()).toBe("reserved");
    // The shopper's what-if on a sent option changes nothing; resetting the deal to the reserved option makes it the deal's terms.
    const whatIf = await shopper.post(`${CUSTOMER}/${first.id}/difference/`, { down_payment: 5000 });
    expect(whatIf.statusCode, whatIf.body).toBe(200);
    expect(Number(whatIf.json().after.payment)).toBeLessThan(Number(whatIf.json().before.payment));
    expect((await shopper.post(`${CUSTOMER}/${first.id}/difference/`, { interest_rate: "0" })).statusCode).toBe(400);
    expect((await shopper.post(`${CUSTOMER}/${second.id}/reset/`)).json().code).toBe("quote_already_reserved");
    const applied = await shopper.post(`${CUSTOMER}/${first.id}/reset/`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().results[0]).toMatchObject({ status: "applied", applied: true });
    const order = (await shopper.get(`/api/order/${deal.id}/`)).json();
    expect(order).toMatchObject({ order_type: "quote", payment_type: "finance", payment: { payment: first.option!.payment, term: 60 } });
    expect((await rep.request("PATCH", `${DEALER}/${first.id}/`, { body: { term: 48 } })).statusCode).toBe(409);
  });

  it("an option with a rate, rebates, fees and discounts of its own is the engine's payment for those inputs, and names a bad field", async () => {
    const { rep, flow } = await dealWithFlow(1);
    const bad = await rep.post(`${DEALER}/flow/${flow.id}/quotes/`, option({ interest_rate: "45", rebates: [{ name: "", amount: "x" }] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(["interest_rate", "rebates.0.amount", "rebates.0.name"]);
    const unknownTerm = await addOption(rep, flow.id, option({ term: 61 }));
    expect(unknownTerm.option).toBeNull();
    expect(unknownTerm.pricing_errors["term"]).toHaveLength(1);
    // The builder's live figures: a change priced without saving it.
    const preview = await rep.post(`${DEALER}/${unknownTerm.id}/difference/`, { term: 48 });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ before: { payment: null }, quote: { term: 48 } });
    expect(preview.json().after.payment).toMatch(/^\d+\.\d{2}$/);
    expect((await rep.get(`${DEALER}/flow/${flow.id}/quotes/`)).json().results[0].term).toBe(61);
    const fixed = await rep.request("PATCH", `${DEALER}/${unknownTerm.id}/`, { body: { term: 48 } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().option.term).toBe(48);
    expect(fixed.json().pricing_errors).toEqual({});
    // Staff cannot make it the deal's terms before the quote is sent.
    expect((await rep.post(`${DEALER}/${unknownTerm.id}/reset/`)).json().code).toBe("quote_not_active");
    expect((await rep.request("DELETE", `${DEALER}/${unknownTerm.id}/`)).statusCode).toBe(204);
    expect((await rep.get(`${DEALER}/flow/${flow.id}/quotes/`)).json().n_quotes).toBe(0);
    const empty = await rep.post(`${DEALER}/quotes_submitted_events/`, { praq_flow: flow.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("quote_has_no_options");
  });
});

describe("a deal's add-ons", () => {
  it("an option is priced with the deal's accessory and protection plans, as the storefront prices the deal", async () => {
    const { shopper, rep, flow, deal } = await dealWithFlow(6);
    const [accessory] = (await shopper.get(`/api/accessories/?vehicle=${deal.vehicle.id}`)).json().results;
    const [plan] = (await shopper.get(`/api/protection-plans/?vehicle=${deal.vehicle.id}`)).json().results;
    const patched = await shopper.request("PATCH", `/api/order/${deal.id}/`, { body: { accessory_ids: [accessory.id], protection_ids: [plan.id] } });
    expect(patched.statusCode, patched.body).toBe(200);
    const quote = await addOption(rep, flow.id, option());
    expect(quote.protection_plan_prices.map((p) => p.id)).toEqual([plan.id]);
    expect(quote.option?.accessories_prices.map((a) => a.id)).toEqual([accessory.id]);
    const storefront = await shopper.post("/api/payment-type/finance/pricing/", { inventory: deal.vehicle.id, order: deal.id, term: 60, down_payment: 2000, payment_frequency: "monthly" });
    expect(storefront.statusCode, storefront.body).toBe(200);
    expect(quote.option?.payment).toBe(storefront.json().payment);
    expect(quote.protection_plan_prices[0]!.price).toBe(storefront.json().protections_prices[0].price);
  });
});

describe("reserving", () => {
  it("an expired quote cannot be reserved (clock moved past its last day)", async () => {
    const { shopper, rep, flow } = await dealWithFlow(2);
    const quote = await addOption(rep, flow.id, option());
    expect((await rep.request("PATCH", `${DEALER}/flow/${flow.id}/update_quote_expiry/`, { body: { quote_expiry: "2020-01-01" } })).json()).toMatchObject({ quote_expiry: ["Choose today or a later day."] });
    await rep.post(`${DEALER}/flow/${flow.id}/activate/`);
    testApp.clock.advance(9 * DAY_MS);
    const read = await shopper.get(`${CUSTOMER}/flow/${flow.id}/quotes/`);
    expect(read.json()).toMatchObject({ is_expired: true, can_request_new: true });
    expect(read.json().results[0].status).toBe("expired");
    const refused = await shopper.post(`${CUSTOMER}/quotes/${quote.id}/reserve/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "quote_expired", detail: "This quote has expired. Ask the dealership for a new one." });
  });

  it("a quote whose vehicle was sold shows it unavailable and cannot be reserved", async () => {
    const { shopper, rep, flow, deal } = await dealWithFlow(3);
    const quote = await addOption(rep, flow.id, option());
    await rep.post(`${DEALER}/quotes_submitted_events/`, { praq_flow: flow.id });
    await testApp.database.db.update(vehicles).set({ available: false }).where(eq(vehicles.id, deal.vehicle.id));
    const read = await shopper.get(`${CUSTOMER}/flow/${flow.id}/quotes/`);
    expect(read.json()).toMatchObject({ quotes_with_available_vehicle_count: 0, vehicle: { is_available: false } });
    const refused = await shopper.post(`${CUSTOMER}/quotes/${quote.id}/reserve/`);
    expect(refused.json()).toMatchObject({ code: "quote_vehicle_unavailable", detail: "The vehicle on this quote is no longer available." });
    await testApp.database.db.update(vehicles).set({ available: true }).where(eq(vehicles.id, deal.vehicle.id));
  });
});

describe("who may call what", () => {
  it("the shopper asks for a quote once; staff answer that request; a pending request blocks deleting the deal", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper, "maple-auto", 4, { inStock: true });
    const asked = await shopper.post(`${CUSTOMER}/`, { order_id: deal.id, user_options: { message: "Best price with 72 months?" } });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ requested_at: expect.any(String), request_message: "Best price with 72 months?", n_quotes: 0, can_request_new: false });
    expect((await shopper.post(`${CUSTOMER}/`, { order_id: deal.id })).json().code).toBe("quote_request_pending");
    expect((await shopper.request("DELETE", `/api/order/${deal.id}/`)).statusCode).toBe(400);
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    const opened = await manager.post(`${DEALER}/flow/`, { order: deal.id });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().id).toBe(asked.json().id);
    expect((await manager.get(`${DEALER}/flows/?order=${deal.id}`)).json().results).toHaveLength(1);
    expect((await shopper.get(`${CUSTOMER}/flows/?order=${deal.id}`)).json().results[0].results).toEqual([]);
    expect(customer.id).toBeGreaterThan(0);
  });

  it("customer and dealer paths refuse the other role; another customer's or dealership's quote is not found", async () => {
    const { shopper, rep, flow } = await dealWithFlow(5);
    const quote = await addOption(rep, flow.id, option());
    await rep.post(`${DEALER}/flow/${flow.id}/activate/`);
    // The shopper on the dealer path.
    expect((await shopper.get(`${DEALER}/flow/${flow.id}/quotes/`)).statusCode).toBe(403);
    expect((await shopper.post(`${DEALER}/flow/${flow.id}/quotes/`, option())).statusCode).toBe(403);
    expect((await shopper.request("PATCH", `${DEALER}/${quote.id}/`, { body: { term: 48 } })).statusCode).toBe(403);
    // Staff (not acting for a customer) on the customer path.
    expect((await rep.get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).statusCode).toBe(403);
    expect((await rep.post(`${CUSTOMER}/quotes/${quote.id}/reserve/`)).statusCode).toBe(403);
    // The organization assistant reads but does not prepare.
    const assistant = await staffAt(testApp, "org-assistant@maple-group.example");
    expect((await assistant.get(`${DEALER}/flow/${flow.id}/quotes/`)).statusCode).toBe(200);
    expect((await assistant.post(`${DEALER}/flow/${flow.id}/quotes/`, option())).statusCode).toBe(403);
    // Another customer, another dealership, a visitor.
    const other = await registeredShopper(testApp);
    expect((await other.shopper.get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).statusCode).toBe(404);
    expect((await other.shopper.post(`${CUSTOMER}/quotes/${quote.id}/reserve/`)).statusCode).toBe(404);
    const laval = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await laval.get(`${DEALER}/flow/${flow.id}/quotes/`)).statusCode).toBe(404);
    expect((await laval.request("PATCH", `${DEALER}/${quote.id}/`, { body: { term: 48 } })).statusCode).toBe(404);
    expect((await client(testApp).get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).statusCode).toBe(403);
    // Nothing was changed by the refusals.
    expect((await shopper.get(`${CUSTOMER}/flow/${flow.id}/quotes/`)).json().results[0].term).toBe(60);
  });
});
