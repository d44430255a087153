import { z } from "zod";
import { moneySchema, paginatedSchema } from "./common.ts";

/** The list card of a vehicle; the details page (inventory issue) returns the full record. */
export const vehicleSummarySchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  vin: z.string(),
  stock_number: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  vehicle_condition: z.enum(["New", "Used"]),
  is_new: z.boolean(),
  is_used: z.boolean(),
  is_certified: z.boolean(),
  stock_status: z.string(),
  body_type: z.string(),
  exterior_color: z.string(),
  odometer: z.number().int(),
  listing_price: moneySchema.nullable(),
  msrp: moneySchema.nullable(),
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

export const vehicleListSchema = paginatedSchema(vehicleSummarySchema);
export const vehicleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
