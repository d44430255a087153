import { tradeInSchema, type TradeInWire } from "@showroom/domain";
import { adfStructureProblems } from "@showroom/domain/notifications/adf-structure";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { dealershipRow, multipart, savedDeal, sendRaw, setDealership, staffAt } from "../../test/deals.ts";
import { client, createTestApp, ORIGIN, type TestApp } from "../../test/test-app.ts";
import { workflowRuns } from "../../workflows/runner/tables.ts";
import { outbox } from "../notifications/tables.ts";
import { tradeInPhotos } from "./tables.ts";

let testApp: TestApp;
const DAY_MS = 86_400_000;

type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  // Offers last days: sessions last longer here, so moving the clock a day leaves everyone signed in.
  testApp = await createTestApp({
    signInLimitPer15Minutes: 10_000,
    rateLimitPerMinute: 100_000,
    sessionIdleMs: 10 * DAY_MS,
    sessionAbsoluteMs: 20 * DAY_MS,
    staffSessionIdleMs: 10 * DAY_MS,
    staffSessionAbsoluteMs: 20 * DAY_MS,
  });
});
afterAll(async () => {
  await testApp?.close();
});

const wire = (body: unknown) => tradeInSchema.parse(body);

async function startTradeIn(shopper: Browser, body: Record<string, unknown> = {}): Promise<TradeInWire> {
  const response = await shopper.post("/api/trade-in/", body);
  expect(response.statusCode, response.body).toBe(201);
  return wire(response.json());
}

const noAnswers = {
  involved_in_accident: false,
  accident_areas: [],
  paint_work_performed: false,
  paint_areas: [],
  repairs_other_than_maintainence: false,
  has_unexpired_protection_coverage: false,
  has_windshield_damage: false,
  export_import_usa: false,
  making_active_payments: false,
};

