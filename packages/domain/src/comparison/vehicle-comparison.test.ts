import { describe, expect, it } from "vitest";
import { compareQuerySchema } from "../schemas/comparison.ts";
import { cleanSearchAdFilters, searchAdCreateSchema, searchAdParams } from "../schemas/search-ads.ts";
import { cleanComparedList, COMPARE_MAX, toggleCompared } from "./compare-picks.ts";
import { comparedValue, comparisonRows, parseCompareIds, type ComparedVehicleFacts } from "./vehicle-comparison.ts";

const base: ComparedVehicleFacts = {
  year: 2024,
  make: "Toyota",
  model: "RAV4",
  marketing_trim: "XLE AWD",
  trim_fr: "XLE TI",
  is_new: true,
  is_cpo: false,
  is_certified: false,
  msrp: "38999.00",
  dealer_price: "36999.00",
  body_type: "suv",
  drivetrain: "AWD",
  transmission: "Automatic",
  fuel_type: "Gasoline",
  odometer: 12,
  exterior_color: "Blue",
  interior_color: "Black",
  stock_number: "A100",
  vin: "2T3P1RFV8RW000001",
  available: true,
  payment: { payment_type: "lease", amount: "245.10", payment_frequency: "biweekly", term: 48, rate: "4.99" },
};
const vehicle = (overrides: Partial<ComparedVehicleFacts>): ComparedVehicleFacts => ({ ...base, ...overrides });

