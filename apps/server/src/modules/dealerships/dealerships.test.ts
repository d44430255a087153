import { homeDealershipSchema, paymentSettingsSchema, vdpSettingsSchema } from "@showroom/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";
import { dealershipsService } from "./service.ts";
import { dealerships } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

type Expected = {
  code: string;
  name: string;
  header_variant: "classic" | "nav_banner" | "seamless" | "manufacturer" | "checkout";
  allowed_languages: string[];
  is_multilingual: boolean;
  currency_unit: "cad" | "usd";
  length_unit: "km" | "mi";
  country: "CA" | "US";
  province_code: string;
  button_cta_color: string;
  compulsory_login: boolean;
  uses_credit_score: boolean;
  /** The 404 detail in the dealership's first language, which a browser that states none gets. */
  not_found: string;
};

const DEMO: Expected[] = [
  {
    code: "maple-auto",
    name: "Maple Auto Toronto",
    header_variant: "classic",
    allowed_languages: ["en-ca", "fr-ca"],
    is_multilingual: true,
    currency_unit: "cad",
    length_unit: "km",
    country: "CA",
    province_code: "ON",
    button_cta_color: "#b91c1c",
    compulsory_login: false,
    uses_credit_score: false,
    not_found: "Not found.",
  },
  {
    code: "boulevard-laval",
    name: "Automobiles Boulevard Laval",
    header_variant: "nav_banner",
    allowed_languages: ["fr-ca", "en-ca"],
    is_multilingual: true,
    currency_unit: "cad",
    length_unit: "km",
    country: "CA",
    province_code: "QC",
    button_cta_color: "#0b3d91",
    compulsory_login: false,
    uses_credit_score: false,
    not_found: "Introuvable.",
  },
  {
    code: "lakeshore-buffalo",
    name: "Lakeshore Motors Buffalo",
    header_variant: "checkout",
    allowed_languages: ["en-us"],
    is_multilingual: false,
    currency_unit: "usd",
    length_unit: "mi",
    country: "US",
    province_code: "NY",
    button_cta_color: "#111827",
    compulsory_login: true,
    uses_credit_score: true,
    not_found: "Not found.",
  },
  {
    code: "maple-vw-ottawa",
    name: "Maple Volkswagen Ottawa",
    header_variant: "manufacturer",
    allowed_languages: ["en-ca", "fr-ca"],
    is_multilingual: true,
    currency_unit: "cad",
    length_unit: "km",
    country: "CA",
    province_code: "ON",
    button_cta_color: "#001e50",
    compulsory_login: false,
    uses_credit_score: false,
    not_found: "Not found.",
  },
];

/** The ids of one dealership's vehicles, straight from the database. */
async function vehicleIdsOf(code: string): Promise<number[]> {
  const rows = await testApp.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .innerJoin(dealerships, eq(vehicles.dealershipId, dealerships.id))
    .where(eq(dealerships.code, code));
  return rows.map((r) => r.id);
}

