import {
  centsToDecimalString,
  distanceBetween,
  featuresInMask,
  formatMoney,
  isMultilingual,
  pageWindow,
  pricingCondition,
  type PricedVehicle,
  SEARCH_CONDITIONS,
  SEARCH_FEATURES,
  SEARCH_PAGE_SIZE,
  stockTypeOf,
  type Cents,
  type FacetValue,
  type LatLng,
  type Locale,
  type PaymentFrequency,
  type SearchFacets,
  type SearchQuery,
  type Vehicle,
  type VehicleSummary,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { boundedCache } from "../../platform/bounded-cache.ts";
import { lookupCentroid } from "./postal-centroids.ts";
import { inventoryRepo, type FacetRow, type VehicleRow } from "./repo.ts";
import { MILEAGE_BUCKET, PAYMENT_BUCKET_CENTS, type Dimension } from "./search-sql.ts";
import { generatedPictureUrls } from "./pictures.ts";

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

const isListed = (row: VehicleRow) => row.available && row.stockStatus !== "S" && row.stockStatus !== "U";

const dollars = (value: number | null) => (value === null ? null : centsToDecimalString(value as Cents));

function vdpUrls(row: VehicleRow, dealer: ListingDealership) {
  if (!isMultilingual(dealer.allowedLanguages)) {
    const url = `/${dealer.code}/details/${row.id}/`;
    return { vdp_url: url, vdp_url_fr: url };
  }
  return { vdp_url: `/en/${dealer.code}/details/${row.id}/`, vdp_url_fr: `/fr/${dealer.code}/details/${row.id}/` };
}

export function toVehicleSummary(row: VehicleRow, dealer: ListingDealership, distance: number | null): VehicleSummary {
  const images = row.images.length ? row.images : generatedPictureUrls(row);
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
    is_reserved: row.stockStatus === "R",
    stock_status: row.stockStatus,
    stock_type: stockTypeOf(row.stockStatus),
    live_state: isListed(row) ? "L" : "S",
    listing_price: dollars(row.priceCents),
    msrp: dollars(row.msrpCents),
    dealer_price: dollars(row.priceCents),
    cash_payment: { amount: dollars(row.cashPaymentCents) },
    finance_payment: { amount: dollars(row.financePaymentCents), payment_frequency: dealer.paymentFrequency },
    lease_payment: { amount: dollars(row.leasePaymentCents), payment_frequency: dealer.paymentFrequency },
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
    main_image: (row.images.length ? row.images : generatedPictureUrls(row))[0] ?? null,
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
    images: row.images.length ? row.images : generatedPictureUrls(row),
    packages: row.packages.map((p) => ({ name: p.name, price: dollars(p.priceCents), items: p.items })),
    features: row.features,
    search_features: featuresInMask(row.featureMask),
    description: row.description,
    in_stock_date: row.inStockDate,
    spin_car_url: row.spinCarUrl,
    available: isListed(row),
  };
}

function sortedValues(counts: Map<string, number>, selected: readonly string[]): FacetValue[] {
  for (const value of selected) if (!counts.has(value)) counts.set(value, 0);
  return [...counts]
    .filter(([value, count]) => count > 0 || selected.includes(value))
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => a.value.localeCompare(b.value));
}