/** A vehicle of the valuation catalogue: the first make, model, trim and style of a year, through the cascade call. */
async function catalogueVehicle(shopper: Browser, year: number) {
  const level = async (query: string) => {
    const response = await shopper.get(`/api/trade-in/vehicle-catalogue/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ level: string; values: string[] }>();
  };
  const make = (await level(`year=${year}`)).values[0]!;
  const model = (await level(`year=${year}&make=${encodeURIComponent(make)}`)).values[0]!;
  const trim = (await level(`year=${year}&make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}`)).values[0]!;
  const styles = await level(`year=${year}&make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}&trim=${encodeURIComponent(trim)}`);
  expect(styles.level).toBe("style");
  return { year, make, model, trim, style: styles.values[0]! };
}

async function describeVehicle(shopper: Browser, id: number, year = 2020, extra: Record<string, unknown> = {}) {
  const vehicle = await catalogueVehicle(shopper, year);
  const response = await shopper.request("PATCH", `/api/trade-in/${id}/submit_vehicle_information/`, {
    body: { ...vehicle, odometer: 60_000, financing: null, ...extra, answers: { ...noAnswers, ...((extra.answers as object | undefined) ?? {}) } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return wire(response.json());
}

const submit = (shopper: Browser, id: number, body: Record<string, unknown> = {}, kind = "submit_tradein") =>
  shopper.request("PUT", `/api/trade-in/${id}/${kind}/`, { body: { page_url: `${ORIGIN}/en/maple-auto/tradein/`, accepted_terms: true, ...body } });

// ---- photos ----------------------------------------------------------------------------------------------------

const uploadPhoto = (browser: Browser, id: number, angle: string, file: { filename: string; type: string; bytes: Buffer }, dealerCode = "maple-auto") =>
  sendRaw(testApp, browser, "PATCH", `/api/trade-in/${id}/photos/`, multipart({ angle }, file), dealerCode);

/** A photo as a phone takes it: landscape, turned by its EXIF orientation, with the GPS position where it was taken. */
async function phonePhoto(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: { r: 140, g: 20, b: 30 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 39/1 1234/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 23/1 4321/100" },
    })
    .toBuffer();
}

async function photosProcessed(browser: Browser, id: number, dealerCode = "maple-auto") {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await sendRaw(testApp, browser, "GET", `/api/trade-in/${id}/check_images/?t=${attempt}`, undefined, dealerCode);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ processed: boolean; images: Record<string, { status: string; url: string | null } | null> }>();
    if (body.processed) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("photos were not processed in time");
}

// ---- deals -----------------------------------------------------------------------------------------------------

/** A sent trade-in of a new shopper at maple-auto, towards a saved deal when asked. */
async function sentTradeIn(options: { withDeal?: boolean; financing?: boolean } = {}) {
  const shopper = await registeredShopper(testApp);
  const deal = options.withDeal ? await savedDeal(testApp, shopper.shopper) : null;
  const trade = await startTradeIn(shopper.shopper, deal ? { order: deal.id } : {});
  await describeVehicle(
    shopper.shopper,
    trade.id,
    2020,
    options.financing
      ? { answers: { making_active_payments: true }, financing: { kind: "finance", amount_due: "4000.00", payments_left: 20, payment_amount: "250.00" } }
      : {},
  );
  const sent = await submit(shopper.shopper, trade.id, { without_photos: true });
  expect(sent.statusCode, sent.body).toBe(200);
  return { ...shopper, deal, trade: wire(sent.json()) };
}

async function makeOffer(staff: Browser, id: number, body: Record<string, unknown> = { dealer_offer: "9000", dealer_comments: "Clean, as described." }) {
  const response = await staff.post(`/api/quickshop/trade-ins/${id}/offer/`, body);
  expect(response.statusCode, response.body).toBe(200);
  return wire(response.json());
}

// =================================================================================================================

describe("settings, questions and the catalogue", () => {
  it("tells each demo dealership's flow and its sections", async () => {
    const expected = {
      "maple-auto": { flow: "TRADE-IN", valuation_system: "NO_VENDOR", sections: ["vehicle-details", "vehicle-history", "vehicle-images", "review"] },
      "boulevard-laval": { flow: "TRADE-IN-2", valuation_system: "NO_VENDOR", sections: ["get-started", "vehicle-details", "vehicle-photos", "review"] },
      "lakeshore-buffalo": { flow: "TRADE-IN-EXTERNAL", valuation_system: "INSTANT_CASH_OFFER", mandatory_trade_vin: true },
      "maple-vw-ottawa": { flow: "TRADE-IN-BLACK-BOOK", valuation_system: "BLACK_BOOK" },
    };
    for (const [code, settings] of Object.entries(expected)) {
      const response = await client(testApp, code).get("/api/trade-in/settings/");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ enabled: true, offer_promise_business_hours: 3, photo_max_bytes: 15 * 1024 * 1024, ...settings });
    }
  });

  it("asks Canadians about export to the USA and Americans not", async () => {
    const ids = async (code: string) => (await client(testApp, code).get("/api/trade-in/tradein-questions/")).json<{ id: string }[]>().map((q) => q.id);
    expect(await ids("maple-auto")).toContain("export_import_usa");
    expect(await ids("lakeshore-buffalo")).not.toContain("export_import_usa");
  });

  it("walks the year → make → model → trim → style cascade, and answers 404 for a make it does not have", async () => {
    const anonymous = client(testApp);
    const years = (await anonymous.get("/api/trade-in/vehicle-catalogue/")).json<{ level: string; values: string[] }>();
    expect(years.level).toBe("year");
    expect(years.values).toContain("2015");
    expect(years.values).toContain("2027");
    const vehicle = await catalogueVehicle(anonymous, 2019);
    expect(vehicle.style).toBeTruthy();
    const none = await anonymous.get("/api/trade-in/vehicle-catalogue/?year=2019&make=Nonexistent");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: "trade_in_catalogue_empty" });
  });
});

describe("each flow from start to submit", () => {
  it("full flow (maple-auto): details, history, photos, review; valued at once and awaiting the dealership, with the promised time", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    expect(trade).toMatchObject({ flow: "TRADE-IN", status: "draft", customer_state: "in_progress", odometer_unit: "km", valuation_quote: "not_quoted" });

    const incomplete = await submit(shopper, trade.id);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: "trade_in_incomplete", year: ["This field is required."], make: ["This field is required."] });
    expect(incomplete.json()).toHaveProperty(["answers.involved_in_accident"]);
    expect(incomplete.json()).toHaveProperty(["answers.export_import_usa"]);

    await describeVehicle(shopper, trade.id, 2020, { answers: { export_import_usa: false } });
    const noPhotos = await submit(shopper, trade.id);
    expect(noPhotos.statusCode).toBe(400);
    expect(noPhotos.json()).toMatchObject({ without_photos: ["Choose a photo to send."] });

    const uploaded = await uploadPhoto(shopper, trade.id, "front", { filename: "front.jpg", type: "image/jpeg", bytes: await phonePhoto() });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    expect(uploaded.json().images.front).toMatchObject({ status: "processing" });
    await photosProcessed(shopper, trade.id);

    const sent = await submit(shopper, trade.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const body = wire(sent.json());
    expect(body).toMatchObject({ status: "awaiting-dealer", customer_state: "requested", order_step_status: 2, valuation_quote: "quoted", accepted_terms: true });
    expect(Number(body.estimated_low)).toBeGreaterThan(0);
    expect(Number(body.estimated_high)).toBeGreaterThan(Number(body.estimated_low));
    // Sent on Saturday at 10:00 in Toronto, open until 18:00: a firm offer is promised by 13:00.
    expect(body.offer_promised_by).toBe("2026-11-21T18:00:00.000Z");
    expect(body.images.front?.url).toMatch(new RegExp(`^/api/trade-in/${trade.id}/photos/front/`));

    const again = await submit(shopper, trade.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "trade_in_not_editable" });
  });

  it("discarding a trade-in deletes its photos, files and all", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-auto");
    const trade = await startTradeIn(shopper);
    expect((await uploadPhoto(shopper, trade.id, "dashboard", { filename: "dash.jpg", type: "image/jpeg", bytes: await phonePhoto(40, 30) })).statusCode).toBe(202);
    await photosProcessed(shopper, trade.id);
    const [photo] = await testApp.app.tradeIns.repo.photosOf([trade.id]);
    expect(await testApp.app.files.get(photo!.storageKey!)).not.toBeNull();

    expect((await shopper.post(`/api/trade-in/${trade.id}/discard/`, { confirm: true })).json()).toMatchObject({ status: "discarded", images: { dashboard: null } });
    expect(await testApp.app.tradeIns.repo.photosOf([trade.id])).toEqual([]);
    expect(await testApp.app.files.get(photo!.storageKey!)).toBeNull();
    expect((await sendRaw(testApp, shopper, "GET", `/api/trade-in/${trade.id}/photos/dashboard/`)).statusCode).toBe(404);
  });

  it("closing the account deletes the trade-ins' photo files with the rows", async () => {
    const { shopper, customer } = await registeredShopper(testApp, "maple-auto");
    const trade = await startTradeIn(shopper);
    await uploadPhoto(shopper, trade.id, "vin", { filename: "vin.jpg", type: "image/jpeg", bytes: await phonePhoto(40, 30) });
    await photosProcessed(shopper, trade.id);
    const [photo] = await testApp.app.tradeIns.repo.photosOf([trade.id]);
    expect((await shopper.request("DELETE", `/api/customer/${customer.id}/`)).statusCode).toBe(204);
    expect(await testApp.app.files.get(photo!.storageKey!)).toBeNull();
    expect(await testApp.app.tradeIns.repo.photosOf([trade.id])).toEqual([]);
  });

  it("version 2 (boulevard-laval): sent without photos once the shopper says so in the no-photo dialog", async () => {
    const { shopper } = await registeredShopper(testApp, "boulevard-laval");
    const trade = await startTradeIn(shopper);
    expect(trade.flow).toBe("TRADE-IN-2");
    await describeVehicle(shopper, trade.id, 2018, { answers: { export_import_usa: false, involved_in_accident: true, accident_areas: ["front"] } });
    const refused = await submit(shopper, trade.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("without_photos");
    const sent = await submit(shopper, trade.id, { without_photos: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "awaiting-dealer", valuation_quote: "quoted" });
  });

  it("instant cash offer (lakeshore-buffalo, US): the VIN and the odometer statement are required, then the offer comes back at once", async () => {
    const { shopper } = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    const trade = await startTradeIn(shopper);
    expect(trade).toMatchObject({ flow: "TRADE-IN-EXTERNAL", odometer_unit: "mi", is_eti: true });
    await describeVehicle(shopper, trade.id, 2019, { odometer_unit: "mi", odometer: 40_000 });
    const wrongCall = await submit(shopper, trade.id, {}, "submit_tradein");
    expect(wrongCall.statusCode).toBe(409);
    const missing = await submit(shopper, trade.id, {}, "submit_ico");
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ vin: ["A valid VIN is required."], odometer_statement: ["This field is required."] });

    // A 2019 VIN (position 10 is K, position 7 a letter): 1HGCV1F3XKA000000 style, check digit worked out by the server's rule.
    const vin = "2HGFC2F50KH542313";
    const vinSet = await shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vin/`, { body: { vin } });
    expect(vinSet.statusCode, vinSet.body).toBe(200);
    const stated = await shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vehicle_information/`, { body: { odometer_statement: "actual" } });
    expect(stated.json()).toMatchObject({ odometer_disclosure_required: true, odometer_statement: "actual" });
    const sent = await submit(shopper, trade.id, {}, "submit_ico");
    expect(sent.statusCode, sent.body).toBe(200);
    const body = wire(sent.json());
    expect(body).toMatchObject({ status: "awaiting-customer", customer_state: "conditional_offer", order_step_status: 3 });
    expect(body.current_offer).toMatchObject({ source: "provider", status: "O", is_expired: false });
    expect(body.ico_amount).toBe(body.current_offer!.dealer_offer);
    expect(Number(body.ico_range_min)).toBeLessThanOrEqual(Number(body.ico_range_max));

    const estimate = await shopper.get(`/api/trade-in/eti/${body.ico_id}/`);
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json()).toMatchObject({ id: body.ico_id, is_eti: true, status: "awaiting-customer", vehicle_value: { value: body.ico_amount } });
    const linked = await shopper.request("PATCH", `/api/trade-in/${trade.id}/update_eti_user/`, { body: { cat_id: "spring-campaign" } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await shopper.get(`/api/trade-in/eti/${body.ico_id}/`)).json()).toMatchObject({ cat_id: "spring-campaign" });
  });

  it("price guide (maple-vw-ottawa): get started, details, review; auto-applied and awaiting the dealership", async () => {
    const { shopper } = await registeredShopper(testApp, "maple-vw-ottawa");
    const trade = await startTradeIn(shopper);
    expect(trade.flow).toBe("TRADE-IN-BLACK-BOOK");
    await describeVehicle(shopper, trade.id, 2016, { answers: { export_import_usa: false } });
    // No photos in this flow: none are asked for.
    const sent = await submit(shopper, trade.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "awaiting-dealer", valuation_quote: "quoted" });
  });

  it("an outside valuation system (RAPID) leaves the trade awaiting the provider; a vehicle the catalogue lacks is not quoted", async () => {
    await setDealership(testApp, "maple-vw-ottawa", { trade_in_system: "RAPID" });
    try {
      const { shopper } = await registeredShopper(testApp, "maple-vw-ottawa");
      const trade = await startTradeIn(shopper);
      expect(trade.flow).toBe("TRADE-IN");
      const info = await shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vehicle_information/`, {
        body: { year: 2020, make: "Zastava", model: "Yugo", trim: "GV", odometer: 1000, answers: { ...noAnswers, export_import_usa: false } },
      });
      expect(info.statusCode, info.body).toBe(200);
      const sent = await submit(shopper, trade.id, { without_photos: true });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ status: "awaiting-provider", customer_state: "submitted", estimated_low: null, order_step_status: 2 });
    } finally {
      await setDealership(testApp, "maple-vw-ottawa", { trade_in_system: "BLACK_BOOK" });
    }
  });

  it("a sent trade-in goes back to a draft for changes while no offer is answered", async () => {
    const { shopper, trade } = await sentTradeIn();
    const reopened = await shopper.post(`/api/trade-in/${trade.id}/prompt_post_submit_updates/`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: "draft", submit_datetime: null, offer_promised_by: null });
    const draftAgain = await shopper.post(`/api/trade-in/${trade.id}/prompt_post_submit_updates/`);
    expect(draftAgain.statusCode).toBe(409);
  });

  it("logs trade_in_finish and sends the CRM an ADF lead with the deal's vehicle and the trade as a second vehicle", async () => {
    const { trade, deal, customer } = await sentTradeIn({ withDeal: true });
    const [lead] = await testApp.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "crm_lead"), sql`${outbox.payload}->'lead'->>'type' = 'trade_in'`, sql`${outbox.payload}->'lead'->>'id' = ${String(trade.id)}`));
    expect(lead).toBeDefined();
    const adf = (lead!.payload as { adf: string }).adf;
    expect(adf).toContain('<vehicle interest="buy"');
    expect(adf).toContain('<vehicle interest="trade-in" status="used">');
    expect(adf).toContain(`<make>${trade.make}</make>`);
    expect(adf).toContain(customer.email);
    expect(adfStructureProblems(adf)).toEqual([]);
    const events = await testApp.database.db.execute(sql`select event, order_id from crm_events where customer_id = ${customer.id}`);
    expect((events as unknown as { rows: { event: string; order_id: number }[] }).rows).toContainEqual({ event: "trade_in_finish", order_id: deal!.id });
  });
});

