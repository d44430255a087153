import {
  buildDifferencesSchema,
  buildImagesSchema,
  buildStateSchema,
  configurationStateSchema,
  dollarsToCents,
  generatedBuildStateSchema,
  trimConfigurationResultSchema,
  trimConfigurationSchema,
  trimSchema,
  type BuildStateWire,
} from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper, registration } from "../../test/customers.ts";
import { staffAt } from "../../test/deals.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { buildAndPriceRepo } from "./repo.ts";

let testApp: TestApp;
/** The seeded built-to-order vehicles: the RAV4 XLE and Civic Touring at Maple Auto, the RAV4 at Boulevard Laval. */
let rav4AtMaple: number;
let civicAtMaple: number;
let rav4AtLaval: number;
let plainVehicleAtMaple: number;

const RAV4 = 2026101;
const RAV4_LE = 2026105;
const RAV4_MSRP = 3_450_000;

async function dealershipId(code: string) {
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, code));
  return row!.id;
}

async function vehicleOfTrim(code: string, trimId: number) {
  const [row] = await testApp.database.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, await dealershipId(code)), eq(vehicles.jatoId, String(trimId))));
  return row!.id;
}

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
  rav4AtMaple = await vehicleOfTrim("maple-auto", RAV4);
  civicAtMaple = await vehicleOfTrim("maple-auto", 2026102);
  rav4AtLaval = await vehicleOfTrim("boulevard-laval", RAV4);
  const [plain] = await testApp.database.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, await dealershipId("maple-auto")), eq(vehicles.condition, "New")))
    .limit(1);
  plainVehicleAtMaple = plain!.id;
});

afterAll(async () => {
  await testApp?.close();
});

type Browser = ReturnType<typeof client>;

async function shopperAt(code = "maple-auto") {
  const visitor = client(testApp, code);
  await visitor.get("/api/i18n/");
  return visitor;
}