/** Folds the grouped rows into facets: for each dimension, the rows missing nothing or only that filter. */
export function buildFacets(rows: FacetRow[], query: SearchQuery): { count: number; facets: Omit<SearchFacets, "dealership"> } {
  const per = new Map<Dimension, Map<string, number>>();
  let count = 0;
  for (const row of rows) {
    if (row.miss !== "" && row.miss !== row.dimension) continue;
    if (row.dimension === "make" && row.miss === "") count += row.count;
    if (row.value === null) continue;
    const counts = per.get(row.dimension) ?? new Map<string, number>();
    counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
    per.set(row.dimension, counts);
  }
  const of = (d: Dimension) => per.get(d) ?? new Map<string, number>();
  const condition = of("condition");
  const cpo = condition.get("cpo") ?? 0;
  const conditionCounts = new Map([["new", condition.get("new") ?? 0], ["used", (condition.get("used") ?? 0) + cpo], ["cpo", cpo]]);
  const features = new Map<string, number>();
  for (const [mask, n] of of("features")) {
    for (const feature of featuresInMask(Number(mask))) features.set(feature, (features.get(feature) ?? 0) + n);
  }
  const stockTypes = new Map<string, number>();
  for (const [code, n] of of("stockType")) stockTypes.set(stockTypeOf(code), (stockTypes.get(stockTypeOf(code)) ?? 0) + n);
  const range = (d: Dimension, step: number) => {
    const keys = [...of(d).keys()].map(Number);
    if (keys.length === 0) return { min: null, max: null };
    return { min: Math.min(...keys) * step, max: (Math.max(...keys) + (step === 1 ? 0 : 1)) * step };
  };
  const one = (value: string | undefined) => (value ? [value] : []);
  return {
    count,
    facets: {
      condition: sortedValues(conditionCounts, one(query.condition))
        .filter((f) => f.count > 0 || f.value === query.condition)
        .sort((x, y) => SEARCH_CONDITIONS.indexOf(x.value as never) - SEARCH_CONDITIONS.indexOf(y.value as never)),
      make: sortedValues(of("make"), one(query.make)),
      model: sortedValues(of("model"), one(query.model)),
      trim: sortedValues(of("trim"), one(query.trim)),
      bodyType: sortedValues(of("bodyType"), query.bodyType ?? []),
      drivetrain: sortedValues(of("drivetrain"), query.drivetrain ?? []),
      exteriorColor: sortedValues(of("exteriorColor"), query.exteriorColor ?? []),
      interiorColor: sortedValues(of("interiorColor"), query.interiorColor ?? []),
      fuelType: sortedValues(of("fuelType"), query.fuelType ?? []),
      transmission: sortedValues(of("transmission"), query.transmission ?? []),
      stockType: sortedValues(stockTypes, query.stockType ?? []),
      features: sortedValues(features, query.features ?? []).sort(
        (a, b) => SEARCH_FEATURES.indexOf(a.value as never) - SEARCH_FEATURES.indexOf(b.value as never),
      ),
      year: range("year", 1),
      mileage: range("mileage", MILEAGE_BUCKET),
      payment: (() => {
        const r = range("payment", PAYMENT_BUCKET_CENTS);
        return { min: r.min === null ? null : r.min / 100, max: r.max === null ? null : r.max / 100 };
      })(),
    },
  };
}

/**
 * What the facet counts depend on: the filters, not the page, the order or the shopper's location.
 * Multi-value filters are sorted, so the same choices in another order share an entry.
 */
function facetKey(query: SearchQuery): string {
  const { page: _page, sort: _sort, location: _location, dealership_uid: _uid, dealership_name: _name, ...filters } = query;
  return JSON.stringify(filters, (_key, value: unknown) => (Array.isArray(value) ? [...value].sort() : value));
}

/**
 * The first pages of a search are kept as an ordered list of ids (as Solr's result window does): most
 * shoppers read those pages, and a page is then 50 rows read by primary key instead of a sort of the scope.
 */
const RESULT_WINDOW = 4 * SEARCH_PAGE_SIZE;