describe("VINs", () => {
  it("refuses a VIN of the wrong length, with I, O or Q, or whose check digit is wrong, naming vin", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const send = (vin: unknown) => shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vin/`, { body: { vin } });
    const cases: [unknown, string][] = [
      ["1M8GDM9AXKP04278", "Use a 17-character VIN."],
      ["1M8GDM9AXKP04278O", "A VIN has letters and digits only, without I, O or Q."],
      ["1M8GDM9A1KP042788", "This VIN is not valid: check each character against the vehicle's registration."],
      [12345, "This field is required."],
    ];
    for (const [vin, message] of cases) {
      const response = await send(vin);
      expect(response.statusCode, String(vin)).toBe(400);
      expect(response.json().vin.join(" ")).toContain(message.split(",")[0]);
    }
  });

  it("accepts 1M8GDM9AXKP042788, reads its model year (1989) into an empty year and refuses it for a 2019 trade", async () => {
    const { shopper } = await registeredShopper(testApp);
    const empty = await startTradeIn(shopper);
    const read = await shopper.request("PATCH", `/api/trade-in/${empty.id}/submit_vin/`, { body: { vin: "1m8gdm9a-xkp 042788" } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ vin: "1M8GDM9AXKP042788", year: 1989 });

    const dated = await startTradeIn(shopper);
    await describeVehicle(shopper, dated.id, 2019);
    const mismatch = await shopper.request("PATCH", `/api/trade-in/${dated.id}/submit_vin/`, { body: { vin: "1M8GDM9AXKP042788" } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: "trade_in_vin_year_mismatch", vin: ["This VIN is of a 1989 model year: check the year or the VIN."] });
  });

  it("requires the VIN where the dealership makes it mandatory", async () => {
    await setDealership(testApp, "maple-vw-ottawa", { mandatory_trade_vin: true });
    try {
      const { shopper } = await registeredShopper(testApp, "maple-vw-ottawa");
      const trade = await startTradeIn(shopper);
      await describeVehicle(shopper, trade.id, 2016, { answers: { export_import_usa: false } });
      const sent = await submit(shopper, trade.id);
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ vin: ["A valid VIN is required."] });
    } finally {
      await setDealership(testApp, "maple-vw-ottawa", { mandatory_trade_vin: false });
    }
  });
});

describe("bad input", () => {
  it("answers 400 naming each field, never 500", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const patch = (body: unknown) => shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vehicle_information/`, { body });
    const bad = await patch({ year: "abc", odometer: -1, transmission: "cvt", answers: { involved_in_accident: "maybe", accident_areas: ["moon"] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["year", "odometer", "transmission", "answers.involved_in_accident", "answers.accident_areas.0"]));

    const tooMany = await patch({ financing: { kind: "finance", amount_due: "1000", payments_left: 97, payment_amount: "300" } });
    expect(tooMany.json()).toMatchObject({ "financing.payments_left": ["Please enter a value lower than the maximum (96)."] });
    const tooHigh = await patch({ financing: { kind: "finance", amount_due: "50000", payments_left: 10, payment_amount: "300" } });
    expect(tooHigh.json()).toMatchObject({ "financing.amount_due": ["This balance is too high for the payments left: check the amount."] });

    expect((await shopper.post("/api/trade-in/", { order: "x" })).statusCode).toBe(400);
    const notMine = await shopper.post("/api/trade-in/", { order: 2_147_483_647 });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toHaveProperty("order");
    expect((await shopper.get("/api/trade-in/99999999999/")).statusCode).toBe(400);
    expect((await shopper.post(`/api/trade-in/${trade.id}/discard/`, { confirm: false })).json()).toMatchObject({
      confirm: ["Tick the box to confirm you want to discard this trade-in."],
    });
    expect((await submit(shopper, trade.id, { accepted_terms: false })).json()).toMatchObject({ accepted_terms: ["Please accept terms to proceed."] });
    const malformed = await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, { payload: "--x\r\nnot a form", contentType: "multipart/form-data; boundary=x" });
    expect(malformed.statusCode).toBe(400);
    const noAngle = await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, multipart({ angle: "roof" }, { filename: "a.jpg", type: "image/jpeg", bytes: await phonePhoto(20, 20) }));
    expect(noAngle.statusCode).toBe(400);
    expect(noAngle.json()).toHaveProperty("angle");
    const noFile = await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, multipart({ angle: "front" }));
    expect(noFile.json()).toMatchObject({ file: ["Choose a photo to send."] });
    const whole = multipart({ angle: "front" }, { filename: "a.jpg", type: "image/jpeg", bytes: await phonePhoto(20, 20) });
    const cut = await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, { payload: whole.payload.subarray(0, whole.payload.length - 300), contentType: whole.contentType });
    expect(cut.statusCode).toBe(400);
    const noBoundary = await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, { payload: whole.payload, contentType: "multipart/form-data" });
    expect(noBoundary.statusCode).toBe(400);
    const twoFiles = multipart({ angle: "front" }, { filename: "a.jpg", type: "image/jpeg", bytes: Buffer.from("x") });
    const doubled = Buffer.concat([twoFiles.payload.subarray(0, twoFiles.payload.length - `--${twoFiles.contentType.split("=")[1]}--\r\n`.length), twoFiles.payload.subarray(twoFiles.payload.indexOf(Buffer.from("\r\n--")) + 2)]);
    expect((await sendRaw(testApp, shopper, "PATCH", `/api/trade-in/${trade.id}/photos/`, { payload: doubled, contentType: twoFiles.contentType })).statusCode).toBe(413);
    const removeNothing = await shopper.request("PATCH", `/api/trade-in/${trade.id}/photos/`, { body: { remove: ["moon"] } });
    expect(removeNothing.statusCode).toBe(400);
    expect(removeNothing.json()).toHaveProperty(["remove.0"]);
  });
});

