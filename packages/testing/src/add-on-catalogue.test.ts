import { PAYMENT_TYPES, PLAN_TAX_FLAGS, PROTECTION_CATEGORIES, type PlanPriceEntry, type ProtectionPlan } from "@showroom/domain";
import { describe, expect, it } from "vitest";
import {
  ACCESSORY_CATALOGUE_PICTURE_KINDS,
  ACCESSORY_MAKES,
  ACCESSORY_QUESTIONS,
  accessoryMakeCode,
  buildAccessoryCatalogue,
  buildProtectionPlans,
  type PlanRegion,
} from "./add-on-catalogue.ts";
import { CATALOGUE } from "./vehicle-catalogue.ts";

const catalogues = ACCESSORY_MAKES.map((make) => ({ make, accessories: buildAccessoryCatalogue(make) }));
const bilingual = (en: string, fr: string) => en.trim().length > 0 && fr.trim().length > 0;

describe("buildAccessoryCatalogue", () => {
  it("covers every make of the vehicle catalogue with at least 25 accessories, one of them inactive", () => {
    expect(ACCESSORY_MAKES).toEqual([...new Set(CATALOGUE.map((model) => model.make))]);
    for (const { make, accessories } of catalogues) {
      expect(accessories.length, make).toBeGreaterThanOrEqual(25);
      expect(accessories.filter((a) => !a.active).length, make).toBe(1);
    }
  });

  it("gives every accessory a sku unique across the whole catalogue, starting with its make's code", () => {
    const skus = catalogues.flatMap(({ accessories }) => accessories.map((a) => a.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const { make, accessories } of catalogues) {
      for (const a of accessories) expect(a.sku.startsWith(`${accessoryMakeCode(make)}-`), a.sku).toBe(true);
    }
  });

  it("names conflicts that exist in the same make's catalogue, listed on both sides, at least three pairs per make", () => {
    for (const { make, accessories } of catalogues) {
      const bySku = new Map(accessories.map((a) => [a.sku, a]));
      const pairs = new Set<string>();
      for (const a of accessories) {
        for (const other of a.incompatible_skus) {
          expect(bySku.has(other), `${a.sku} → ${other}`).toBe(true);
          expect(bySku.get(other)!.incompatible_skus, `${other} ← ${a.sku}`).toContain(a.sku);
          expect(other).not.toBe(a.sku);
          pairs.add([a.sku, other].sort().join("|"));
        }
      }
      expect(pairs.size, make).toBeGreaterThanOrEqual(3);
    }
  });

  it("writes every text in both languages, with names that differ between them", () => {
    for (const { accessories } of catalogues) {
      for (const a of accessories) {
        expect(bilingual(a.name, a.name_fr), a.sku).toBe(true);
        expect(bilingual(a.description, a.description_fr), a.sku).toBe(true);
        expect(bilingual(a.legal_disclaimer, a.legal_disclaimer_fr), a.sku).toBe(true);
        expect(a.name_fr, a.sku).not.toBe(a.name);
        expect(a.description_fr, a.sku).not.toBe(a.description);
      }
    }
    const liners = buildAccessoryCatalogue("Toyota").find((a) => a.sku === "TOY-FLM-AW")!;
    expect(liners.name).toBe("Toyota all-weather floor liners");
    expect(liners.name_fr).toBe("Tapis protège-planchers toutes saisons Toyota");
  });

  it("prices in whole cents between $49.99 and $2,899.00 and quotes installation one way at most", () => {
    for (const { accessories } of catalogues) {
      for (const a of accessories) {
        expect(Number.isInteger(a.price), a.sku).toBe(true);
        expect(a.price, a.sku).toBeGreaterThanOrEqual(4_999);
        expect(a.price, a.sku).toBeLessThanOrEqual(289_900);
        expect(a.price_recurring).toBeNull();
        const labour = a.installation_labour_rate !== null;
        expect(a.installation_labour_time !== null, a.sku).toBe(labour);
        if (labour) expect(a.installation_labour_time, a.sku).toMatch(/^\d+\.\d$/);
        const ways = [labour, a.installation_charge_override !== null, a.price_including_installation !== null].filter(Boolean);
        expect(ways.length, a.sku).toBeLessThanOrEqual(1);
        if (a.price_including_installation !== null) expect(a.price_including_installation, a.sku).toBeGreaterThan(a.price);
      }
      const kinds = (test: (a: (typeof accessories)[number]) => boolean) => accessories.some(test);
      expect(kinds((a) => a.installation_labour_rate !== null)).toBe(true);
      expect(kinds((a) => a.installation_charge_override !== null)).toBe(true);
      expect(kinds((a) => a.price_including_installation !== null)).toBe(true);
      expect(kinds((a) => a.installation_labour_rate === null && a.installation_charge_override === null && a.price_including_installation === null)).toBe(true);
    }
  });

  it("keeps pre- and port-installed accessories on the vehicle and ties origin to makes", () => {
    for (const { make, accessories } of catalogues) {
      expect(accessories.some((a) => a.pre_installed), make).toBe(true);
      expect(accessories.some((a) => a.port_installed), make).toBe(true);
      for (const a of accessories) {
        expect(a.is_removable, a.sku).toBe(!a.pre_installed && !a.port_installed);
        expect(a.makes, a.sku).toEqual(a.origin === "oem" ? [make] : []);
        expect(["I", "E"]).toContain(a.category);
      }
      expect(new Set(accessories.map((a) => a.origin))).toEqual(new Set(["oem", "third_party"]));
    }
  });

  it("fits only body types the make sells, pickup parts only to makes with a pickup", () => {
    for (const { make, accessories } of catalogues) {
      const bodies = new Set(CATALOGUE.filter((model) => model.make === make).map((model) => model.body));
      for (const a of accessories) for (const body of a.vehicle_types) expect(bodies.has(body), `${a.sku} ${body}`).toBe(true);
      expect(accessories.some((a) => a.vehicle_types.includes("Pickup")), make).toBe(bodies.has("Pickup"));
    }
  });

  it("points every picture at a drawn kind, recommended items also at their wide and square versions", () => {
    const address = /^\/api\/accessories\/pictures\/([a-z-]+)\.svg$/;
    for (const { make, accessories } of catalogues) {
      for (const a of accessories) {
        const kind = address.exec(a.image ?? "")?.[1];
        expect(ACCESSORY_CATALOGUE_PICTURE_KINDS, a.sku).toContain(kind);
        expect(a.recommended_image_desktop === null, a.sku).toBe(a.recommended_image_mobile === null);
        if (a.recommended_image_desktop !== null) {
          expect(a.recommended_image_desktop).toBe(`${a.image}?size=wide`);
          expect(a.recommended_image_mobile).toBe(`${a.image}?size=square`);
        }
      }
      expect(accessories.some((a) => a.recommended_image_desktop !== null), make).toBe(true);
    }
  });

  it("is deterministic", () => {
    expect(buildAccessoryCatalogue("Ford")).toEqual(buildAccessoryCatalogue("Ford"));
  });
});

const REGIONS: PlanRegion[] = [
  { country: "CA", province_code: "ON", length_unit: "km" },
  { country: "CA", province_code: "QC", length_unit: "km" },
  { country: "CA", province_code: "AB", length_unit: "km" },
  { country: "CA", province_code: "BC", length_unit: "km" },
  { country: "US", province_code: "NY", length_unit: "mi" },
  { country: "US", province_code: "TX", length_unit: "mi" },
];
const plansOf = (province: string) => buildProtectionPlans(REGIONS.find((r) => r.province_code === province)!);
const entriesOf = (plans: Omit<ProtectionPlan, "id">[]) => plans.flatMap((plan) => plan.prices_set.map((entry) => ({ plan, entry })));
const taxesOf = (...flags: string[]) => Object.fromEntries(PLAN_TAX_FLAGS.map((flag) => [flag, flags.includes(flag)]));

describe("buildProtectionPlans", () => {
  it("offers two or three plans of every category in every region, with unique product codes", () => {
    for (const region of REGIONS) {
      const plans = buildProtectionPlans(region);
      for (const category of PROTECTION_CATEGORIES) {
        const count = plans.filter((plan) => plan.category === category).length;
        expect(count, `${region.province_code} ${category}`).toBeGreaterThanOrEqual(2);
        expect(count, `${region.province_code} ${category}`).toBeLessThanOrEqual(3);
      }
      expect(new Set(plans.map((plan) => plan.product_code)).size).toBe(plans.length);
    }
  });

  it("writes names and descriptions in both languages", () => {
    for (const { plan, entry } of entriesOf(plansOf("QC"))) {
      expect(bilingual(plan.name, plan.name_fr)).toBe(true);
      expect(plan.name_fr).not.toBe(plan.name);
      expect(bilingual(plan.description, plan.description_fr)).toBe(true);
      expect(bilingual(entry.name_en, entry.name_fr)).toBe(true);
      expect(entry.name_fr).not.toBe(entry.name_en);
    }
  });

  it("prices every entry in positive whole cents, for the plan's payment types, unnumbered for the seed", () => {
    for (const region of REGIONS) {
      for (const { plan, entry } of entriesOf(buildProtectionPlans(region))) {
        expect(Number.isInteger(entry.price) && entry.price > 0, plan.product_code).toBe(true);
        expect(Number.isInteger(entry.deductible_amount)).toBe(true);
        expect(entry.id).toBe(0);
        expect(entry.protection_plan_id).toBe(0);
        expect(entry.source).toBe("catalogue");
        expect(plan.payment_type).toContain(entry.payment_type);
        expect(PAYMENT_TYPES).toContain(entry.payment_type);
        if (entry.payment_type === "cash") expect(entry.rate).toBeNull();
        else expect(entry.rate).toMatch(/^\d+\.\d{2}$/);
        expect(entry.deductible_type === "none").toBe(entry.deductible_amount === 0);
        expect(entry.deductible_label).toBe(`$${entry.deductible_amount / 100}`);
      }
      for (const plan of buildProtectionPlans(region)) {
        expect(plan.prices_set.length, plan.product_code).toBeGreaterThan(0);
        for (const payment of plan.payment_type) expect(plan.prices_set.some((e) => e.payment_type === payment), plan.product_code).toBe(true);
        expect(plan.use_fallback_prices, plan.product_code).toBe(plan.fallback_price !== null);
      }
    }
  });

  it("raises prices with duration and distance and lowers them with the deductible", () => {
    const key = (e: PlanPriceEntry, leave: "duration" | "distance" | "deductible") =>
      [e.payment_type, leave === "duration" ? "" : e.duration, leave === "distance" ? "" : e.km_range.from, leave === "deductible" ? "" : e.deductible_amount].join("|");
    const ordered = (entries: PlanPriceEntry[], leave: "duration" | "distance" | "deductible", by: (e: PlanPriceEntry) => number) => {
      const groups = new Map<string, PlanPriceEntry[]>();
      for (const e of entries) groups.set(key(e, leave), [...(groups.get(key(e, leave)) ?? []), e]);
      for (const group of groups.values()) {
        const prices = group.toSorted((a, b) => by(a) - by(b)).map((e) => e.price);
        for (let i = 1; i < prices.length; i++) {
          if (leave === "deductible") expect(prices[i]).toBeLessThan(prices[i - 1]!);
          else expect(prices[i]).toBeGreaterThan(prices[i - 1]!);
        }
      }
      return groups;
    };
    for (const plan of plansOf("ON")) {
      ordered(plan.prices_set, "duration", (e) => e.duration);
      ordered(plan.prices_set, "distance", (e) => e.km_range.from);
      ordered(plan.prices_set, "deductible", (e) => e.deductible_amount);
      expect(new Set(plan.prices_set.map((e) => e.duration)).size, plan.product_code).toBeGreaterThanOrEqual(3);
    }
    const durations = plansOf("ON").flatMap((plan) => plan.prices_set.map((e) => e.duration));
    expect(Math.min(...durations)).toBe(24);
    expect(Math.max(...durations)).toBe(96);
  });

  it("measures distance in km in Canada and in miles in the United States", () => {
    const upperBounds = (plans: Omit<ProtectionPlan, "id">[]) => new Set(entriesOf(plans).map(({ entry }) => entry.km_range.to));
    expect(upperBounds(plansOf("ON"))).toEqual(new Set([60_000, 100_000, 160_000, null]));
    expect(upperBounds(plansOf("NY"))).toEqual(new Set([36_000, 60_000, 100_000, null]));
    for (const { entry } of entriesOf(plansOf("NY"))) {
      expect(entry.name_en).toMatch(/ mi$/);
      expect(entry.name_fr).not.toContain("km");
      expect(entry.name_fr).toMatch(/ milles( illimités)?$/);
    }
    for (const { entry } of entriesOf(plansOf("ON"))) expect(entry.name_en).toMatch(/ km$/);
  });

  it("offers some plans not on a lease, one only on a lease for exactly its term, and custom durations", () => {
    const plans = plansOf("ON");
    expect(plans.some((plan) => !plan.payment_type.includes("lease"))).toBe(true);
    const leaseOnly = plans.filter((plan) => plan.payment_type.length === 1 && plan.payment_type[0] === "lease");
    expect(leaseOnly).toHaveLength(1);
    expect(leaseOnly[0]!.force_match_lease_term).toBe(true);
    expect(leaseOnly[0]!.prices_set.every((e) => e.force_match_lease_term)).toBe(true);
    expect(leaseOnly[0]!.custom_duration_en).toBe("Lifetime of the lease");
    expect(leaseOnly[0]!.custom_duration_fr).toBe("Durée du bail");
    for (const plan of plans) {
      expect(plan.duration_type === "custom", plan.product_code).toBe(plan.custom_duration_en !== null && plan.custom_duration_fr !== null);
    }
    expect(plans.filter((plan) => plan.duration_type === "custom").length).toBeGreaterThanOrEqual(2);
    for (const plan of plans.filter((p) => p.category === "PU")) expect(plan.vehicle_condition).toEqual(["used", "cpo"]);
  });

  it("taxes plans as designed for each region", () => {
    for (const plan of plansOf("ON")) expect(plan.taxes).toEqual(taxesOf("hst"));
    for (const plan of plansOf("QC")) {
      const appearance = plan.product_code === "PP-PFP";
      expect(plan.taxes, plan.product_code).toEqual(appearance ? taxesOf("qst") : taxesOf("gst", "qst"));
    }
    for (const plan of plansOf("NY")) expect(plan.taxes).toEqual(taxesOf("pst"));
    for (const plan of plansOf("TX")) expect(plan.taxes).toEqual(taxesOf());
    const alberta = plansOf("AB");
    expect(alberta.find((p) => p.product_code === "PN-CMP")!.taxes).toEqual(taxesOf("gst"));
    expect(alberta.find((p) => p.product_code === "PS-TWP")!.taxes).toEqual(taxesOf());
    expect(plansOf("BC").find((p) => p.product_code === "PN-CMP")!.taxes).toEqual(taxesOf("gst", "pst"));
  });

  it("reminds Quebec buyers of the legal warranty on warranties only", () => {
    for (const plan of plansOf("QC")) {
      const warranty = plan.category === "PN" || plan.category === "PU";
      expect(plan.description_fr.includes("garantie légale"), plan.product_code).toBe(warranty);
      expect(plan.description.includes("legal warranty"), plan.product_code).toBe(warranty);
    }
    for (const plan of plansOf("ON")) expect(plan.description_fr).not.toContain("garantie légale");
  });

  it("is deterministic", () => {
    expect(plansOf("QC")).toEqual(plansOf("QC"));
  });
});

describe("ACCESSORY_QUESTIONS", () => {
  it("asks five to eight questions with unique ids, in both languages", () => {
    expect(ACCESSORY_QUESTIONS.length).toBeGreaterThanOrEqual(5);
    expect(ACCESSORY_QUESTIONS.length).toBeLessThanOrEqual(8);
    expect(new Set(ACCESSORY_QUESTIONS.map((q) => q.id)).size).toBe(ACCESSORY_QUESTIONS.length);
    for (const q of ACCESSORY_QUESTIONS) {
      expect(bilingual(q.question, q.question_fr) && bilingual(q.answer, q.answer_fr)).toBe(true);
      expect(q.question_fr).not.toBe(q.question);
    }
  });
});
