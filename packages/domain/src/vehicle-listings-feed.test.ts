import { describe, expect, it } from "vitest";
import {
  parseVehicleListingsTsv,
  vehicleListingsProblems,
  vehicleListingsRows,
  vehicleListingsTsv,
  VEHICLE_LISTINGS_COLUMNS,
  type VehicleListingsVehicle,
} from "./vehicle-listings-feed.ts";

const vehicle = (overrides: Partial<VehicleListingsVehicle>): VehicleListingsVehicle =>
  ({
    id: 7,
    vin: "1M8GDM9AXKP042788",
    is_vin_fake: false,
    stock_number: "A100",
    year: 2026,
    make: "Toyota",
    model: "RAV4",
    trim: "XLE",
    marketing_trim: "XLE AWD",
    is_new: true,
    is_cpo: false,
    msrp: "36000.00",
    listing_price: "34000.00",
    advertised_price: "36716.00",
    odometer: 12,
    exterior_color: "Blue\tMetallic",
    body_type: "SUV",
    fuel_type: "Hybrid",
    in_stock_date: "2026-10-01",
    ...overrides,
  }) as VehicleListingsVehicle;

const dealer = { code: "maple-auto", name: "Maple Auto Toronto", full_address: "1 King St, Toronto, ON", currency_unit: "cad", length_unit: "km" } as const;
const rowsOf = (vehicles: VehicleListingsVehicle[]) =>
  vehicleListingsRows({ dealer, vehicles, link: (v) => `https://shop.test/details/${v.id}/`, image: () => "https://shop.test/p.svg", description: () => "A car.\nNice." });

describe("the vehicle-listings feed", () => {
  it("has one row per vehicle with Google's attributes: the advertised price with its currency, mileage with its unit", () => {
    const [row] = rowsOf([vehicle({})]);
    expect(row).toMatchObject({
      id: "A100",
      vin: "1M8GDM9AXKP042788",
      store_code: "maple-auto",
      price: "36716.00 CAD",
      vehicle_msrp: "36000.00 CAD",
      condition: "new",
      certified_pre_owned: "",
      make: "Toyota",
      model: "RAV4",
      trim: "XLE AWD",
      year: "2026",
      mileage: "12 km",
      engine: "hybrid",
      exterior_color: "Blue Metallic",
      description: "A car. Nice.",
    });
  });

  it("leaves out a vehicle without a price it may advertise, or with a made-up VIN", () => {
    expect(rowsOf([vehicle({ advertised_price: null }), vehicle({ is_vin_fake: true })])).toEqual([]);
  });

  it("is a TSV whose rows read back and validate; a row lacking a required attribute is reported", () => {
    const used = vehicle({ id: 8, is_new: false, is_cpo: true, msrp: "30000.00", advertised_price: "21000.00", odometer: 42000 });
    const tsv = vehicleListingsTsv(rowsOf([vehicle({}), used]));
    expect(tsv.split("\n")[0]).toBe(VEHICLE_LISTINGS_COLUMNS.join("\t"));
    expect(vehicleListingsProblems(tsv)).toEqual([]);
    const items = parseVehicleListingsTsv(tsv);
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ condition: "used", certified_pre_owned: "yes", vehicle_msrp: "", mileage: "42000 km" });
    const broken = tsv.replace("\tmaple-auto\t", "\t\t");
    expect(vehicleListingsProblems(broken)).toContain("row 1 lacks store_code");
    expect(vehicleListingsProblems(tsv.replace("36716.00 CAD", "36,716 $"))).toContain("row 1 has the price 36,716 $");
  });
});
