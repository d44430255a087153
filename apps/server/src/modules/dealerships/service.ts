import {
  isMultilingual,
  type DealerInfo,
  type HeaderVariant,
  type PaymentSettings,
  type VdpSettings,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { dealershipsRepo, type DealershipRow } from "./repo.ts";

/**
 * Dealership rows are read on every API call (the tenant header), so they are cached briefly.
 * Settings edits reach every process within the TTL.
 */
const CACHE_TTL_MS = 5_000;

export function headerVariantOf(row: DealershipRow): HeaderVariant {
  if (row.profile.use_seamless_header) return "seamless";
  if (row.profile.showroom_header.use_manufacturer_header) return "manufacturer";
  if (row.profile.showroom_header.enable_nav_banner || row.theme.enable_nav_banner) return "nav_banner";
  return "classic";
}

export function toDealerInfo(row: DealershipRow): DealerInfo {
  return {
    ...row.profile,
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
    theme: row.theme,
    module_settings: row.moduleSettings,
  };
}

export function toPaymentSettings(row: DealershipRow): PaymentSettings {
  return {
    ...row.paymentSettings,
    country: row.country,
    currency_unit: row.currencyUnit,
    length_unit: row.lengthUnit,
  };
}

export function dealershipsService(db: Db, now: () => number = Date.now) {
  const repo = dealershipsRepo(db);
  const cache = new Map<string, { row: DealershipRow | null; at: number }>();

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
    vdpSettings(row: DealershipRow, override: Partial<VdpSettings> | null): VdpSettings {
      return { ...row.vdpSettings, ...override };
    },
  };
}
export type DealershipsService = ReturnType<typeof dealershipsService>;