describe.each(DEMO)("dealership $code", (expected) => {
  const other = DEMO.find((d) => d.code !== expected.code)!;

  describe("home-dealership", () => {
    it("answers the full dealer info with the dealership's own settings", async () => {
      const response = await client(testApp, expected.code).get("/api/quickshop/dealership/home-dealership/");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      const body = response.json();
      // Every field of the contract, nothing more (no photo host: feed photos come through the image route).
      const info = homeDealershipSchema.strict().parse(body);
      expect(homeDealershipSchema.parse(body)).toEqual(info);
      expect(body).not.toHaveProperty("photo_origins");
      expect(info.code).toBe(expected.code);
      expect(info.name).toBe(expected.name);
      expect(info.header_variant).toBe(expected.header_variant);
      expect(info.allowed_languages).toEqual(expected.allowed_languages);
      expect(info.is_multilingual).toBe(expected.is_multilingual);
      expect(info.currency_unit).toBe(expected.currency_unit);
      expect(info.length_unit).toBe(expected.length_unit);
      expect(info.country).toBe(expected.country);
      expect(info.province_code).toBe(expected.province_code);
      expect(info.theme.button_cta_color).toBe(expected.button_cta_color);
      expect(info.compulsory_login).toBe(expected.compulsory_login);
      expect(info.theme.logo_url).toBe(`/api/quickshop/dealership/logo/${expected.code}.svg`);
    });
  });

  describe("payment-settings", () => {
    it("answers the dealership's payment settings", async () => {
      const response = await client(testApp, expected.code).get("/api/quickshop/dealership/payment-settings/");
      expect(response.statusCode).toBe(200);
      const settings = paymentSettingsSchema.strict().parse(response.json());
      expect(settings.uses_credit_score).toBe(expected.uses_credit_score);
      expect(settings.country).toBe(expected.country);
      expect(settings.currency_unit).toBe(expected.currency_unit);
      expect(settings.length_unit).toBe(expected.length_unit);
      expect(settings.payment_frequencies).toContain(settings.default_payment_frequency);
      expect(settings.finance_terms).toContain(settings.default_finance_term);
      expect(settings.lease_terms).toContain(settings.default_lease_term);
      expect(settings.distance_allowances).toContain(settings.default_distance_allowance);
      for (const limit of Object.values(settings.down_payment_limits)) expect(limit).toMatch(/^\d+\.\d{2}$/);
    });

    it("includes sales tax in the payments exactly when the dealer info says so", async () => {
      const settings = (await client(testApp, expected.code).get("/api/quickshop/dealership/payment-settings/")).json();
      const info = (await client(testApp, expected.code).get("/api/quickshop/dealership/home-dealership/")).json();
      expect(settings.include_sales_tax).toBe(true);
      expect(info.include_sales_tax).toBe(settings.include_sales_tax);
    });
  });

  describe("vdp-settings", () => {
    it("answers the dealership's VDP settings", async () => {
      const response = await client(testApp, expected.code).get("/api/quickshop/dealership/vdp-settings/");
      expect(response.statusCode).toBe(200);
      vdpSettingsSchema.strict().parse(response.json());
    });

    it("answers for a vehicle of this dealership", async () => {
      const [id] = await vehicleIdsOf(expected.code);
      expect(id).toBeDefined();
      const response = await client(testApp, expected.code).get(`/api/quickshop/dealership/vdp-settings/?vehicle=${id}`);
      expect(response.statusCode).toBe(200);
      vdpSettingsSchema.strict().parse(response.json());
    });

    it(`answers 404 for a vehicle of another dealership (${other.code})`, async () => {
      const [foreignId] = await vehicleIdsOf(other.code);
      expect(foreignId).toBeDefined();
      expect(await vehicleIdsOf(expected.code)).not.toContain(foreignId);
      const response = await client(testApp, expected.code).get(`/api/quickshop/dealership/vdp-settings/?vehicle=${foreignId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: expected.not_found });
    });

    it("answers 400 naming vehicle for a vehicle id that is not a number", async () => {
      for (const value of ["abc", "-1", "0", "1.5"]) {
        const response = await client(testApp, expected.code).get(`/api/quickshop/dealership/vdp-settings/?vehicle=${value}`);
        expect(response.statusCode, `vehicle=${value}`).toBe(400);
        expect(response.json()).toHaveProperty("vehicle");
        expect(response.json().vehicle).toEqual([expect.any(String)]);
      }
    });

    it("answers 404 for an order (none exist yet)", async () => {
      const response = await client(testApp, expected.code).get("/api/quickshop/dealership/vdp-settings/?order=1");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: expected.not_found });
    });
  });
});

/** A seeded vehicle of maple-auto in this condition. */
async function vehicleOfMaple(condition: "New" | "Used", certified: boolean): Promise<number> {
  const ids = new Set(await vehicleIdsOf("maple-auto"));
  const rows = await testApp.database.db.select().from(vehicles).where(eq(vehicles.condition, condition));
  const row = rows.find((r) => ids.has(r.id) && r.isCertified === certified && r.msrpCents !== null);
  if (!row) throw new Error(`no ${condition} vehicle (certified: ${certified}) at maple-auto`);
  return row.id;
}

describe("home-dealership, kept between calls", () => {
  it("answers a renamed dealership's new name once its row is read again, and the same answer until then", async () => {
    const maple = client(testApp, "maple-auto");
    const read = async () => (await maple.get("/api/quickshop/dealership/home-dealership/")).body;
    const before = await read();
    expect(await read()).toBe(before);
    const name = homeDealershipSchema.parse(JSON.parse(before)).name;
    await testApp.database.db.update(dealerships).set({ name: "Maple Auto Renamed" }).where(eq(dealerships.code, "maple-auto"));
    try {
      testApp.app.dealerships.invalidate();
      expect(homeDealershipSchema.parse(JSON.parse(await read())).name).toBe("Maple Auto Renamed");
    } finally {
      await testApp.database.db.update(dealerships).set({ name }).where(eq(dealerships.code, "maple-auto"));
      testApp.app.dealerships.invalidate();
    }
    expect(await read()).toBe(before);
  });
});

describe("vehicle settings overrides", () => {
  it("applies a vehicle's own VDP override over the dealership's settings", async () => {
    const id = await vehicleOfMaple("New", false);
    const base = (await client(testApp, "maple-auto").get("/api/quickshop/dealership/vdp-settings/")).json();
    const flipped = !base.show_savings_detail;
    await testApp.database.db
      .update(vehicles)
      .set({ vdpSettings: { show_savings_detail: flipped } })
      .where(eq(vehicles.id, id!));

    const response = await client(testApp, "maple-auto").get(`/api/quickshop/dealership/vdp-settings/?vehicle=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...base, show_savings_detail: flipped });
  });

  it("never shows savings detail for a used or certified vehicle (its MSRP is the original one), even with an override", async () => {
    const base = (await client(testApp, "maple-auto").get("/api/quickshop/dealership/vdp-settings/")).json();
    expect(base.show_savings_detail).toBe(true);
    for (const certified of [false, true]) {
      const id = await vehicleOfMaple("Used", certified);
      await testApp.database.db
        .update(vehicles)
        .set({ vdpSettings: { show_savings_detail: true, show_savings_details_expanded_by_default: true } })
        .where(eq(vehicles.id, id));
      const response = await client(testApp, "maple-auto").get(`/api/quickshop/dealership/vdp-settings/?vehicle=${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json(), `certified: ${certified}`).toEqual({ show_savings_detail: false, show_savings_details_expanded_by_default: false });
    }
  });

  it("never answers a vehicle id that does not exist", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/dealership/vdp-settings/?vehicle=99999999");
    expect(response.statusCode).toBe(404);
  });
});

describe("CRM settings", () => {
  it("are the seeded private settings of each dealership, read through the service", async () => {
    const service = dealershipsService(testApp.database.db);
    const settingsOf = async (code: string) => service.crmSettings((await service.byCode(code))!.id);
    expect(await settingsOf("maple-auto")).toEqual({ crm_email: "crm@maple-auto.example", dealer_leads_enabled: true });
    expect(await settingsOf("boulevard-laval")).toEqual({ crm_email: "crm@boulevard-laval.example", dealer_leads_enabled: false });
    expect(await settingsOf("lakeshore-buffalo")).toEqual({ crm_email: null, dealer_leads_enabled: false });
    expect(await service.crmSettings(99999999)).toBeNull();
  });

  it("never appear in the public dealer info", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/dealership/home-dealership/");
    expect(response.statusCode).toBe(200);
    expect(response.payload).not.toMatch(/crm|dealer_leads/i);
  });
});

describe("logo", () => {
  it("serves each dealership's drawn logo without a tenant header", async () => {
    const response = await client(testApp, null).get("/api/quickshop/dealership/logo/boulevard-laval.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.payload).toContain("Automobiles Boulevard Laval");
  });

  it("answers 404 for an unknown dealership's logo", async () => {
    const response = await client(testApp, null).get("/api/quickshop/dealership/logo/nobody.svg");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
  });
  it("serves a tab icon per dealership, and the default dealership's at /favicon.ico (no redirect)", async () => {
    const icon = await client(testApp, null).get("/api/quickshop/dealership/icon/boulevard-laval.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(icon.payload).toContain(">AB</text>");
    const favicon = await client(testApp, null).get("/favicon.ico");
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(favicon.payload).toContain(">MA</text>");
  });
});