/** What a search's order depends on besides its filters: the sort, and for distance each dealership's distance. */
function orderKey(query: SearchQuery, distances: Map<number, number>): string {
  return query.sort === "distance" ? `distance:${[...distances.values()].map((d) => d.toFixed(3)).join(",")}` : query.sort;
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

/** A page allows at most this many photo hosts (a feed usually has one CDN). */
export const MAX_PHOTO_ORIGINS = 20;

export function inventoryService(db: Db) {
  const repo = inventoryRepo(db);
  // Counting facets reads every vehicle in scope, which is most of a search's time on a big group, while
  // shoppers repeat the same few searches; an entry is keyed on the scope's inventory revision, so any
  // write to those vehicles (in any process) makes the next search count afresh.
  const facetCache = boundedCache<ReturnType<typeof buildFacets>>(1000);
  const windowCache = boundedCache<number[]>(1000);
  const listedCountCache = boundedCache<Map<number, number>>(200);
  const photoOriginCache = boundedCache<string[]>(200);

  async function listedCounts(dealers: ListingDealership[]) {
    const ids = dealers.map((d) => d.id);
    const key = `${await repo.revisionOf(ids)}:${ids.join(",")}`;
    const hit = listedCountCache.get(key);
    if (hit) return hit;
    const counts = await repo.listedCounts(ids);
    listedCountCache.set(key, counts);
    return counts;
  }

  async function facets(ids: number[], query: SearchQuery, revision: number) {
    const key = `${revision}:${ids.join(",")}:${facetKey(query)}`;
    const hit = facetCache.get(key);
    if (hit) return hit;
    const built = buildFacets(await repo.facetCounts(ids, query), query);
    facetCache.set(key, built);
    return built;
  }

  async function page(ids: number[], query: SearchQuery, distances: Map<number, number>, revision: number) {
    const { offset, limit } = pageWindow(query.page, SEARCH_PAGE_SIZE);
    if (offset + limit > RESULT_WINDOW) return repo.searchPage(ids, query, distances, offset, limit);
    const key = `${revision}:${ids.join(",")}:${facetKey(query)}:${orderKey(query, distances)}`;
    let window = windowCache.get(key);
    if (!window) {
      window = await repo.searchIds(ids, query, distances, RESULT_WINDOW);
      windowCache.set(key, window);
    }
    return repo.byIds(window.slice(offset, offset + limit));
  }

  return {
    byIds: (ids: number[]) => repo.byIds(ids),

    /** Where the listed vehicles' feed photos come from (their pages' CSP allows these hosts), fresh after any import. */
    async photoOrigins(dealers: ListingDealership[]): Promise<string[]> {
      const ids = dealers.map((d) => d.id);
      const key = `${await repo.revisionOf(ids)}:${ids.join(",")}`;
      const hit = photoOriginCache.get(key);
      if (hit) return hit;
      const origins = await repo.photoOrigins(ids, MAX_PHOTO_ORIGINS);
      photoOriginCache.set(key, origins);
      return origins;
    },

    async findForDealership(dealershipId: number, id: number) {
      return repo.findInDealerships([dealershipId], String(id));
    },

    listedByJatoId: (dealershipId: number, jatoId: string) => repo.listedByJatoId(dealershipId, jatoId),

    /** A vehicle of one of these dealerships (the tenant and its group), or null. */
    async find(dealers: ListingDealership[], idOrVin: string) {
      const row = await repo.findInDealerships(dealers.map((d) => d.id), idOrVin);
      if (!row) return null;
      return { row, dealer: dealers.find((d) => d.id === row.dealershipId)! };
    },

    /**
     * Searches the chosen dealerships; `group` lists every dealership the shopper may add, so the
     * dealership facet can offer them.
     */
    async search(input: { dealers: ListingDealership[]; group: ListingDealership[]; query: SearchQuery; origin: LatLng | null }) {
      const { dealers, group, query } = input;
      const ids = dealers.map((d) => d.id);
      const origin = input.origin ?? (query.location ? await lookupCentroid(query.location) : null);
      const distances = new Map(
        dealers.map((d) => [d.id, origin ? distanceBetween(origin, d.coords, d.lengthUnit) : 0]),
      );
      const revision = await repo.revisionOf(ids);
      const [rows, { count, facets: counted }, groupCounts] = await Promise.all([
        page(ids, query, distances, revision),
        facets(ids, query, revision),
        group.length > 1 ? listedCounts(group) : Promise.resolve(new Map<number, number>()),
      ]);
      const byId = new Map(dealers.map((d) => [d.id, d]));
      const showDistance = origin !== null;
      return {
        count,
        facets: {
          ...counted,
          dealership: group.length > 1 ? group.map((d) => ({ value: d.uid, name: d.name, count: groupCounts.get(d.id) ?? 0 })) : [],
        },
        results: rows.map((row) =>
          toVehicleSummary(row, byId.get(row.dealershipId)!, showDistance ? (distances.get(row.dealershipId) ?? null) : null),
        ),
      };
    },

    pricingRows: (dealershipId: number) => repo.pricingRows(dealershipId),
    storePayments: (rows: Parameters<typeof repo.storePayments>[0]) => repo.storePayments(rows),

    colours: (dealershipId: number, filter: { year?: number | undefined; make?: string | undefined; model?: string | undefined }) =>
      repo.distinctColours(dealershipId, filter),
  };
}
export type InventoryService = ReturnType<typeof inventoryService>;
