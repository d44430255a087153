import { dealershipDetailsSchema, vehicleSearchResultSchema, vehicleSummarySchema } from "@showroom/domain";
import type { ResponseSchema } from "../../lib/api.server.ts";
import type { VehicleCardData } from "./vehicle-card.tsx";

const vehicleCardSchema = vehicleSummarySchema
  .pick({ id: true, year: true, make: true, model: true, marketing_trim: true, trim_fr: true, is_new: true, is_certified: true, stock_type: true, is_reserved: true, main_image: true, listing_price: true, finance_payment: true, lease_payment: true, advertised_terms: true, odometer: true })
  .extend({ dealership_details: dealershipDetailsSchema.pick({ name: true, location: true, distance: true }) }) satisfies ResponseSchema<VehicleCardData>;

/** The search answer as the search page reads it: of each result only what its card shows, which is all the browser gets. */
export const searchPageSchema = vehicleSearchResultSchema.extend({ results: vehicleCardSchema.array() });