describe("parseCompareIds", () => {
  it("reads two to four ids in their order, each once", () => {
    expect(parseCompareIds("12,7,31")).toEqual({ ok: true, ids: [12, 7, 31] });
    expect(parseCompareIds(" 12 , 7,,12 ")).toEqual({ ok: true, ids: [12, 7] });
  });
  it("puts the details page's vehicle first", () => {
    expect(parseCompareIds("3,9", "9")).toEqual({ ok: true, ids: [9, 3] });
    expect(parseCompareIds("3", "9")).toEqual({ ok: true, ids: [9, 3] });
  });
  it("refuses fewer than two and more than four", () => {
    expect(parseCompareIds("")).toEqual({ ok: false, reason: "too_few" });
    expect(parseCompareIds(null)).toEqual({ ok: false, reason: "too_few" });
    expect(parseCompareIds("5,5")).toEqual({ ok: false, reason: "too_few" });
    expect(parseCompareIds("1,2,3,4,5")).toEqual({ ok: false, reason: "too_many" });
    expect(parseCompareIds("1,2,3,4")).toEqual({ ok: true, ids: [1, 2, 3, 4] });
  });
  it("refuses anything that is not a vehicle id", () => {
    for (const raw of ["1,abc", "1,-2", "0,1", "1,2.5", "1,99999999999", "1,2147483648"]) expect(parseCompareIds(raw)).toEqual({ ok: false, reason: "invalid" });
  });
  it("is the API's query schema, refusing with the ids field", () => {
    expect(compareQuerySchema.parse({ ids: "4,5" })).toEqual({ ids: [4, 5] });
    const refused = compareQuerySchema.safeParse({ ids: "4" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["ids"]);
  });
});

describe("toggleCompared and cleanComparedList", () => {
  it("adds and removes a vehicle", () => {
    expect(toggleCompared([1], 2)).toEqual({ list: [1, 2], full: false });
    expect(toggleCompared([1, 2], 1)).toEqual({ list: [2], full: false });
  });
  it("adds none past the maximum, and says so", () => {
    const full = [1, 2, 3, 4];
    expect(full).toHaveLength(COMPARE_MAX);
    expect(toggleCompared(full, 5)).toEqual({ list: full, full: true });
    expect(toggleCompared(full, 4)).toEqual({ list: [1, 2, 3], full: false });
  });
  it("reads back only whole positive ids, each once, at most four", () => {
    expect(cleanComparedList([3, 3, "4", -1, 2.5, 7, 8, 9, 10])).toEqual([3, 7, 8, 9]);
    expect(cleanComparedList("1,2")).toEqual([]);
    expect(cleanComparedList(null)).toEqual([]);
  });
});

describe("comparisonRows", () => {
  it("lists price, payment and specifications with the vehicles' values in order", () => {
    const rows = comparisonRows([base, vehicle({ dealer_price: "31999.00", year: 2023 })], { pricesShown: true });
    const keys = rows.map((r) => r.key);
    expect(keys.slice(0, 5)).toEqual(["price", "msrp", "payment", "condition", "year"]);
    expect(keys).toContain("stock_number");
    expect(rows.find((r) => r.key === "price")).toEqual({ key: "price", values: ["36999.00", "31999.00"], differs: true });
    expect(rows.find((r) => r.key === "make")).toEqual({ key: "make", values: ["Toyota", "Toyota"], differs: false });
  });
  it("says which rows differ, reading text without regard to case or spacing", () => {
    const rows = comparisonRows([base, vehicle({ make: " toyota ", exterior_color: "Red" })], { pricesShown: true });
    expect(rows.find((r) => r.key === "make")?.differs).toBe(false);
    expect(rows.find((r) => r.key === "exterior_color")?.differs).toBe(true);
  });
  it("keeps only the differences when asked", () => {
    const rows = comparisonRows([base, vehicle({ odometer: 40_000, is_new: false, msrp: null })], { pricesShown: true, onlyDifferences: true });
    expect(rows.map((r) => r.key)).toEqual(["msrp", "condition", "odometer"]);
  });
  it("compares payments by type, amount, frequency, term and rate", () => {
    const weekly = vehicle({ payment: { ...base.payment!, payment_frequency: "weekly" } });
    expect(comparisonRows([base, weekly], { pricesShown: true }).find((r) => r.key === "payment")?.differs).toBe(true);
    expect(comparisonRows([base, vehicle({})], { pricesShown: true }).find((r) => r.key === "payment")?.differs).toBe(false);
    // A vehicle without a payment differs from one with.
    expect(comparisonRows([base, vehicle({ payment: null })], { pricesShown: true }).find((r) => r.key === "payment")).toMatchObject({ differs: true });
  });
  it("shows no price rows where prices are locked", () => {
    const keys = comparisonRows([base, vehicle({})], { pricesShown: false }).map((r) => r.key);
    expect(keys).not.toContain("price");
    expect(keys).not.toContain("msrp");
    expect(keys).not.toContain("payment");
    expect(keys).toContain("year");
  });
  it("leaves out a row no vehicle has a value for, and a used vehicle's original MSRP", () => {
    const used = { is_new: false, msrp: "40000.00" };
    const keys = comparisonRows([vehicle({ ...used, interior_color: "" }), vehicle({ ...used, interior_color: " " })], { pricesShown: true }).map((r) => r.key);
    expect(keys).not.toContain("interior_color");
    expect(keys).not.toContain("msrp");
  });
  it("reads the trim in the shopper's language and a certified vehicle as cpo", () => {
    expect(comparedValue(base, "trim", "fr")).toBe("XLE TI");
    expect(comparedValue(base, "trim", "en")).toBe("XLE AWD");
    expect(comparedValue(vehicle({ is_new: false, is_certified: true }), "condition")).toBe("cpo");
  });
});

describe("search ad filters", () => {
  it("takes the search API's filters", () => {
    const parsed = searchAdCreateSchema.safeParse({ title: "SUVs", filters: { make: "Toyota", bodyType: ["suv"], maxYear: "2025" } });
    expect(parsed.success).toBe(true);
  });
  it("refuses an unknown filter, naming it", () => {
    const parsed = searchAdCreateSchema.safeParse({ title: "SUVs", filters: { colour: "red" } });
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([["filters", "colour"]]);
  });
  it("refuses a value the search refuses, naming its filter", () => {
    const parsed = searchAdCreateSchema.safeParse({ title: "SUVs", filters: { minYear: "last year", condition: "old" } });
    expect(parsed.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["filters.condition", "filters.minYear"]);
  });
  it("refuses an empty title and the page as a filter", () => {
    expect(searchAdCreateSchema.safeParse({ title: " ", filters: {} }).error?.issues[0]?.path).toEqual(["title"]);
    expect(searchAdCreateSchema.safeParse({ title: "A", filters: { page: "2" } }).error?.issues[0]?.path).toEqual(["filters", "page"]);
  });
  it("keeps filters without empty values, and as the list's address", () => {
    const kept = cleanSearchAdFilters({ make: " Honda ", model: "", bodyType: ["suv", "suv", "coupe"], trim: [""] });
    expect(kept).toEqual({ make: "Honda", bodyType: ["suv", "coupe"] });
    expect(searchAdParams(kept).toString()).toBe("make=Honda&bodyType=suv&bodyType=coupe");
  });
});