const config = async (who: Browser, query: string) => {
  const response = await who.get(`/api/build-and-price/trims/${RAV4}/config/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return configurationStateSchema.parse(response.json());
};

async function createBuild(who: Browser, body: Record<string, unknown>): Promise<BuildStateWire> {
  const response = await who.post("/api/build-and-price/build-state/", body);
  expect(response.statusCode, response.body).toBe(201);
  return buildStateSchema.parse(response.json());
}

const patch = (who: Browser, uid: string, body: Record<string, unknown>) => who.request("PATCH", `/api/build-and-price/build-state/${uid}/`, { body });

describe("seed", () => {
  it("gives each dealership a built-to-order vehicle of every catalogue trim of the makes it sells", async () => {
    const db = testApp.database.db;
    const jatoIds = async (code: string) =>
      (await db.select({ jatoId: vehicles.jatoId }).from(vehicles).where(eq(vehicles.dealershipId, await dealershipId(code))))
        .map((row) => row.jatoId)
        .filter((id) => id !== null)
        .sort();
    expect(await jatoIds("maple-auto")).toEqual(["2026101", "2026102", "2026103", "2026104", "2026105"]);
    expect(await jatoIds("maple-vw-ottawa")).toEqual(["2026103"]);
    const [rav4] = await db.select().from(vehicles).where(eq(vehicles.id, rav4AtMaple));
    expect(rav4).toMatchObject({ make: "Toyota", model: "RAV4", trim: "XLE", condition: "New", bodyType: "SUV", msrpCents: RAV4_MSRP, priceCents: RAV4_MSRP, stockNumber: "BP-2026101", exteriorColor: "Super White" });
    expect(rav4!.cashPaymentCents).toBeGreaterThan(RAV4_MSRP);
  });
});

describe("GET trims/{id}/ and trims/{id}/config/", () => {
  it("answers a trim with its options and rules, 404 for an unknown one, 400 for a non-numeric id", async () => {
    const shopper = await shopperAt();
    const response = await shopper.get(`/api/build-and-price/trims/${RAV4}/`);
    expect(response.statusCode).toBe(200);
    const trim = trimSchema.parse(response.json());
    expect(trim).toMatchObject({ unhaggle_trim_id: RAV4, make: "Toyota", model: "RAV4", trim: "XLE", prices: { msrp: RAV4_MSRP } });
    expect(trim.options.find((o) => o.code === "HUD")!.rule_requires).toEqual(["PKG-TECH|PKG-PREM"]);
    const unknown = await shopper.get("/api/build-and-price/trims/999/");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Trim not found." });
    expect((await shopper.get("/api/build-and-price/trims/abc/")).statusCode).toBe(400);
    expect((await shopper.get("/api/build-and-price/trims/999/config/")).statusCode).toBe(404);
    expect((await client(testApp, null).get(`/api/build-and-price/trims/${RAV4}/`)).statusCode).toBe(400);
  });

  it("prices a selection as the trim plus the selected options; included options are free", async () => {
    const state = await config(await shopperAt(), "selected=040,PKG-WNTR,HTDWHL");
    expect(state.selected.sort()).toEqual(["040", "PKG-WNTR"]);
    expect(state.included.sort()).toEqual(["HTDWHL", "RMTSTRT", "WIPERDI"]);
    expect(state.prices).toEqual({ base_msrp: RAV4_MSRP, options_msrp: 120_000, msrp: RAV4_MSRP + 120_000 });
  });

  it("answers a change that breaks a rule with the unchanged state and its alternatives; applying one resolves it", async () => {
    const shopper = await shopperAt();
    const conflict = await config(shopper, "selected=040&add=HUD");
    expect(conflict.selected).toEqual(["040"]);
    expect(conflict.conflict).toMatchObject({ requested: { add: ["HUD"], remove: [] }, additions: ["PKG-TECH"] });
    expect(conflict.conflict!.alternatives).toEqual([
      { additions: ["PKG-TECH"], removals: [] },
      { additions: ["PKG-PREM"], removals: [] },
    ]);
    const resolved = await config(shopper, "selected=040&add=HUD,PKG-TECH");
    expect(resolved.conflict).toBeUndefined();
    expect(resolved.selected.sort()).toEqual(["040", "HUD", "PKG-TECH"]);
    expect(resolved.prices.options_msrp).toBe(250_000 + 65_000);

    // Swapping the interior: the light grey fabric conflicts with Blueprint, so the alternatives offer other interiors.
    const paint = await config(shopper, "selected=8X8,FB20&swap=FB40,FB20");
    expect(paint.conflict!.alternatives.length).toBeGreaterThan(0);
    expect(paint.selected.sort()).toEqual(["8X8", "FB20"]);
  });

  it("drops the premium paint charge when the colour changes to a standard one", async () => {
    const shopper = await shopperAt();
    const premium = await config(shopper, "selected=040&add=3U5");
    expect(premium.conflict!.alternatives[0]).toEqual({ additions: ["PPAINT"], removals: [] });
    const painted = await config(shopper, "selected=040&add=3U5,PPAINT");
    expect(painted.selected.sort()).toEqual(["3U5", "PPAINT"]);
    expect(painted.prices.options_msrp).toBe(45_500);
    const standard = await config(shopper, "selected=3U5,PPAINT,PKG-WNTR&swap=1J9,3U5");
    expect(standard.selected.sort()).toEqual(["1J9", "PKG-WNTR"]);
    expect(standard.prices.options_msrp).toBe(120_000);
  });

  it("keeps an exterior colour selected when an option is toggled", async () => {
    const added = await config(await shopperAt(), "selected=PKG-WNTR&add=QI");
    expect(added.selected.sort()).toEqual(["040", "PKG-WNTR", "QI"]);
    const removed = await config(await shopperAt(), "selected=218,QI&remove=QI");
    expect(removed.selected).toEqual(["218"]);
  });

  it("refuses unknown codes naming the parameter, a swap of one code and too many codes", async () => {
    const shopper = await shopperAt();
    const unknown = await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?selected=040&add=NOPE,HUD`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ add: ["Unknown option code: NOPE."] });
    const french = await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?selected=ZZZ`, { "accept-language": "fr-CA" });
    expect(french.json()).toEqual({ selected: ["Code d’option inconnu : ZZZ."] });
    expect((await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?swap=040`)).statusCode).toBe(400);
    const many = Array.from({ length: 401 }, (_, i) => `C${i}`).join(",");
    expect((await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?selected=${many}`)).statusCode).toBe(400);
  });

  it("explains malformed input in the shopper's language, field by field", async () => {
    const shopper = await shopperAt();
    const fr = { "accept-language": "fr-CA" };
    expect((await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?swap=040`, fr)).json()).toEqual({
      swap: ["Donnez deux codes : celui à ajouter, puis celui à retirer."],
    });
    expect((await shopper.get("/api/build-and-price/trims/abc/")).json()).toEqual({ id: ["Use a trim id (a whole number)."] });
    const many = Array.from({ length: 401 }, (_, i) => `C${i}`).join(",");
    expect((await shopper.get(`/api/build-and-price/trims/${RAV4}/config/?selected=${many}`)).json()).toEqual({ selected: ["Send at most 400 option codes."] });
    const create = await shopper.post("/api/build-and-price/build-state/", { vehicle: "x", options: ["040", ""] }, fr);
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({
      vehicle: ["Utilisez l’identifiant d’un véhicule (un nombre entier)."],
      "options.1": ["Utilisez des codes d’option de 1 à 40 caractères."],
    });
  });
});

