import {
  advertisedTermsToWire,
  centsToDecimalString,
  featuresInMask,
  formatMoney,
  isMultilingual,
  pricingCondition,
  stockTypeOf,
  type Cents,
  type LatLng,
  type Locale,
  type PaymentFrequency,
  type PricedVehicle,
  type Vehicle,
  type VehicleSummary,
} from "@showroom/domain";
import { feedPhotoUrls } from "./feed-photos.ts";
import { generatedPictureUrls } from "./pictures.ts";
import type { SummaryRow, VehicleRow } from "./repo.ts";

/** What the inventory needs to know of a dealership whose vehicles it lists. */
export type ListingDealership = {
  id: number;
  uid: string;
  code: string;
  name: string;
  location: string;
  coords: LatLng;
  lengthUnit: "km" | "mi";
  currency: "cad" | "usd";
  allowedLanguages: Locale[];
  paymentFrequency: PaymentFrequency;
};

export const isListed = (row: Pick<VehicleRow, "available" | "stockStatus">) => row.available && row.stockStatus !== "S" && row.stockStatus !== "U";

const dollars = (value: number | null) => (value === null ? null : centsToDecimalString(value as Cents));

function vdpUrls(row: Pick<VehicleRow, "id">, dealer: ListingDealership) {
  if (!isMultilingual(dealer.allowedLanguages)) {
    const url = `/${dealer.code}/details/${row.id}/`;
    return { vdp_url: url, vdp_url_fr: url };
  }
  return { vdp_url: `/en/${dealer.code}/details/${row.id}/`, vdp_url_fr: `/fr/${dealer.code}/details/${row.id}/` };
}

/**
 * A vehicle's pictures: its feed photos through the image route (resized and cached there, never hot-linked from the
 * feed's host), or drawn ones of its body type and colour when the feed sent none. `first`: only the main one.
 */
export function vehiclePictureUrls(row: Pick<VehicleRow, "id" | "images" | "bodyType" | "exteriorColorNormalized">, first = false): string[] {
  if (!row.images.length) return generatedPictureUrls(row);
  return feedPhotoUrls(row.id, first ? row.images.slice(0, 1) : row.images);
}

export function toVehicleSummary(row: SummaryRow, dealer: ListingDealership, distance: number | null): VehicleSummary {
  const images = vehiclePictureUrls(row, true);
  return {
    id: row.id,
    uid: row.uid,
    vin: row.vin,
    stock_number: row.stockNumber,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    marketing_trim: row.marketingTrim || row.trim,
    trim_fr: row.trimFr || row.trim,
    vehicle_condition: row.condition,
    is_new: row.condition === "New",
    is_used: row.condition === "Used",
    is_cpo: row.condition === "Used" && row.isCertified,
    is_certified: row.isCertified,
    is_reserved: row.stockStatus === "R" || row.heldForCustomerId !== null,
    stock_status: row.stockStatus,
    stock_type: stockTypeOf(row.stockStatus),
    live_state: isListed(row) ? "L" : "S",
    listing_price: dollars(row.priceCents),
    msrp: dollars(row.msrpCents),
    dealer_price: dollars(row.priceCents),
    cash_payment: { amount: dollars(row.cashPaymentCents) },
    finance_payment: { amount: dollars(row.financePaymentCents), payment_frequency: dealer.paymentFrequency },
    lease_payment: { amount: dollars(row.leasePaymentCents), payment_frequency: dealer.paymentFrequency },
    advertised_terms: advertisedTermsToWire(row.advertisedTerms),
    body_type: row.bodyType,
    exterior_color: row.exteriorColor,
    exterior_color_normalized: row.exteriorColorNormalized,
    interior_color: row.interiorColor,
    fuel_type: row.fuelType,
    drivetrain: row.drivetrain,
    transmission: row.transmission,
    odometer: row.odometer,
    main_image: images[0] ?? null,
    arrival_date: row.arrivalDate,
    dealership_details: { uid: dealer.uid, code: dealer.code, name: dealer.name, location: dealer.location, distance },
    ...vdpUrls(row, dealer),
  };
}

/** The vehicle as a saved deal shows it (spec 3, "Saved vehicle record"), with what matching needs. */
export function toSavedVehicle(row: VehicleRow) {
  const title = `${row.year} ${row.make} ${row.model}`;
  return {
    id: row.id,
    title: `${title} ${row.marketingTrim || row.trim}`.trim(),
    title_fr: `${title} ${row.trimFr || row.marketingTrim || row.trim}`.trim(),
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
    year: row.year,
    make: row.make,
    model: row.model,
    model_fr: row.model,
    trim: row.trim,
    trim_fr: row.trimFr || row.trim,
    vin: row.vin,
    stock_number: row.stockNumber,
    model_code: row.modelCode,
    vehicle_condition: row.condition,
    main_image: vehiclePictureUrls(row, true)[0] ?? null,
    is_available: isListed(row),
  };
}
export type SavedVehicle = ReturnType<typeof toSavedVehicle>;

export function toVehicle(row: VehicleRow, dealer: ListingDealership, locale: Locale): Vehicle {
  const formatted = (value: number | null) =>
    value === null ? null : formatMoney(value as Cents, { locale, currency: dealer.currency, wholeDollars: true });
  return {
    ...toVehicleSummary(row, dealer, null),
    model_code: row.modelCode,
    is_port_vehicle: row.isPortVehicle,
    is_vin_fake: row.isVinFake,
    jato_id: row.jatoId,
    formatted_dealer_price: formatted(row.priceCents),
    formatted_msrp: formatted(row.msrpCents),
    delivery_charge: dollars(row.deliveryChargeCents),
    freight: dollars(row.freightCents),
    pdi: dollars(row.pdiCents),
    dealer_fee: dollars(row.dealerFeeCents),
    colors: { exterior: row.exteriorColor, interior: row.interiorColor },
    images: vehiclePictureUrls(row),
    packages: row.packages.map((p) => ({ name: p.name, price: dollars(p.priceCents), items: p.items })),
    features: row.features,
    search_features: featuresInMask(row.featureMask),
    description: row.description,
    in_stock_date: row.inStockDate,
    spin_car_url: row.spinCarUrl,
    available: isListed(row),
  };
}

/** A vehicle as the pricing engine sees it. */
export function toPricedVehicle(
  row: Pick<VehicleRow, "priceCents" | "msrpCents" | "condition" | "isCertified" | "year" | "make" | "model" | "freightCents" | "pdiCents" | "dealerFeeCents" | "deliveryChargeCents">,
): PricedVehicle {
  const charge = (value: number | null) => value as Cents | null;
  return {
    charges: { freight: charge(row.freightCents), pdi: charge(row.pdiCents), dealerFee: charge(row.dealerFeeCents), delivery: charge(row.deliveryChargeCents) },
    price: row.priceCents as Cents | null,
    msrp: row.msrpCents as Cents | null,
    condition: pricingCondition(row.condition, row.isCertified),
    year: row.year,
    make: row.make,
    model: row.model,
  };
}
