import { z } from "zod";
import type { DealerInfo } from "./schemas/dealership.ts";
import { moneySchema } from "./schemas/common.ts";
import { vehicleSummarySchema } from "./schemas/inventory.ts";

/**
 * A dealership's Google vehicle-listings feed (issue 24, point 3): one tab-separated row per listed vehicle, with the
 * attributes of Google's vehicle listings feed specification (developers.google.com/vehicle-listings/reference/
 * feed-specification). The price is the one the dealership may advertise (`advertisedPrice`: the all-in price of a new
 * vehicle, and of any vehicle in Ontario and Quebec), as the server answers it from the pricing engine's stored figures.
 */

/** GET /api/quickshop/inventory/vehicle-listings/: the dealership's own listed vehicles, as the feed needs them. */
export const vehicleListingsVehicleSchema = vehicleSummarySchema.extend({
  /** The price the feed advertises (null: none may be shown, e.g. prices locked behind a sign-in). */
  advertised_price: moneySchema.nullable(),
  in_stock_date: z.string().nullable(),
  is_vin_fake: z.boolean(),
});
export type VehicleListingsVehicle = z.infer<typeof vehicleListingsVehicleSchema>;
export const vehicleListingsSchema = z.object({ results: z.array(vehicleListingsVehicleSchema) });
export type VehicleListings = z.infer<typeof vehicleListingsSchema>;

/** The feed's columns, in order. */
export const VEHICLE_LISTINGS_COLUMNS = [
  "id",
  "vin",
  "store_code",
  "dealership_name",
  "dealership_address",
  "title",
  "description",
  "link",
  "image_link",
  "date_in_stock",
  "price",
  "vehicle_msrp",
  "condition",
  "certified_pre_owned",
  "make",
  "model",
  "trim",
  "year",
  "mileage",
  "exterior_color",
  "body_style",
  "engine",
  "availability",
] as const;
export type VehicleListingsColumn = (typeof VEHICLE_LISTINGS_COLUMNS)[number];

/** Attributes Google requires of every item (mileage too for a used vehicle). */
export const VEHICLE_LISTINGS_REQUIRED: readonly VehicleListingsColumn[] = [
  "vin",
  "store_code",
  "dealership_name",
  "dealership_address",
  "price",
  "condition",
  "make",
  "model",
  "year",
];

/** A cell: tabs and line breaks would break the row, so they become spaces. */
const cell = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value).replace(/[\t\r\n]+/g, " ").trim());

/** Google's engine values from the feed's fuel types. */
function engineOf(fuelType: string): string {
  const fuel = fuelType.toLowerCase();
  if (fuel.includes("plug")) return "plug_in_hybrid";
  if (fuel.includes("hybrid")) return "hybrid";
  if (fuel.includes("electric")) return "electric";
  if (fuel.includes("diesel")) return "diesel";
  if (fuel.includes("flex")) return "flex";
  return fuel ? "gasoline" : "";
}

export type FeedDealer = Pick<DealerInfo, "code" | "name" | "full_address" | "currency_unit" | "length_unit">;

/**
 * The rows of the feed. Only vehicles with a real VIN and a price that may be advertised are items (Google refuses
 * the others); the caller gives each vehicle's page address, its description and absolute picture address.
 */
export function vehicleListingsRows(input: {
  dealer: FeedDealer;
  vehicles: readonly VehicleListingsVehicle[];
  link: (vehicle: VehicleListingsVehicle) => string;
  image: (vehicle: VehicleListingsVehicle) => string | null;
  description: (vehicle: VehicleListingsVehicle) => string;
}): Record<VehicleListingsColumn, string>[] {
  const currency = input.dealer.currency_unit.toUpperCase();
  const unit = input.dealer.length_unit === "mi" ? "miles" : "km";
  return input.vehicles
    .filter((vehicle) => vehicle.advertised_price !== null && !vehicle.is_vin_fake)
    .map((vehicle) => {
      const trim = vehicle.marketing_trim || vehicle.trim;
      const row: Record<VehicleListingsColumn, string | number | null> = {
        id: vehicle.stock_number || String(vehicle.id),
        vin: vehicle.vin,
        store_code: input.dealer.code,
        dealership_name: input.dealer.name,
        dealership_address: input.dealer.full_address,
        title: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${trim}`,
        description: input.description(vehicle),
        link: input.link(vehicle),
        image_link: input.image(vehicle),
        date_in_stock: vehicle.in_stock_date,
        price: `${vehicle.advertised_price} ${currency}`,
        vehicle_msrp: vehicle.is_new && vehicle.msrp ? `${vehicle.msrp} ${currency}` : null,
        condition: vehicle.is_new ? "new" : "used",
        certified_pre_owned: vehicle.is_new ? null : vehicle.is_cpo ? "yes" : "no",
        make: vehicle.make,
        model: vehicle.model,
        trim,
        year: vehicle.year,
        mileage: `${vehicle.odometer} ${unit}`,
        exterior_color: vehicle.exterior_color,
        body_style: vehicle.body_type,
        engine: engineOf(vehicle.fuel_type),
        availability: "in stock",
      };
      return Object.fromEntries(VEHICLE_LISTINGS_COLUMNS.map((column) => [column, cell(row[column])])) as Record<VehicleListingsColumn, string>;
    });
}

/** The feed as a TSV file: a header row of the attribute names, then one row per item. */
export function vehicleListingsTsv(rows: readonly Record<VehicleListingsColumn, string>[]): string {
  return [VEHICLE_LISTINGS_COLUMNS.join("\t"), ...rows.map((row) => VEHICLE_LISTINGS_COLUMNS.map((c) => row[c]).join("\t")), ""].join("\n");
}

/** Reads a TSV feed back (header, then rows) as records: what a test or a validator checks. */
export function parseVehicleListingsTsv(text: string): Record<string, string>[] {
  const [header = "", ...lines] = text.split("\n").filter((line) => line.length > 0);
  const columns = header.split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
  });
}

/** What is wrong with a feed's items: a required attribute missing, a row of the wrong width, a malformed price. */
export function vehicleListingsProblems(text: string): string[] {
  const [header = "", ...lines] = text.split("\n").filter((line) => line.length > 0);
  const columns = header.split("\t");
  const problems: string[] = [];
  for (const required of VEHICLE_LISTINGS_REQUIRED) if (!columns.includes(required)) problems.push(`the header lacks ${required}`);
  lines.forEach((line, i) => {
    const cells = line.split("\t");
    if (cells.length !== columns.length) problems.push(`row ${i + 1} has ${cells.length} cells, not ${columns.length}`);
    const item = Object.fromEntries(columns.map((column, c) => [column, cells[c] ?? ""]));
    for (const required of VEHICLE_LISTINGS_REQUIRED) if (!item[required]) problems.push(`row ${i + 1} lacks ${required}`);
    if (item["condition"] === "used" && !item["mileage"]) problems.push(`row ${i + 1} (used) lacks mileage`);
    if (item["price"] && !/^\d+\.\d{2} (CAD|USD)$/.test(item["price"])) problems.push(`row ${i + 1} has the price ${item["price"]}`);
    if (item["mileage"] && !/^\d+ (km|miles)$/.test(item["mileage"])) problems.push(`row ${i + 1} has the mileage ${item["mileage"]}`);
  });
  return problems;
}