describe("GET premium-paints/ and build-images/", () => {
  it("lists an OEM's premium paint charge codes, without case; none for another", async () => {
    const shopper = await shopperAt();
    const toyota = await shopper.get("/api/build-and-price/premium-paints/?oem=toyota");
    expect(toyota.json()).toEqual({ oem: "toyota", codes: ["PPAINT"] });
    expect((await shopper.get("/api/build-and-price/premium-paints/?oem=Honda")).json()).toEqual({ oem: "Honda", codes: [] });
    expect((await shopper.get("/api/build-and-price/premium-paints/")).statusCode).toBe(400);
  });

  it("draws the vehicle in the trim's default colour, or the build's colour, and serves the SVG", async () => {
    const shopper = await shopperAt();
    const plain = await shopper.get(`/api/build-and-price/build-images/?vehicle_id=${rav4AtMaple}`);
    expect(plain.statusCode, plain.body).toBe(200);
    const images = buildImagesSchema.parse(plain.json()).results;
    expect(images.map((i) => i.view)).toEqual(["side", "front"]);
    expect(images[0]).toEqual({
      src: "/api/build-and-price/build-images/render/suv/f4f4f2/0.svg",
      alt_en: "2026 Toyota RAV4 XLE, Super White",
      alt_fr: "2026 Toyota RAV4 XLE, Blanc pur",
      view: "side",
    });
    const build = await createBuild(shopper, { vehicle: rav4AtMaple, options: ["218"] });
    const built = await shopper.get(`/api/build-and-price/build-images/?vehicle_id=${rav4AtMaple}&build_state_id=${build.uid}`);
    expect(buildImagesSchema.parse(built.json()).results[0]!.src).toBe("/api/build-and-price/build-images/render/suv/16171a/0.svg");

    const svg = await client(testApp, null).get(images[1]!.src);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(svg.body).toContain("#f4f4f2");
    expect((await client(testApp, null).get("/api/build-and-price/build-images/render/suv/zzzzzz/0.svg")).statusCode).toBe(400);
  });

  it("answers 404 for another dealership's vehicle, a vehicle without a trim, or someone else's build", async () => {
    const shopper = await shopperAt();
    expect((await shopper.get(`/api/build-and-price/build-images/?vehicle_id=${rav4AtLaval}`)).statusCode).toBe(404);
    const noTrim = await shopper.get(`/api/build-and-price/build-images/?vehicle_id=${plainVehicleAtMaple}`);
    expect(noTrim.statusCode).toBe(404);
    expect(noTrim.json()).toEqual({ detail: "No matching trim found, cannot load vehicle and pricing." });
    const build = await createBuild(await shopperAt(), { vehicle: rav4AtMaple });
    expect((await shopper.get(`/api/build-and-price/build-images/?vehicle_id=${rav4AtMaple}&build_state_id=${build.uid}`)).statusCode).toBe(404);
  });
});

