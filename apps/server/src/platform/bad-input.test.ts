import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../test/customers.ts";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * The three causes of 500s the fuzzer of issue 14 found, each answered as bad input: ids beyond PostgreSQL's
 * integer, NUL characters (PostgreSQL text cannot hold U+0000), and error bodies that did not match what the
 * route declared (FST_ERR_RESPONSE_SERIALIZATION).
 */
let testApp: TestApp;
let shopper: Awaited<ReturnType<typeof registeredShopper>>["shopper"];
let orderId: number;
let vehicleId: number;

const ID = "Use a valid id (a whole number from 1 to 2147483647).";
const NUL = "Remove the NUL character (\\u0000): text cannot contain it.";
const NUL_FR = "Retirez le caractère NUL (\\u0000) : un texte ne peut pas le contenir.";

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 1000 });
  ({ shopper } = await registeredShopper(testApp));
  vehicleId = (await shopper.get("/api/quickshop/inventory/")).json<{ results: { id: number }[] }>().results[0]!.id;
  const order = await shopper.post("/api/order/", { vehicle: vehicleId });
  expect(order.statusCode, order.body).toBe(201);
  orderId = order.json<{ id: number }>().id;
});

afterAll(async () => {
  await testApp?.close();
});

describe("ids beyond PostgreSQL's integer", () => {
  it("answers 400 naming the id for a path id of 2^31, and 404 for the largest integer", async () => {
    const tooBig = await shopper.get("/api/order/2147483648/");
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ id: [ID] });
    expect((await shopper.get("/api/order/2147483647/")).statusCode).toBe(404);
    expect((await shopper.get(`/api/order/${orderId}/`)).statusCode).toBe(200);
  });

  it("answers 400 for a vehicle id of 2^31 (the vehicle path takes an id or a VIN)", async () => {
    const response = await shopper.get("/api/quickshop/inventory/2147483648/");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ["Use a vehicle id or a 17-character VIN."] });
    expect((await shopper.get("/api/quickshop/inventory/2147483647/")).statusCode).toBe(404);
  });

  it("answers 400 naming the query parameter and the body field", async () => {
    const query = await shopper.get("/api/customer-selectable-fees/?vehicle=9007199254740991");
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ vehicle: ["Use the id of a vehicle (a whole number)."] });

    const body = await shopper.post("/api/customer/user/log_crm_event/", { event: "initial_click", order: 2 ** 31 });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ order: ["Use the id of one of your saved deals."] });

    const listed = await shopper.request("PATCH", `/api/order/${orderId}/`, { body: { accessory_ids: [1, 2 ** 31] } });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({ "accessory_ids.1": [ID] });
  });

  it("still says a missing id is required", async () => {
    const response = await shopper.post("/api/order/", {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ vehicle: ["This field is required."] });
  });
});

describe("NUL characters", () => {
  it("answers 400 naming a query parameter, in the visitor's language", async () => {
    const response = await shopper.get("/api/quickshop/inventory/?query=%00");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ query: [NUL] });
    const french = await shopper.get("/api/quickshop/inventory/?query=a%00b", { "accept-language": "fr-CA" });
    expect(french.json()).toEqual({ query: [NUL_FR] });
  });

  it("answers 400 naming a body field, nested ones by their path, and keys by the object holding them", async () => {
    const postal = await shopper.request("PATCH", `/api/order/${orderId}/`, { body: { postal_code: "\u0000" } });
    expect(postal.statusCode).toBe(400);
    expect(postal.json()).toEqual({ postal_code: [NUL] });

    const nested = await shopper.post("/api/order/", { vehicle: vehicleId, campaign: { utm_source: "mail\u0000" } });
    expect(nested.json()).toEqual({ "campaign.utm_source": [NUL] });

    const key = await shopper.post("/api/order/", { vehicle: vehicleId, analytics: { "a\u0000": "x" } });
    expect(key.json()).toEqual({ analytics: [NUL] });
  });

  it("answers 400 naming a path parameter", async () => {
    const response = await shopper.get("/api/build-and-price/build-state/abcdefgh%00/");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ uid: [NUL] });
  });

  it("reports a feed row with a NUL cell like any other bad row, and refuses a header with one", async () => {
    const admin = client(testApp);
    await admin.signInAsStaff("admin@maple-auto.example");
    const header = "VIN,Year,Make,Model,Condition";
    const csv = [
      header,
      "1HGCV1F34LA012345,2020,Honda,Accord,Used",
      "2T3P1RFV8RC123456,2022,Toy\u0000ota,RAV4,Used",
    ].join("\n");
    const send = (body: string) =>
      admin.request("POST", "/api/quickshop/inventory/import/?full=false", {
        body,
        headers: { "content-type": "text/csv" },
      });

    const report = await send(csv);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ rows: 2, created: 1 });
    expect(report.json().rejected).toEqual([
      { line: 3, vin: "2T3P1RFV8RC123456", field: "Make", reason: "Make contains a NUL character (\\u0000)" },
    ]);

    const refused = await send(`${header},No\u0000tes\n1HGCV1F34LA012345,2020,Honda,Accord,Used,x`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().non_field_errors).toEqual(["Column 6 of the header contains a NUL character (\\u0000)"]);
  });
});

describe("addresses that cannot be decoded", () => {
  it("answers 400 with a detail in the visitor's language", async () => {
    const response = await shopper.get("/api/order/%E9/");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Malformed request." });
    expect((await shopper.get("/api/order/%ZZ/", { "accept-language": "fr-CA" })).json()).toEqual({
      detail: "Requête mal formée.",
    });
  });
});

describe("error bodies match what the route declares", () => {
  it("decode_tokenized_url: an empty body names the missing token; an unknown token has a detail and a code", async () => {
    const empty = await shopper.post("/api/customer/user/decode_tokenized_url/", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ auth_token: ["This field is required."] });

    const unknown = await shopper.post("/api/customer/user/decode_tokenized_url/", { auth_token: "no-such-token" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "token_invalid" });
    expect(typeof unknown.json().detail).toBe("string");
  });

  it("verify_reentry_code: invalid JSON gets the JSON parse error; a missing code names the field called code", async () => {
    const invalid = await shopper.post("/api/customer/verify_reentry_code/", '{"email": ');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ detail: "JSON parse error - the request body is not valid JSON." });

    const empty = await shopper.post("/api/customer/verify_reentry_code/", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ email: ["This field is required."], code: ["This field is required."] });
  });

  it("a body field called detail with a NUL character is named like any other", async () => {
    const response = await shopper.post("/api/customer/user/decode_tokenized_url/", {
      auth_token: "x",
      detail: "\u0000",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: [NUL] });
  });
});
