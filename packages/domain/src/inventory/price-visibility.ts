import type { SearchFacets, Vehicle, VehicleSummary } from "../schemas/inventory.ts";
import type { SearchQuery } from "../search/search-query.ts";

/**
 * Spec 6: a dealership with compulsory_login shows prices only to a signed-in shopper or to staff who
 * passed the second factor; to anyone else no price, MSRP, fee, saving or payment leaves the server.
 */
export function pricesVisible(viewer: { compulsoryLogin: boolean; customerSignedIn: boolean; staffFullySignedIn: boolean }): boolean {
  return !viewer.compulsoryLogin || viewer.customerSignedIn || viewer.staffFullySignedIn;
}

/** A vehicle card without any amount (the stored payments keep their frequency, which is no price). */
export function summaryWithoutPrices<T extends VehicleSummary>(vehicle: T): T {
  return {
    ...vehicle,
    listing_price: null,
    msrp: null,
    dealer_price: null,
    cash_payment: { amount: null },
    finance_payment: { ...vehicle.finance_payment, amount: null },
    lease_payment: { ...vehicle.lease_payment, amount: null },
    advertised_terms: null,
  };
}

/** A vehicle's full record without any amount: the card's, the fees, the formatted prices and the packages' prices. */
export function vehicleWithoutPrices(vehicle: Vehicle): Vehicle {
  return {
    ...summaryWithoutPrices(vehicle),
    formatted_dealer_price: null,
    formatted_msrp: null,
    delivery_charge: null,
    freight: null,
    pdi: null,
    dealer_fee: null,
    packages: vehicle.packages.map((p) => ({ ...p, price: null })),
  };
}

/** The Budget facet's range would tell the prices: it is left empty. */
export const facetsWithoutPrices = (facets: SearchFacets): SearchFacets => ({ ...facets, payment: { min: null, max: null } });

/** Filters and sorts by price would reveal them by their effect: they are ignored. */
export function searchWithoutPrices(query: SearchQuery): SearchQuery {
  const { minPayment: _min, maxPayment: _max, ...rest } = query;
  return { ...rest, sort: query.sort === "price" || query.sort === "-price" ? "recommended" : query.sort };
}
