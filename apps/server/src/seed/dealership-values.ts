import type { DealershipSpec } from "@showroom/testing";
import type { dealerships } from "../modules/dealerships/tables.ts";

/** A dealership row from a factory spec: the demo seed and the benchmarks write tenants the same way. */
export function dealershipRowValues(spec: DealershipSpec, groupId: number | null): typeof dealerships.$inferInsert {
  return {
    uid: spec.uid,
    code: spec.code,
    name: spec.name,
    groupId,
    country: spec.country,
    provinceCode: spec.province_code,
    timeZone: spec.time_zone,
    currencyUnit: spec.currency_unit,
    lengthUnit: spec.length_unit,
    allowedLanguages: spec.allowed_languages,
    latitude: spec.geo_coords.lat,
    longitude: spec.geo_coords.lng,
    profile: spec.profile,
    theme: spec.theme,
    moduleSettings: spec.module_settings,
    paymentSettings: spec.payment_settings,
    vdpSettings: spec.vdp_settings,
    crmEmail: spec.crm_email,
    dealerLeadsEnabled: spec.dealer_leads_enabled,
  };
}
