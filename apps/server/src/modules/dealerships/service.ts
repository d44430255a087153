import {
  defaultFrequency,
  isMultilingual,
  type CrmSettings,
  type DealerInfo,
  type HeaderVariant,
  type PaymentSettings,
  type VdpSettings,
  vdpSettingsForVehicle,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { dealershipsRepo, type DealershipRow } from "./repo.ts";

export type { DealershipRow };

/**
 * Dealership rows are read on every API call (the tenant header), so they are cached briefly.
 * Settings edits reach every process within the TTL.
 */
const CACHE_TTL_MS = 5_000;

export function headerVariantOf(row: DealershipRow): HeaderVariant {
  // The checkout-style header is chosen explicitly (showroom_header.use_checkout_header), over every other variant.
  if (row.profile.showroom_header.use_checkout_header) return "checkout";
  if (row.profile.use_seamless_header) return "seamless";
  if (row.profile.showroom_header.use_manufacturer_header) return "manufacturer";
  if (row.profile.showroom_header.enable_nav_banner || row.theme.enable_nav_banner) return "nav_banner";
  return "classic";
}

/** One answer per dealership row read: rows are cached and shared, never changed, so the info built from one is too. */
const infoByRow = new WeakMap<DealershipRow, Readonly<DealerInfo>>();

/** The public dealer info of a row, frozen and kept with it: every page's shell reads it, so it is built once per row read. */
export function toDealerInfo(row: DealershipRow): Readonly<DealerInfo> {
  let info = infoByRow.get(row);
  if (!info) infoByRow.set(row, (info = Object.freeze(dealerInfoOf(row))));
  return info;
}

function dealerInfoOf(row: DealershipRow): DealerInfo {
  return {
    ...row.profile,
    // Dealerships stored before these settings existed have no chat account and the header they had.
    customer_messaging_account_id: row.profile.customer_messaging_account_id ?? null,
    showroom_header: { ...row.profile.showroom_header, use_checkout_header: row.profile.showroom_header.use_checkout_header ?? false },
    uid: row.uid,
    code: row.code,
    name: row.name,
    group: row.group,
    province_code: row.provinceCode,
    country: row.country,
    time_zone: row.timeZone,
    allowed_languages: row.allowedLanguages,
    is_multilingual: isMultilingual(row.allowedLanguages),
    currency_unit: row.currencyUnit,
    length_unit: row.lengthUnit,
    geo_coords: { lat: row.latitude, lng: row.longitude },
    header_variant: headerVariantOf(row),
    // One setting: the one the payments are priced with, so the dealer info never says otherwise.
    include_sales_tax: row.paymentSettings.include_sales_tax,
    theme: row.theme,
    module_settings: row.moduleSettings,
  };
}

export function toPaymentSettings(row: DealershipRow): PaymentSettings {
  return {
    ...row.paymentSettings,
    // Dealerships stored before the setting existed showed each add-on's share of the payment.
    accurate_add_on_prices: row.paymentSettings.accurate_add_on_prices ?? true,
    country: row.country,
    currency_unit: row.currencyUnit,
    length_unit: row.lengthUnit,
  };
}

/** City and province (or state) for a vehicle card, from the dealership's postal address. */
export function locationOf(row: DealershipRow): string {
  const parts = row.profile.full_address.split(",").map((part) => part.trim()).filter(Boolean);
  const city = parts.length >= 2 ? parts[parts.length - 2] : null;
  return city ? `${city}, ${row.provinceCode}` : row.provinceCode;
}

/** The facts the inventory shows about the dealership that holds a vehicle. */
export function toListingDealership(row: DealershipRow) {
  return {
    id: row.id,
    uid: row.uid,
    code: row.code,
    name: row.name,
    location: locationOf(row),
    coords: { lat: row.latitude, lng: row.longitude },
    lengthUnit: row.lengthUnit,
    currency: row.currencyUnit,
    allowedLanguages: row.allowedLanguages,
    /** Stored payments are priced at this frequency (the default when offered, else the first offered). */
    paymentFrequency: defaultFrequency(toPaymentSettings(row)),
  };
}


export function dealershipsService(db: Db, now: () => number = Date.now) {
  const repo = dealershipsRepo(db);
  const cache = new Map<string, { row: DealershipRow | null; at: number }>();
  const groupCache = new Map<string, { rows: ReturnType<typeof toListingDealership>[]; at: number }>();
  // A dealership outside a group lists itself: one list per row read (rows are kept CACHE_TTL_MS), so the search's
  // caches keyed on the listing (its cards' dealership details) see the same object for as long as the row.
  const soleListings = new WeakMap<DealershipRow, ReturnType<typeof toListingDealership>[]>();
  function soleListing(row: DealershipRow) {
    let listing = soleListings.get(row);
    if (!listing) soleListings.set(row, (listing = [Object.freeze(toListingDealership(row))]));
    return listing;
  }

  return {
    async byCode(code: string): Promise<DealershipRow | null> {
      const hit = cache.get(code);
      if (hit && now() - hit.at < CACHE_TTL_MS) return hit.row;
      const row = await repo.findByCode(code);
      if (cache.size > 1000) cache.clear();
      cache.set(code, { row, at: now() });
      return row;
    },
    byId: (id: number) => repo.findById(id),
    /** Forgets what was read of the dealerships, so a change to their settings is seen at once (tests, administration). */
    invalidate() {
      cache.clear();
      groupCache.clear();
    },
    /** The dealership's private CRM settings (never part of the public dealer info); null for an unknown id. */
    async crmSettings(id: number): Promise<CrmSettings | null> {
      const row = await repo.findCrmSettings(id);
      return row ? { crm_email: row.crmEmail, dealer_leads_enabled: row.dealerLeadsEnabled } : null;
    },
    all: () => repo.findAll(),
    /** The dealerships whose stock a shopper of this one may search together (its group, or itself), as the inventory lists them. */
    async listingGroup(row: DealershipRow) {
      if (!row.group) return soleListing(row);
      const key = row.group.uid;
      const hit = groupCache.get(key);
      if (hit && now() - hit.at < CACHE_TTL_MS) return hit.rows;
      const rows = (await repo.findByGroupUid(key)).map((member) => Object.freeze(toListingDealership(member)));
      if (groupCache.size > 1000) groupCache.clear();
      groupCache.set(key, { rows, at: now() });
      return rows;
    },
    /**
     * The dealership's VDP settings, or a vehicle's: its own override over them, and no savings detail
     * where its MSRP is not the current reference (used and certified vehicles).
     */
    vdpSettings(row: DealershipRow, vehicle: { override: Partial<VdpSettings> | null; condition: "New" | "Used"; certified: boolean } | null): VdpSettings {
      if (!vehicle) return row.vdpSettings;
      return vdpSettingsForVehicle({ ...row.vdpSettings, ...vehicle.override }, vehicle);
    },
  };
}
export type DealershipsService = ReturnType<typeof dealershipsService>;
