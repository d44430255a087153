import { provincesSchema, settingsRecordSchema, staticDataSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

const labelOf = (list: { value: string; label: string }[], value: string) => list.find((item) => item.value === value)?.label;

describe("GET /api/settings/", () => {
  it("answers the global client settings", async () => {
    const response = await client(testApp, "maple-auto").get("/api/settings/");
    expect(response.statusCode).toBe(200);
    const settings = settingsRecordSchema.strict().parse(response.json());
    expect(settings.include_moto_dealer_ga).toBe(false);
    expect(settings.version).toBe(testApp.config.version);
    expect(settings.isAutotrader).toBe(false);
  });

  it("needs the tenant header like every storefront call", async () => {
    const response = await client(testApp, null).get("/api/settings/");
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe("string");
  });
});

describe("GET /api/quickshop/static-data/", () => {
  it("answers English labels by default", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/static-data/");
    expect(response.statusCode).toBe(200);
    const data = staticDataSchema.strict().parse(response.json());
    expect(labelOf(data.transmission_types, "Automatic")).toBe("Automatic");
    expect(labelOf(data.payment_frequencies, "biweekly")).toBe("Bi-weekly");
    expect(data.makes.length).toBeGreaterThan(0);
    expect(data.normalized_colors.map((c) => c.value)).toContain("Black");
    expect(data.fuel_types.map((c) => c.value)).toContain("Electric");
  });

  it("answers French labels for a French browser on maple-auto", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/static-data/", { "accept-language": "fr-CA,fr;q=0.9" });
    expect(response.statusCode).toBe(200);
    const data = staticDataSchema.parse(response.json());
    expect(labelOf(data.transmission_types, "Automatic")).toBe("Automatique");
    expect(labelOf(data.transmission_types, "Manual")).toBe("Manuelle");
    expect(labelOf(data.fuel_types, "Electric")).toBe("Électrique");
    expect(labelOf(data.normalized_colors, "Black")).toBe("Noir");
    expect(labelOf(data.payment_frequencies, "weekly")).toBe("Hebdomadaire");
    // The values stay the stored codes, whatever the language.
    expect(data.transmission_types.map((t) => t.value)).toEqual(["Automatic", "Manual"]);
  });

  it("answers English on lakeshore-buffalo even for a French browser", async () => {
    const response = await client(testApp, "lakeshore-buffalo").get("/api/quickshop/static-data/", { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(200);
    expect(labelOf(staticDataSchema.parse(response.json()).transmission_types, "Automatic")).toBe("Automatic");
  });
});

describe("GET /api/quickshop/static-data/provinces/", () => {
  it("answers the 13 provinces and territories", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/static-data/provinces/");
    expect(response.statusCode).toBe(200);
    const provinces = provincesSchema.parse(response.json());
    expect(provinces).toHaveLength(13);
    expect(provinces.map((p) => p.code).sort()).toEqual(
      ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"],
    );
    expect(provinces).toContainEqual({ code: "QC", province_name: "Quebec" });
  });

  it("answers French names in French", async () => {
    const response = await client(testApp, "maple-auto").get("/api/quickshop/static-data/provinces/", { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(200);
    const provinces = provincesSchema.parse(response.json());
    expect(provinces).toHaveLength(13);
    expect(provinces).toContainEqual({ code: "QC", province_name: "Québec" });
    expect(provinces).toContainEqual({ code: "BC", province_name: "Colombie-Britannique" });
  });

  it("answers French names to a visitor of boulevard-laval who states no language", async () => {
    const response = await client(testApp, "boulevard-laval").get("/api/quickshop/static-data/provinces/?country=CA");
    expect(response.statusCode).toBe(200);
    expect(provincesSchema.parse(response.json())).toContainEqual({ code: "QC", province_name: "Québec" });
  });

  it("answers the US states with country=US", async () => {
    const response = await client(testApp, "lakeshore-buffalo").get("/api/quickshop/static-data/provinces/?country=US");
    expect(response.statusCode).toBe(200);
    const states = provincesSchema.parse(response.json());
    expect(states).toContainEqual({ code: "NY", province_name: "New York" });
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect(states.map((s) => s.code)).not.toContain("QC");
  });

  it.each(["XX", "us", "", "CA,US"])("answers 400 naming country for country=%j", async (country) => {
    const response = await client(testApp, "maple-auto").get(`/api/quickshop/static-data/provinces/?country=${encodeURIComponent(country)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().country).toEqual([expect.any(String)]);
  });
});
