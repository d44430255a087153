import type { SettingsRecord } from "@showroom/domain";
import type { Config } from "../../config.ts";

const fromEnv = (name: string) => process.env[name] || null;

/** Global client settings come from configuration; none are set for the demo. */
export function settingsRecord(config: Config): SettingsRecord {
  return {
    include_moto_dealer_ga: false,
    analytics: {
      google_analytics_id: fromEnv("GOOGLE_ANALYTICS_ID"),
      google_tag_manager_id: fromEnv("GOOGLE_TAG_MANAGER_ID"),
      ga4_id: fromEnv("GA4_ID"),
      full_session_recording_id: fromEnv("FULL_SESSION_RECORDING_ID"),
      social_pixel_id: fromEnv("SOCIAL_PIXEL_ID"),
      enterprise_analytics_id: fromEnv("ENTERPRISE_ANALYTICS_ID"),
    },
    error_reporting_key: fromEnv("ERROR_REPORTING_KEY"),
    book_value_tool: { url: fromEnv("BOOK_VALUE_TOOL_URL"), dealerID: fromEnv("BOOK_VALUE_TOOL_DEALER_ID") },
    isAutotrader: false,
    version: config.version,
    manufacturer_tagging: {
      // The manufacturer's Google tags, loaded beside the dealership's once the shopper allows analytics.
      google: { ga_id: fromEnv("MANUFACTURER_GA_ID"), ga_name: fromEnv("MANUFACTURER_GA_NAME"), gtm_id: fromEnv("MANUFACTURER_GTM_ID") },
      adobe: { header: null, body: null },
    },
    maps_key: fromEnv("MAPS_KEY"),
    experimentation_project_id: fromEnv("EXPERIMENTATION_PROJECT_ID"),
    use_partytown: false,
    trade_in_webview_url: null,
    checkout_app: { url: null, key: null },
  };
}
