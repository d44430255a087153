import { describe, expect, it } from "vitest";
import { buildVehicle } from "./vehicle.ts";
import { createRandom } from "./random.ts";
import { implausibilities, type VehicleFacts } from "./vehicle-rules.ts";

const base: VehicleFacts = {
  year: 2023, make: "Hyundai", model: "Ioniq 5", trim: "Preferred", condition: "Used", bodyType: "SUV", fuelType: "Electric",
  drivetrain: "AWD", modelCode: "NE112", odometer: 45_000, msrpCents: 5_400_000, priceCents: 4_100_000, features: [], packages: [],
};

describe("what a dealer would find wrong with demo stock", () => {
  it("finds the three the shopping-core review found", () => {
    expect(implausibilities({ ...base, year: 2017, odometer: 120_000, priceCents: 2_000_000 }, "km")).toContain("2017 Ioniq 5 was not sold that year");
    expect(implausibilities({ ...base, make: "Volkswagen", model: "ID.4", trim: "Pro", modelCode: "E2112", year: 2017, odometer: 120_000, priceCents: 2_000_000 }, "km")).toContain("2017 ID.4 was not sold that year");
    const truck = { ...base, make: "Ford", model: "F-150", trim: "XLT", bodyType: "Pickup", fuelType: "Gasoline", drivetrain: "4WD", modelCode: "TACO48", msrpCents: 5_600_000, features: ["Third-row seating"] };
    expect(implausibilities(truck, "km")).toEqual(["model code TACO48 is not a F-150's", "Third-row seating on a F-150"]);
  });

  it("finds odd mileages and prices, and accepts a believable vehicle", () => {
    expect(implausibilities(base, "km")).toEqual([]);
    expect(implausibilities({ ...base, odometer: 900 }, "km")).toEqual(["900 km on a 2023"]);
    expect(implausibilities({ ...base, priceCents: 5_500_000 }, "km")).toContain("a price above the MSRP");
    expect(implausibilities({ ...base, condition: "New", year: 2026, odometer: 2_000 }, "km")).toContain("a new vehicle with 2000 km");
  });

  it("holds for everything the generator draws, in kilometres and in miles", () => {
    const random = createRandom(2026);
    for (let i = 0; i < 2_000; i++) {
      const unit = i % 2 ? "km" : "mi";
      const vehicle = buildVehicle(random, {}, { unit });
      expect(implausibilities(vehicle, unit), `${vehicle.year} ${vehicle.make} ${vehicle.model}`).toEqual([]);
    }
  });
});