describe("build-state/", () => {
  it("starts from the default exterior colour, is changed with normalised options, and is deleted", async () => {
    const shopper = await shopperAt();
    const build = await createBuild(shopper, { vehicle: rav4AtMaple });
    expect(build).toMatchObject({ vehicle: rav4AtMaple, trim: RAV4, source: "BP_VDP", is_locked: false, configuration: null, trim_configuration: null });
    expect(build.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(build.state.selected).toEqual(["040"]);
    expect(build.state.prices.msrp).toBe(RAV4_MSRP);

    const changed = await patch(shopper, build.uid, { options: ["1H5", "PKG-WNTR", "HTDWHL", "FB20"] });
    expect(changed.statusCode, changed.body).toBe(200);
    const state = buildStateSchema.parse(changed.json()).state;
    expect(state.selected.sort()).toEqual(["1H5", "FB20", "PKG-WNTR"]);
    expect(state.prices.msrp).toBe(RAV4_MSRP + 120_000);
    expect(buildStateSchema.parse((await shopper.get(`/api/build-and-price/build-state/${build.uid}/`)).json()).state.selected.sort()).toEqual(["1H5", "FB20", "PKG-WNTR"]);

    const deleted = await shopper.request("DELETE", `/api/build-and-price/build-state/${build.uid}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await shopper.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
  });

  it("refuses unknown codes and options that break a rule, naming the rules", async () => {
    const shopper = await shopperAt();
    const unknown = await shopper.post("/api/build-and-price/build-state/", { vehicle: rav4AtMaple, options: ["040", "NOPE"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ options: ["Unknown option code: NOPE."] });
    const broken = await shopper.post("/api/build-and-price/build-state/", { vehicle: rav4AtMaple, options: ["040", "HUD"] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().options[0]).toMatch(/requires Technology Package \/ Premium Package\.$/);

    const build = await createBuild(shopper, { vehicle: rav4AtMaple, options: ["040", "HUD", "PKG-TECH"] });
    expect(build.state.prices.options_msrp).toBe(315_000);
    const patched = await patch(shopper, build.uid, { options: ["040", "FB40", "8X8"] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().options).toEqual(expect.arrayContaining([expect.stringMatching(/Light Grey fabric cannot be combined with Blueprint\./)]));
    expect((await patch(shopper, build.uid, { options: ["BOGUS"] })).json()).toEqual({ options: ["Unknown option code: BOGUS."] });
    expect((await patch(shopper, build.uid, { options: Array.from({ length: 401 }, () => "040") })).statusCode).toBe(400);
    expect((await shopper.post("/api/build-and-price/build-state/", { vehicle: "x" })).statusCode).toBe(400);
  });

  it("needs a vehicle of this dealership with a catalogue trim", async () => {
    const shopper = await shopperAt();
    const elsewhere = await shopper.post("/api/build-and-price/build-state/", { vehicle: rav4AtLaval });
    expect(elsewhere.statusCode).toBe(404);
    const noTrim = await shopper.post("/api/build-and-price/build-state/", { vehicle: plainVehicleAtMaple });
    expect(noTrim.statusCode).toBe(404);
    expect(noTrim.json()).toEqual({ detail: "No matching trim found, cannot load vehicle and pricing." });
  });

  it("keeps the source and the alternative configurator's selection", async () => {
    const shopper = await shopperAt();
    const build = await createBuild(shopper, { vehicle: rav4AtMaple, source: "BP_EXTERNAL", trim_configuration: [`trim:${RAV4}`, "040"] });
    expect(build).toMatchObject({ source: "BP_EXTERNAL", trim_configuration: [`trim:${RAV4}`, "040"] });
    const wrongTrim = await shopper.post("/api/build-and-price/build-state/", { vehicle: rav4AtMaple, source: "BP_EXTERNAL", trim_configuration: ["trim:2026102"] });
    expect(wrongTrim.statusCode).toBe(400);
    const cct = await patch(shopper, build.uid, { source: "CCT", configuration: "cfg-123" });
    expect(cct.json()).toMatchObject({ source: "CCT", configuration: "cfg-123", trim_configuration: [`trim:${RAV4}`, "040"] });
  });

  it("is refused to another session, another customer and another dealership; the dealership's staff may read and change it", async () => {
    const owner = await shopperAt();
    const build = await createBuild(owner, { vehicle: rav4AtMaple });
    const stranger = await shopperAt();
    expect((await stranger.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
    expect((await patch(stranger, build.uid, { options: [] })).statusCode).toBe(404);
    expect((await stranger.request("DELETE", `/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
    const { shopper: otherCustomer } = await registeredShopper(testApp);
    expect((await otherCustomer.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
    const laval = await shopperAt("boulevard-laval");
    expect((await laval.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
    const lavalStaff = await shopperAt("boulevard-laval");
    await lavalStaff.signInAsStaff("sales-rep@boulevard-laval.example");
    expect((await lavalStaff.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);
    // Staff who have not passed the second factor are not staff yet.
    const halfSignedIn = await shopperAt();
    await halfSignedIn.signInAsStaff("sales-manager@maple-auto.example", { secondFactorVerified: false });
    expect((await halfSignedIn.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(404);

    const staff = await shopperAt();
    await staff.signInAsStaff("sales-rep@maple-auto.example");
    expect((await staff.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(200);
    expect((await patch(staff, build.uid, { options: ["218"] })).statusCode).toBe(200);
    testApp.clock.advance(testApp.config.staffSessionIdleMs + 1_000);
    expect((await staff.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(440);
  });

  it("follows the shopper into their account at sign-up, and stays theirs", async () => {
    const shopper = client(testApp);
    await shopper.get("/api/i18n/");
    const build = await createBuild(shopper, { vehicle: civicAtMaple });
    expect(build.state.selected).toEqual(["NH-731P"]);
    expect((await shopper.post("/api/customer/", registration())).statusCode).toBe(201);
    expect((await shopper.get(`/api/build-and-price/build-state/${build.uid}/`)).statusCode).toBe(200);
    const row = await buildAndPriceRepo(testApp.database.db).stateByUid(build.uid);
    expect(row!.customerId).not.toBeNull();
  });

  it("refuses the shopper's changes once locked; staff change it where post-deposit editing is allowed, after the Last Date of Change check", async () => {
    const shopper = await shopperAt();
    const build = await createBuild(shopper, { vehicle: rav4AtMaple });
    const repo = buildAndPriceRepo(testApp.database.db);
    const row = await repo.stateByUid(build.uid);
    await repo.updateState(row!.id, { isLocked: true, postDepositEditEnabled: false });
    const locked = await patch(shopper, build.uid, { options: ["218"] });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ detail: "This build is locked and can no longer be changed." });
    const staff = await staffAt(testApp, "sales-rep@maple-auto.example");
    expect((await patch(staff, build.uid, { options: ["218"], last_date_of_change_checked: true })).statusCode).toBe(403);

    await repo.updateState(row!.id, { postDepositEditEnabled: true, postDepositEditConfirmRequired: true });
    const shoppers = await patch(shopper, build.uid, { options: ["218"] });
    expect(shoppers.statusCode).toBe(403);
    expect(shoppers.json().detail).toBe("Your deposit holds this build, so it can no longer be changed here. Your dealership can change it for you.");
    const unchecked = await patch(staff, build.uid, { options: ["218"] });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json()).toEqual({ last_date_of_change_checked: ["Check the order's Last Date of Change before saving changes to a build with a deposit."] });
    const notBoolean = await patch(staff, build.uid, { options: ["218"], last_date_of_change_checked: "yes" });
    expect(notBoolean.statusCode).toBe(400);
    expect(Object.keys(notBoolean.json())).toEqual(["last_date_of_change_checked"]);
    const assistant = await staffAt(testApp, "org-assistant@maple-group.example");
    expect((await patch(assistant, build.uid, { options: ["218"], last_date_of_change_checked: true })).statusCode).toBe(403);

    const edited = await patch(staff, build.uid, { options: ["218"], last_date_of_change_checked: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ is_locked: true, post_deposit_edit_enabled: true, state: { selected: ["218"] } });
    const [edit] = await repo.editsOf(row!.id);
    expect(edit).toMatchObject({ before: row!.selected, after: ["218"] });
    expect(edit!.lastDateOfChangeCheckedAt).not.toBeNull();

    // Where the dealership does not ask for the confirmation, staff save without it.
    await repo.updateState(row!.id, { postDepositEditConfirmRequired: false });
    expect((await patch(staff, build.uid, { options: row!.selected })).statusCode).toBe(200);
  });

  it("compares the stored build with other options", async () => {
    const shopper = await shopperAt();
    const build = await createBuild(shopper, { vehicle: rav4AtMaple, options: ["040", "HTDWHL", "QI"] });
    const response = await shopper.post(`/api/build-and-price/build-state/${build.uid}/compare_build_state/`, {
      uid: build.uid,
      vehicle: rav4AtMaple,
      options: ["218", "PKG-WNTR", "QI"],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { differences, prices } = buildDifferencesSchema.parse(response.json());
    expect(differences.map((d) => [d.code, d.change, d.msrp])).toEqual([
      ["040", "removed", 0],
      ["218", "added", 0],
      ["PKG-WNTR", "added", 120_000],
      ["RMTSTRT", "added", 0],
      ["WIPERDI", "added", 0],
    ]);
    expect(prices).toEqual({ before: RAV4_MSRP + 30_000 + 25_000, after: RAV4_MSRP + 120_000 + 25_000 });
    const otherVehicle = await shopper.post(`/api/build-and-price/build-state/${build.uid}/compare_build_state/`, { vehicle: civicAtMaple, options: [] });
    expect(otherVehicle.statusCode).toBe(400);
    expect(otherVehicle.json()).toHaveProperty("vehicle");
    const unknown = await shopper.post(`/api/build-and-price/build-state/${build.uid}/compare_build_state/`, { vehicle: rav4AtMaple, options: ["X1"] });
    expect(unknown.json()).toEqual({ options: ["Unknown option code: X1."] });
    const stranger = await shopperAt();
    expect((await stranger.post(`/api/build-and-price/build-state/${build.uid}/compare_build_state/`, { vehicle: rav4AtMaple, options: [] })).statusCode).toBe(404);
  });

  it("generates the state and pictures of a vehicle with options, storing nothing", async () => {
    const shopper = await shopperAt();
    const response = await shopper.post("/api/build-and-price/build-state/generate_build_state/", { vehicle: rav4AtMaple, options: ["3U5", "PPAINT"] });
    expect(response.statusCode, response.body).toBe(200);
    const generated = generatedBuildStateSchema.parse(response.json());
    expect(generated.state.prices.options_msrp).toBe(45_500);
    expect(generated.images[0]!.src).toBe("/api/build-and-price/build-images/render/suv/8e1a22/0.svg");
    const initial = generatedBuildStateSchema.parse((await shopper.post("/api/build-and-price/build-state/generate_build_state/", { vehicle: rav4AtMaple })).json());
    expect(initial.state.selected).toEqual(["040"]);
    expect((await shopper.post("/api/build-and-price/build-state/generate_build_state/", { vehicle: rav4AtMaple, options: ["3U5"] })).statusCode).toBe(400);
    expect((await shopper.post("/api/build-and-price/build-state/generate_build_state/", { vehicle: rav4AtLaval })).statusCode).toBe(404);
  });
});

describe("trim-configuration/", () => {
  it("gives the groups, steps and initial selection of a model with this dealership's vehicle", async () => {
    const shopper = await shopperAt();
    const response = await shopper.get("/api/build-and-price/trim-configuration/?year=2026&make=toyota&model=RAV4");
    expect(response.statusCode, response.body).toBe(200);
    const configuration = trimConfigurationSchema.parse(response.json());
    expect(configuration.groups.map((g) => [g.id, g.select_type])).toEqual([
      ["trim", "single"],
      ["exterior", "color"],
      ["interior", "color"],
      ["packages", "multi"],
      ["options", "multi"],
    ]);
    expect(configuration.groups[0]!.options).toMatchObject([
      { id: `trim:${RAV4}`, name_en: "XLE", price: RAV4_MSRP, starting_price: RAV4_MSRP },
      { id: `trim:${RAV4_LE}`, name_en: "LE", price: 3_190_000 },
    ]);
    const exterior = configuration.groups[1]!.options;
    expect(exterior.find((o) => o.id === "040")).toMatchObject({ color: "#f4f4f2", disabled: false });
    const packages = configuration.groups[3]!.options;
    expect(packages.find((o) => o.id === "PKG-WNTR")).toMatchObject({ price: 120_000, descriptions: ["Heated steering wheel", "Remote engine starter", "Wiper de-icer"] });
    expect(configuration.steps.map((s) => s.step_type)).toEqual(["configuration", "colour", "options", "packages"]);
    expect(configuration.steps[0]!.options).toEqual([`trim:${RAV4}`, `trim:${RAV4_LE}`]);
    expect(configuration.initial_configuration).toEqual({
      selected_options: [`trim:${RAV4}`, "040"],
      vehicle: { id: rav4AtMaple, make: "Toyota", trim: "XLE", marketing_trim: null, model: "RAV4", msrp: RAV4_MSRP, year: 2026 },
    });
    const vw = await shopperAt("maple-vw-ottawa");
    const noVehicle = trimConfigurationSchema.parse((await vw.get("/api/build-and-price/trim-configuration/?year=2026&make=Toyota&model=RAV4&trim=xle")).json());
    expect(noVehicle.initial_configuration.vehicle).toBeNull();
  });

  it("answers 404 when no trim matches, 400 for bad input", async () => {
    const shopper = await shopperAt();
    const none = await shopper.get("/api/build-and-price/trim-configuration/?year=2026&make=Tesla&model=Model%203");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: "No matching trim found, cannot load vehicle and pricing." });
    expect((await shopper.get("/api/build-and-price/trim-configuration/?year=2026&make=Toyota&model=RAV4&trim=Limited")).statusCode).toBe(404);
    expect((await shopper.get("/api/build-and-price/trim-configuration/?year=abc&make=Toyota&model=RAV4")).statusCode).toBe(400);
    const post = await shopper.post("/api/build-and-price/trim-configuration/", { year: 2026, make: "Tesla", model: "Model 3", prev_selected_options: [], selected_options: [] });
    expect(post.statusCode).toBe(404);
  });

  it("checks a valid selection: the resulting selection, what changed and the matching vehicle", async () => {
    const shopper = await shopperAt();
    const response = await shopper.post("/api/build-and-price/trim-configuration/", {
      year: 2026,
      make: "Toyota",
      model: "RAV4",
      prev_selected_options: [`trim:${RAV4}`, "040"],
      selected_options: [`trim:${RAV4}`, "040", "PKG-WNTR", "HTDWHL"],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = trimConfigurationResultSchema.parse(response.json());
    expect(result).toMatchObject({ is_valid: true, added: ["PKG-WNTR"], removed: [], problems: [], problem_reason: null, suggested_selections: [] });
    expect(result.resulting_selection).toEqual([`trim:${RAV4}`, "040", "PKG-WNTR"]);
    expect(result.requested_selection).toEqual([`trim:${RAV4}`, "040", "PKG-WNTR", "HTDWHL"]);
    expect(result.matching_vehicle!.id).toBe(rav4AtMaple);
  });

  it("changes trim: the previous trim's choices the new one lacks are dropped, and the new trim's vehicle matches", async () => {
    const shopper = await shopperAt();
    const check = (prev: string[], selected: string[]) =>
      shopper.post("/api/build-and-price/trim-configuration/", { year: 2026, make: "Toyota", model: "RAV4", prev_selected_options: prev, selected_options: selected });
    const response = await check([`trim:${RAV4}`, "3U5", "PPAINT", "PKG-PREM", "FB20"], [`trim:${RAV4_LE}`, "3U5", "PPAINT", "PKG-PREM", "FB20"]);
    expect(response.statusCode, response.body).toBe(200);
    const result = trimConfigurationResultSchema.parse(response.json());
    expect(result).toMatchObject({ is_valid: true, added: [`trim:${RAV4_LE}`], removed: [`trim:${RAV4}`, "PKG-PREM"] });
    expect(result.resulting_selection).toEqual([`trim:${RAV4_LE}`, "3U5", "FB20", "PPAINT"]);
    expect(result.matching_vehicle!.id).toBe(await vehicleOfTrim("maple-auto", RAV4_LE));
    // A code of neither trim is refused, as is a code of the previous trim that the shopper did not have.
    expect((await check([`trim:${RAV4}`, "040"], [`trim:${RAV4_LE}`, "040", "HUD"])).statusCode).toBe(400);
    expect((await check([`trim:${RAV4_LE}`, "040"], [`trim:${RAV4_LE}`, "040", "NOPE"])).statusCode).toBe(400);
  });

  it("checks an invalid selection: problems, the previous selection kept, and selections that resolve it", async () => {
    const shopper = await shopperAt();
    const response = await shopper.post("/api/build-and-price/trim-configuration/", {
      year: 2026,
      make: "Toyota",
      model: "RAV4",
      prev_selected_options: [`trim:${RAV4}`, "040"],
      selected_options: [`trim:${RAV4}`, "040", "HUD"],
    });
    const result = trimConfigurationResultSchema.parse(response.json());
    expect(result.is_valid).toBe(false);
    expect(result.problems).toEqual(["Head-up display requires Technology Package / Premium Package."]);
    expect(result.problem_reason).toBe("This combination of options cannot be built.");
    expect(result.resulting_selection).toEqual([`trim:${RAV4}`, "040"]);
    expect(result.suggested_selections.map((s) => [...s].sort())).toEqual([
      ["040", "HUD", "PKG-TECH", `trim:${RAV4}`],
      ["040", "HUD", "PKG-PREM", `trim:${RAV4}`],
    ]);
    const french = await shopper.post(
      "/api/build-and-price/trim-configuration/",
      { year: 2026, make: "Toyota", model: "RAV4", prev_selected_options: [], selected_options: [`trim:${RAV4}`, "8X8", "FB40"] },
      { "accept-language": "fr-CA" },
    );
    expect(french.json().problems[0]).toMatch(/ne peut pas être combiné avec/);
  });

  it("needs exactly one trim of the model and codes of that trim", async () => {
    const shopper = await shopperAt();
    const body = { year: 2026, make: "Toyota", model: "RAV4", prev_selected_options: [] };
    const noTrim = await shopper.post("/api/build-and-price/trim-configuration/", { ...body, selected_options: ["040"] });
    expect(noTrim.statusCode).toBe(400);
    expect(noTrim.json()).toEqual({ selected_options: ["Choose exactly one trim of this model."] });
    expect((await shopper.post("/api/build-and-price/trim-configuration/", { ...body, selected_options: ["trim:2026102"] })).statusCode).toBe(400);
    const unknown = await shopper.post("/api/build-and-price/trim-configuration/", { ...body, selected_options: [`trim:${RAV4}`, "NH-731P"] });
    expect(unknown.json()).toEqual({ selected_options: ["Unknown option code: NH-731P."] });
  });
});

describe("with pricing and deals", () => {
  async function cash(who: Browser, body: Record<string, unknown>) {
    return who.post("/api/payment-type/cash/pricing/", { inventory: rav4AtMaple, ...body });
  }

  it("prices the configured vehicle: the build's options MSRP is added to the price", async () => {
    const shopper = await shopperAt();
    const build = await createBuild(shopper, { vehicle: rav4AtMaple, options: ["040", "PKG-WNTR"] });
    const bare = await cash(shopper, {});
    const configured = await cash(shopper, { build_state_uid: build.uid });
    expect(configured.statusCode, configured.body).toBe(200);
    expect(dollarsToCents(configured.json().subtotal) - dollarsToCents(bare.json().subtotal)).toBe(120_000);
    expect(dollarsToCents(configured.json().payment)).toBeGreaterThan(dollarsToCents(bare.json().payment));
    const finance = await shopper.post("/api/payment-type/finance/pricing/", { inventory: rav4AtMaple, use_fallback_values: true, build_state_uid: build.uid });
    const bareFinance = await shopper.post("/api/payment-type/finance/pricing/", { inventory: rav4AtMaple, use_fallback_values: true });
    expect(dollarsToCents(finance.json().payment)).toBeGreaterThan(dollarsToCents(bareFinance.json().payment));

    // A later change of settings prices the build as it is now.
    expect((await patch(shopper, build.uid, { options: ["040", "PKG-WNTR", "PKG-TOW"] })).statusCode).toBe(200);
    const updated = await shopper.request("PUT", `/api/payment-type/${configured.json().id}/`, { body: {} });
    expect(dollarsToCents(updated.json().subtotal) - dollarsToCents(bare.json().subtotal)).toBe(120_000 + 95_000);
  });

  it("refuses another session's build, or a build of another vehicle", async () => {
    const owner = await shopperAt();
    const build = await createBuild(owner, { vehicle: rav4AtMaple });
    const stranger = await shopperAt();
    const refused = await cash(stranger, { build_state_uid: build.uid });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ build_state_uid: ["This build is no longer available for this vehicle. Please build the vehicle again."] });
    const civic = await createBuild(owner, { vehicle: civicAtMaple });
    expect((await cash(owner, { build_state_uid: civic.uid })).statusCode).toBe(400);
  });

  it("saves a deal only with the customer's own build of the deal's vehicle", async () => {
    const { shopper } = await registeredShopper(testApp);
    const build = await createBuild(shopper, { vehicle: rav4AtMaple });
    const civic = await createBuild(shopper, { vehicle: civicAtMaple });
    const { shopper: other } = await registeredShopper(testApp);
    const othersBuild = await createBuild(other, { vehicle: rav4AtMaple });

    const refused = await shopper.post("/api/order/", { vehicle: rav4AtMaple, build_state: othersBuild.uid });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty("build_state");
    expect((await shopper.post("/api/order/", { vehicle: rav4AtMaple, build_state: civic.uid })).statusCode).toBe(400);
    const saved = await shopper.post("/api/order/", { vehicle: rav4AtMaple, build_state: build.uid });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().build_state).toBe(build.uid);
    const order = saved.json().id as number;
    expect((await shopper.request("PATCH", `/api/order/${order}/`, { body: { build_state: othersBuild.uid } })).statusCode).toBe(400);
    expect((await shopper.request("PATCH", `/api/order/${order}/`, { body: { build_state: build.uid } })).statusCode).toBe(200);
  });
});