describe("photos", () => {
  it("re-encodes a phone's JPEG upright, within the size bound and without EXIF or GPS, and serves it to its owner and the dealership's staff only", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const original = await phonePhoto(3000, 2000);
    expect(await sharp(original).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(original.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const uploaded = await uploadPhoto(shopper, trade.id, "left", { filename: "IMG_0001.JPG", type: "image/jpeg", bytes: original });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const checked = await photosProcessed(shopper, trade.id);
    expect(checked.images.left).toMatchObject({ status: "uploaded" });
    const url = checked.images.left!.url!;

    const served = await sendRaw(testApp, shopper, "GET", url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("private");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Orientation 6 turned it upright: the 3000 × 2000 landscape is a portrait no longer than 2048.
    expect([metadata.width, metadata.height]).toEqual([1365, 2048]);
    expect(served.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);
    // The upload as sent is gone from storage once re-encoded.
    const [row] = await testApp.database.db.select().from(tradeInPhotos).where(eq(tradeInPhotos.tradeInId, trade.id));
    expect(row).toMatchObject({ uploadKey: null, width: 1365, height: 2048 });

    const stranger = await registeredShopper(testApp);
    expect((await sendRaw(testApp, stranger.shopper, "GET", url)).statusCode).toBe(404);
    expect((await sendRaw(testApp, client(testApp), "GET", url)).statusCode).toBe(404);
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    expect((await sendRaw(testApp, manager, "GET", url)).statusCode).toBe(200);
    const lavalAdmin = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await sendRaw(testApp, lavalAdmin, "GET", url, undefined, "boulevard-laval")).statusCode).toBe(404);

    const removed = await shopper.request("PATCH", `/api/trade-in/${trade.id}/photos/`, { body: { remove: ["left"] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ images: { left: null }, processed: true });
    expect((await sendRaw(testApp, shopper, "GET", url)).statusCode).toBe(404);
  });

  it("keeps a PNG as a JPEG and replaces the photo of an angle sent again", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: "#0a0" } }).png().toBuffer();
    expect((await uploadPhoto(shopper, trade.id, "dashboard", { filename: "dash.png", type: "image/png", bytes: png })).statusCode).toBe(202);
    const first = (await photosProcessed(shopper, trade.id)).images.dashboard!.url!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await uploadPhoto(shopper, trade.id, "dashboard", { filename: "dash.jpg", type: "image/jpeg", bytes: await phonePhoto(50, 40) })).statusCode).toBe(202);
    const second = (await photosProcessed(shopper, trade.id)).images.dashboard!.url!;
    expect(second).not.toBe(first);
    const served = await sendRaw(testApp, shopper, "GET", second);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("jpeg");
    expect(await testApp.database.db.$count(tradeInPhotos, eq(tradeInPhotos.tradeInId, trade.id))).toBe(1);
  });

  it("refuses a file that is not a picture, whatever its name and type say", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const text = await uploadPhoto(shopper, trade.id, "front", { filename: "car.jpg", type: "image/jpeg", bytes: Buffer.from("just some text, not a photo at all") });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ file: ["This file is not a photo. Send a JPEG or PNG picture."] });
    const pdf = await uploadPhoto(shopper, trade.id, "front", { filename: "car.jpg", type: "image/jpeg", bytes: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF") });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toHaveProperty("file");
    expect((await shopper.get(`/api/trade-in/${trade.id}/check_images/`)).json().images.front).toBeNull();
  });

  it("refuses a photo larger than the limit with 413 naming the file, and reads nothing past it", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const huge = Buffer.concat([await phonePhoto(20, 20), Buffer.alloc(15 * 1024 * 1024 + 1)]);
    const response = await uploadPhoto(shopper, trade.id, "back", { filename: "back.jpg", type: "image/jpeg", bytes: huge });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ file: ["This photo is larger than 15 MB. Send a smaller one."] });
    expect((await shopper.get(`/api/trade-in/${trade.id}/check_images/`)).json().images.back).toBeNull();
  });

  it("marks a picture that cannot be decoded as an error", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const broken = Buffer.concat([(await phonePhoto(40, 40)).subarray(0, 200), Buffer.alloc(200, 7)]);
    expect((await uploadPhoto(shopper, trade.id, "vin", { filename: "vin.jpg", type: "image/jpeg", bytes: broken })).statusCode).toBe(202);
    expect((await photosProcessed(shopper, trade.id)).images.vin).toMatchObject({ status: "error", url: null });
  });

  it("takes photos on drafts only", async () => {
    const { shopper, trade } = await sentTradeIn();
    const late = await uploadPhoto(shopper, trade.id, "front", { filename: "f.jpg", type: "image/jpeg", bytes: await phonePhoto(20, 20) });
    expect(late.statusCode).toBe(409);
  });

  it("re-encodes at start-up a photo a stopped process left processing", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const key = "trade-in-photos-uploads/0123456789abcdef0123456789abcdef";
    await testApp.app.files.put(key, await phonePhoto(30, 20), "image/jpeg");
    const at = new Date();
    await testApp.database.db.insert(tradeInPhotos).values({ tradeInId: trade.id, angle: "right", status: "processing", uploadKey: key, bytes: 1, createdAt: at, updatedAt: at });
    expect(await testApp.app.tradeIns.photos.resume()).toBeGreaterThanOrEqual(1);
    expect((await photosProcessed(shopper, trade.id)).images.right).toMatchObject({ status: "uploaded" });
    // The upload's file is deleted just after the row is marked uploaded: wait for the queue to finish.
    await testApp.app.tradeIns.photos.idle();
    expect(await testApp.app.files.get(key)).toBeNull();
  });
});

