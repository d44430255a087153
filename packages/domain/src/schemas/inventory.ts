import { z } from "zod";
import { detailErrorSchema, moneySchema, paginatedSchema } from "./common.ts";
import { MAX_ROW_ID } from "./ids.ts";
import { PAYMENT_FREQUENCIES } from "../constants.ts";
import { validationMessage } from "../validation-messages.ts";
import { SEARCH_FEATURES, STOCK_TYPES, type StockType } from "../search/search-constants.ts";
import type { AdvertisedTermsWire } from "../pricing/advertising.ts";

const nullableMoney = moneySchema.nullable();

export const dealershipDetailsSchema = z.object({
  uid: z.string(),
  code: z.string(),
  name: z.string(),
  location: z.string(),
  /** Kilometres or miles (the dealership's unit) from the shopper's postal code; null without one. */
  distance: z.number().nullable(),
});
export type DealershipDetails = z.infer<typeof dealershipDetailsSchema>;

const paymentAmountSchema = z.object({ amount: nullableMoney });
/** A stored payment at the dealership's defaults, shown at its default frequency. */
const periodicPaymentSchema = z.object({ amount: nullableMoney, payment_frequency: z.enum(PAYMENT_FREQUENCIES) });

/** The terms a vehicle's advertised payments and price must carry (pricing/advertising.ts), as the API sends them. */
export const advertisedTermsSchema = z.object({
  jurisdiction: z.string(),
  all_in_price: nullableMoney,
  finance: z
    .object({ term: z.number().int(), rate: z.string(), down_payment: moneySchema, cost_of_borrowing: moneySchema, total_of_payments: moneySchema })
    .nullable(),
  lease: z
    .object({
      term: z.number().int(),
      rate: z.string().nullable(),
      down_payment: moneySchema,
      due_at_signing: moneySchema,
      security_deposit: moneySchema,
      distance_allowance: z.number().int().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<AdvertisedTermsWire>;

/** What a vehicle card needs: the list sends this, the details call sends the full record. */
export const vehicleSummarySchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  vin: z.string(),
  stock_number: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  marketing_trim: z.string(),
  trim_fr: z.string(),
  vehicle_condition: z.enum(["New", "Used"]),
  is_new: z.boolean(),
  is_used: z.boolean(),
  is_cpo: z.boolean(),
  is_certified: z.boolean(),
  is_reserved: z.boolean(),
  stock_status: z.string(),
  stock_type: z.enum(STOCK_TYPES as [StockType, ...StockType[]]),
  live_state: z.enum(["L", "S"]),
  listing_price: nullableMoney,
  msrp: nullableMoney,
  dealer_price: nullableMoney,
  cash_payment: paymentAmountSchema,
  finance_payment: periodicPaymentSchema,
  lease_payment: periodicPaymentSchema,
  /** The terms the advertised payments and price must carry where the vehicle's dealership is (issue 24, point 11); null until priced. */
  advertised_terms: advertisedTermsSchema.nullable(),
  body_type: z.string(),
  exterior_color: z.string(),
  exterior_color_normalized: z.string(),
  interior_color: z.string(),
  fuel_type: z.string(),
  drivetrain: z.string(),
  transmission: z.string(),
  odometer: z.number().int(),
  main_image: z.string().nullable(),
  arrival_date: z.string().nullable(),
  dealership_details: dealershipDetailsSchema,
  vdp_url: z.string(),
  vdp_url_fr: z.string(),
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

export const vehiclePackageSchema = z.object({ name: z.string(), price: nullableMoney, items: z.array(z.string()) });

/** Vehicle (storefront spec section 3), every field. */
export const vehicleSchema = vehicleSummarySchema.extend({
  model_code: z.string().nullable(),
  is_port_vehicle: z.boolean(),
  is_vin_fake: z.boolean(),
  jato_id: z.string().nullable(),
  formatted_dealer_price: z.string().nullable(),
  formatted_msrp: z.string().nullable(),
  delivery_charge: nullableMoney,
  freight: nullableMoney,
  pdi: nullableMoney,
  dealer_fee: nullableMoney,
  colors: z.object({ exterior: z.string(), interior: z.string() }),
  images: z.array(z.string()),
  packages: z.array(vehiclePackageSchema),
  features: z.array(z.string()),
  search_features: z.array(z.enum(SEARCH_FEATURES)),
  description: z.string(),
  in_stock_date: z.string().nullable(),
  spin_car_url: z.string().nullable(),
  available: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetValue = z.infer<typeof facetValueSchema>;
const rangeSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/** Counts per choice, each computed with every other filter applied. */
export const searchFacetsSchema = z.object({
  condition: z.array(facetValueSchema),
  make: z.array(facetValueSchema),
  model: z.array(facetValueSchema),
  trim: z.array(facetValueSchema),
  bodyType: z.array(facetValueSchema),
  drivetrain: z.array(facetValueSchema),
  exteriorColor: z.array(facetValueSchema),
  interiorColor: z.array(facetValueSchema),
  fuelType: z.array(facetValueSchema),
  transmission: z.array(facetValueSchema),
  stockType: z.array(facetValueSchema),
  features: z.array(facetValueSchema),
  dealership: z.array(facetValueSchema.extend({ name: z.string() })),
  year: rangeSchema,
  mileage: rangeSchema,
  /** Dollars of the chosen paymentType: the cash price, or the stored payment in the result's budget_frequency. */
  payment: rangeSchema,
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const vehicleSearchResultSchema = paginatedSchema(vehicleSummarySchema).extend({
  facets: searchFacetsSchema,
  /** The frequency of the stored finance and lease payments (the cards' own): a budget by payment and its range are in it. */
  budget_frequency: z.enum(PAYMENT_FREQUENCIES),
});
export type VehicleSearchResult = z.infer<typeof vehicleSearchResultSchema>;
/** The search's 404: an unknown dealership, or (code no_vehicle_list) one without a vehicle list, with its website. */
export const vehicleSearchNotFoundSchema = detailErrorSchema.extend({ code: z.string().optional(), website: z.string().nullable().optional() });

export const vehicleLookupQuerySchema = z.object({ source: z.string().trim().max(40).optional() });
export const vehicleIdParamSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^(\d{1,10}|[A-HJ-NPR-Za-hj-npr-z0-9]{17})$/, validationMessage("vehicle_id"))
    .refine((id) => !/^\d+$/.test(id) || Number(id) <= MAX_ROW_ID, validationMessage("vehicle_id")),
});

export const colourRecordSchema = z.object({
  code: z.string(),
  value: z.string(),
  value_type: z.enum(["hex"]),
  exact: z.boolean(),
  image_code: z.string().nullable(),
  simple_value: z.string(),
  swatch_url: z.string().nullable(),
  name: z.string(),
});
export const coloursQuerySchema = z.object({
  codes: z.string().trim().max(500).optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  make: z.string().trim().max(60).optional(),
  model: z.string().trim().max(60).optional(),
  vifnum: z.string().trim().max(40).optional(),
  jato_id: z.string().trim().max(40).optional(),
  model_code: z.string().trim().max(40).optional(),
});

export const carfaxBadgeSchema = z.object({ code: z.string(), label: z.string(), image_url: z.string().nullable() });
export const carfaxBadgesSchema = z.object({ vin: z.string(), badges: z.array(carfaxBadgeSchema), report_url: z.string().nullable() });
