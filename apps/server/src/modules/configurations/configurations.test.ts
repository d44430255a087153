import { customerConfigurationCreatedSchema, customerConfigurationSchema } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealershipRow } from "../../test/deals.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";
import { tokenOfHeader } from "./service.ts";

let testApp: TestApp;
let rav4AtMaple: number;
const RAV4 = 2026101;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
  const maple = await dealershipRow(testApp, "maple-auto");
  const [row] = await testApp.database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, maple.id), eq(vehicles.jatoId, String(RAV4))));
  rav4AtMaple = row!.id;
});
afterAll(async () => {
  await testApp?.close();
});

type Browser = ReturnType<typeof client>;
async function visitor(code = "maple-auto") {
  const browser = client(testApp, code);
  await browser.get("/api/i18n/");
  return browser;
}
async function shared(owner: Browser) {
  const build = await owner.post("/api/build-and-price/build-state/", { vehicle: rav4AtMaple });
  expect(build.statusCode, build.body).toBe(201);
  const created = await owner.post("/api/customer/configuration/", { build_state: build.json().uid });
  expect(created.statusCode, created.body).toBe(201);
  return customerConfigurationCreatedSchema.parse(created.json());
}
const url = (id: number) => `/api/customer/configuration/${id}/`;
const auth = (token: string) => ({ authorization: `Token ${token}`, "accept-language": "en" });

describe("customer configuration by id", () => {
  it("shares a build under an id and a token; the token opens it in another browser (GET and PATCH)", async () => {
    const owner = await visitor();
    const configuration = await shared(owner);
    expect(configuration).toMatchObject({ vehicle: rav4AtMaple, vehicle_summary: { make: "Toyota", model: "RAV4" }, build_state: { vehicle: rav4AtMaple, state: { selected: ["040"] } } });
    expect(configuration.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const other = await visitor();
    const opened = await other.get(url(configuration.id), auth(configuration.token));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(customerConfigurationSchema.parse(opened.json()).build_state.uid).toBe(configuration.build_state.uid);
    // The token opens this configuration only, not the build by its uid.
    expect((await other.get(`/api/build-and-price/build-state/${configuration.build_state.uid}/`)).statusCode).toBe(404);

    const changed = await other.request("PATCH", url(configuration.id), { body: { options: ["1H5", "PKG-WNTR", "HTDWHL", "FB20"] }, headers: auth(configuration.token) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().build_state.state.selected.sort()).toEqual(["1H5", "FB20", "PKG-WNTR"]);
    // The owner's session sees the change and needs no token.
    expect((await owner.get(url(configuration.id))).json().build_state.state.selected.sort()).toEqual(["1H5", "FB20", "PKG-WNTR"]);
  });

  it("no token: 401 with WWW-Authenticate; a wrong or malformed one: 403; another dealership: 404", async () => {
    const configuration = await shared(await visitor());
    const other = await visitor();
    const missing = await other.get(url(configuration.id), { "accept-language": "en" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Token realm="configuration"');
    expect(missing.json().detail).toBe("Send the configuration's token in the Authorization header (Token <token>).");
    for (const header of [`Token ${"x".repeat(43)}`, "Bearer abc", "Token short"]) {
      const wrong = await other.get(url(configuration.id), { authorization: header, "accept-language": "en" });
      expect(wrong.statusCode, header).toBe(403);
      expect(wrong.json().detail).toBe("This token does not open this configuration.");
    }
    expect((await other.request("PATCH", url(configuration.id), { body: { options: [] } })).statusCode).toBe(401);
    expect((await other.request("PATCH", url(configuration.id), { body: { options: [] }, headers: auth("y".repeat(43)) })).statusCode).toBe(403);

    const laval = await visitor("boulevard-laval");
    expect((await laval.get(url(configuration.id), auth(configuration.token))).statusCode).toBe(404);
    expect((await other.get(url(999_999), auth(configuration.token))).statusCode).toBe(404);
  });

  it("bad bodies are 400 naming the field; a build the caller may not use is refused on build_state", async () => {
    const owner = await visitor();
    const configuration = await shared(owner);
    const bad = await owner.request("PATCH", url(configuration.id), { body: { options: "1H5", source: "NOPE" }, headers: auth(configuration.token) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["options", "source"]));
    const unknownCode = await owner.request("PATCH", url(configuration.id), { body: { options: ["NOT-A-CODE"] }, headers: auth(configuration.token) });
    expect(unknownCode.statusCode).toBe(400);
    expect((await owner.get("/api/customer/configuration/abc/", auth(configuration.token))).statusCode).toBe(400);

    const stranger = await visitor();
    const refused = await stranger.post("/api/customer/configuration/", { build_state: configuration.build_state.uid }, { "accept-language": "en" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("build_state");
    expect((await stranger.post("/api/customer/configuration/", {})).json()).toHaveProperty("build_state");
  });

  it("reads the token of the header", () => {
    expect(tokenOfHeader(undefined)).toBeNull();
    expect(tokenOfHeader(`token ${"a".repeat(20)}`)).toBe("a".repeat(20));
    expect(tokenOfHeader("Basic dXNlcjpwYXNz")).toBe("");
  });
});