describe("offers", () => {
  it("staff make an offer and the shopper is emailed; the shopper accepts it and the deal's payment falls by the credit", async () => {
    const { shopper, email, trade, deal } = await sentTradeIn({ withDeal: true });
    const before = Number(deal!.payment!.payment);
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    const list = await manager.get(`/api/quickshop/trade-ins/?customer=${trade.user.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((t: TradeInWire) => t.id)).toContain(trade.id);

    const offered = await makeOffer(manager, trade.id, { dealer_offer: "9000.00", dealer_comments: "Clean, as described." });
    expect(offered).toMatchObject({ status: "awaiting-customer", customer_state: "offer_received", current_offer: { source: "dealer", dealer_offer: "9000.00", status: "O" } });
    const mail = await lastEmailTo(testApp, email);
    expect(mail?.subject).toContain("An offer for your trade-in");
    expect(mail?.text).toContain("$9,000.00");
    expect(mail?.text).toContain(`/en/maple-auto/tradein/?trade_in=${trade.vid}`);

    const dealView = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    expect(dealView.step_statuses["trade-in"]).toBe(3);
    expect(dealView.trade_in).toMatchObject({ id: trade.id, status: "awaiting-customer", allowance: "9000.00", payoff: "0.00", net_equity: "9000.00" });

    const accepted = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "included", customer_state: "accepted", order: deal!.id, current_offer: { status: "A" } });

    const after = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    expect(after.step_statuses["trade-in"]).toBe(1);
    expect(after.trade_in).toMatchObject({ status: "included", allowance: "9000.00", net_equity: "9000.00" });
    expect(Number(after.payment.payment)).toBeLessThan(before);
    // The deal's payment option now carries the credit, so pricing the deal again gives the same payment.
    const again = await shopper.post("/api/payment-type/finance/pricing/", { inventory: deal!.vehicle.id, order: deal!.id, use_fallback_values: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ trade_in_credit: "9000.00", trade_in_owing: "0.00", payment: after.payment.payment });
    const named = await shopper.post("/api/payment-type/finance/pricing/", { inventory: deal!.vehicle.id, order: deal!.id, trade_in_credit: 0, use_fallback_values: true });
    expect(named.json()).toMatchObject({ trade_in_credit: "0.00" });

    // A second answer finds no open offer.
    const twice = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "trade_in_no_offer" });

    // Discarding it takes the credit off the deal again.
    const discarded = await shopper.post(`/api/trade-in/${trade.id}/discard/`, { confirm: true });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ status: "discarded" });
    const restored = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    expect(restored.payment.payment).toBe(deal!.payment!.payment);
    expect(restored.trade_in).toMatchObject({ status: "discarded" });
    expect(restored.step_statuses["trade-in"]).toBe(4);
  });

  it("credits the allowance and adds what is still owed (negative equity shows on its own line)", async () => {
    const { shopper, trade, deal } = await sentTradeIn({ withDeal: true, financing: true });
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    await makeOffer(manager, trade.id, { dealer_offer: "3000" });
    const accepted = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, { order: deal!.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    expect(after.trade_in).toMatchObject({ allowance: "3000.00", payoff: "4000.00", net_equity: "-1000.00", negative_equity_goes_to: "amount_financed" });
    expect(Number(after.payment.payment)).toBeGreaterThan(Number(deal!.payment!.payment));
  });

  it("asks the shopper to save the deal first when neither the call nor the trade-in names one", async () => {
    const { shopper, trade } = await sentTradeIn();
    await makeOffer(await staffAt(testApp, "sales-rep@maple-auto.example"), trade.id);
    const response = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ order: ["Please save the deal first before accepting the trade-in offer."], code: "trade_in_save_deal_first" });
  });

  it("declines with comments; staff may then offer again, replacing nothing the shopper answered", async () => {
    const { shopper, trade, deal } = await sentTradeIn({ withDeal: true });
    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
    await makeOffer(rep, trade.id, { dealer_offer: "7000" });
    const declined = await shopper.post(`/api/trade-in/${trade.id}/decline_current_offer/`, { comments: "I was hoping for more." });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: "excluded", customer_state: "offer_declined", is_declined: true, current_offer: { status: "D", decline_comments: "I was hoping for more." } });
    expect((await shopper.get(`/api/order/${deal!.id}/`)).json().step_statuses["trade-in"]).toBe(3);
    expect((await shopper.post(`/api/trade-in/${trade.id}/decline_current_offer/`, {})).statusCode).toBe(409);

    const second = await makeOffer(rep, trade.id, { dealer_offer: "7500" });
    expect(second).toMatchObject({ status: "awaiting-customer", current_offer: { dealer_offer: "7500.00", status: "O" } });
    expect(second.past_offers).toHaveLength(1);
    expect(second.past_offers[0]).toMatchObject({ dealer_offer: "7000.00", status: "D" });

    // A third replaces the unanswered second, which reads as expired among the past offers.
    const third = await makeOffer(rep, trade.id, { dealer_offer: "7600" });
    expect(third.current_offer).toMatchObject({ dealer_offer: "7600.00" });
    expect(third.past_offers.find((o) => o.dealer_offer === "7500.00")).toMatchObject({ status: "O", is_expired: true });
  });

  it("lets an offer expire: read as expired, and refused when accepted", async () => {
    const { shopper, trade, deal } = await sentTradeIn({ withDeal: true });
    await makeOffer(await staffAt(testApp, "admin@maple-auto.example"), trade.id, { dealer_offer: "8000", valid_days: 1 });
    testApp.clock.advance(DAY_MS + 60_000);
    const read = wire((await shopper.get(`/api/trade-in/${trade.id}/`)).json());
    expect(read).toMatchObject({ is_expired: true, customer_state: "offer_expired", current_offer: { is_expired: true } });
    const accepted = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, { order: deal!.id });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ code: "trade_in_offer_expired", detail: "This offer has expired. Ask the dealership for a new one." });
  });

  it("undoes the acceptance when the deal's payment cannot be priced with the credit", async () => {
    const { shopper, trade, deal } = await sentTradeIn({ withDeal: true });
    await makeOffer(await staffAt(testApp, "sales-manager@maple-auto.example"), trade.id, { dealer_offer: "6000" });
    const orderBefore = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    const failing = vi.spyOn(testApp.app.pricing, "update").mockResolvedValueOnce({ ok: false, errors: [{ field: "trade_in_credit", code: "too_large" }] } as never);
    try {
      const response = await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "trade_in_accept_failed" });
    } finally {
      failing.mockRestore();
    }
    const after = wire((await shopper.get(`/api/trade-in/${trade.id}/`)).json());
    expect(after).toMatchObject({ status: "awaiting-customer", current_offer: { status: "O", decision_datetime: null } });
    const orderAfter = (await shopper.get(`/api/order/${deal!.id}/`)).json();
    expect(orderAfter.trade_in).toEqual(orderBefore.trade_in);
    expect(orderAfter.step_statuses).toEqual(orderBefore.step_statuses);
    expect(orderAfter.payment).toEqual(orderBefore.payment);
    const runs = await testApp.database.db.select().from(workflowRuns).where(eq(workflowRuns.workflow, "trade-in-accept-offer"));
    expect(runs.some((run) => run.status === "compensated" && (run.input as { tradeInId: number }).tradeInId === trade.id)).toBe(true);

    // Once pricing works again, the same offer can be accepted.
    expect((await shopper.post(`/api/trade-in/${trade.id}/accept_current_offer/`, {})).statusCode).toBe(200);
  });

  it("keeps offers to the roles that answer for the sale, and to trade-ins sent to the dealership", async () => {
    const { trade } = await sentTradeIn();
    const assistant = await staffAt(testApp, "org-assistant@maple-group.example");
    expect((await assistant.get(`/api/quickshop/trade-ins/${trade.id}/`)).statusCode).toBe(200);
    const refused = await assistant.post(`/api/quickshop/trade-ins/${trade.id}/offer/`, { dealer_offer: "5000" });
    expect(refused.statusCode).toBe(403);
    expect((await client(testApp).post(`/api/quickshop/trade-ins/${trade.id}/offer/`, { dealer_offer: "5000" })).statusCode).toBe(403);

    const { shopper } = await registeredShopper(testApp);
    const draft = await startTradeIn(shopper);
    const early = await (await staffAt(testApp, "admin@maple-auto.example")).post(`/api/quickshop/trade-ins/${draft.id}/offer/`, { dealer_offer: "5000" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "trade_in_offer_not_allowed" });
  });

  it("shows a sales rep only their own and unassigned customers' trade-ins", async () => {
    const { trade, customer } = await sentTradeIn();
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    await testApp.database.db.execute(sql`update customers set dealer_user_id = (select id from dealer_users where email = 'admin@maple-auto.example') where id = ${customer.id}`);
    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
    expect((await rep.get(`/api/quickshop/trade-ins/${trade.id}/`)).statusCode).toBe(404);
    expect((await rep.get(`/api/quickshop/trade-ins/?customer=${customer.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/quickshop/trade-ins/${trade.id}/`)).statusCode).toBe(200);
  });
});

describe("who may see a trade-in", () => {
  it("answers 404 to another customer and to another dealership, and 403 to a visitor", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const other = await registeredShopper(testApp);
    for (const call of [
      () => other.shopper.get(`/api/trade-in/${trade.id}/`),
      () => other.shopper.request("PATCH", `/api/trade-in/${trade.id}/submit_vin/`, { body: { vin: "1M8GDM9AXKP042788" } }),
      () => other.shopper.post(`/api/trade-in/${trade.id}/discard/`, { confirm: true }),
      () => other.shopper.get(`/api/trade-in/${trade.id}/check_images/`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
    expect((await other.shopper.get("/api/trade-in/")).json()).toEqual([]);

    const laval = await registeredShopper(testApp, "boulevard-laval");
    expect((await laval.shopper.get(`/api/trade-in/${trade.id}/`)).statusCode).toBe(404);
    const lavalAdmin = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await lavalAdmin.get(`/api/quickshop/trade-ins/${trade.id}/`)).statusCode).toBe(404);

    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    expect((await visitor.get(`/api/trade-in/${trade.id}/`)).statusCode).toBe(403);
    expect((await visitor.post("/api/trade-in/", {})).statusCode).toBe(403);
  });

  it("lets staff acting for the customer work on the customer's trade-in", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
    const acting = await rep.post(`/api/dealer/customers/${customer.id}/act/`, {});
    expect(acting.statusCode, acting.body).toBe(200);
    const read = await rep.get(`/api/trade-in/${trade.id}/`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ user: { id: customer.id } });
  });

  it("answers 440 when the shopper's session expired", async () => {
    const { shopper } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    const response = await shopper.get(`/api/trade-in/${trade.id}/`);
    expect(response.statusCode).toBe(440);
    expect(response.json()).toMatchObject({ user_kind: "customer" });
  });

  it("answers 403 trade_in_disabled where the dealership does not offer trade-ins", async () => {
    const row = await dealershipRow(testApp, "maple-vw-ottawa");
    const modules = row.moduleSettings.enabled_modules;
    await setDealership(testApp, "maple-vw-ottawa", {}, modules.filter((m) => m !== "trade_in"));
    try {
      const { shopper } = await registeredShopper(testApp, "maple-vw-ottawa");
      const response = await shopper.post("/api/trade-in/", {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "trade_in_disabled" });
      expect((await shopper.get("/api/trade-in/settings/")).json()).toMatchObject({ enabled: false });
    } finally {
      await setDealership(testApp, "maple-vw-ottawa", {}, modules);
    }
  });
});

describe("continue on a phone", () => {
  it("emails the shopper the trade-in's link", async () => {
    const { shopper, email } = await registeredShopper(testApp);
    const trade = await startTradeIn(shopper);
    const response = await shopper.post(`/api/trade-in/${trade.id}/request_mobile_view/`);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await lastEmailTo(testApp, email);
    expect(mail?.subject).toBe("Continue your trade-in on your phone");
    expect(mail?.text).toContain(`${ORIGIN}/en/maple-auto/tradein/?trade_in=${trade.vid}`);
  });
});
