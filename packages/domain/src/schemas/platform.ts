import { z } from "zod";
import { localeSchema } from "./common.ts";

/** Global client settings; the values come from server configuration and are null when unset. */
export const settingsRecordSchema = z.object({
  include_moto_dealer_ga: z.literal(false),
  analytics: z.object({
    google_analytics_id: z.string().nullable(),
    google_tag_manager_id: z.string().nullable(),
    ga4_id: z.string().nullable(),
    full_session_recording_id: z.string().nullable(),
    social_pixel_id: z.string().nullable(),
    enterprise_analytics_id: z.string().nullable(),
  }),
  error_reporting_key: z.string().nullable(),
  book_value_tool: z.object({ url: z.string().nullable(), dealerID: z.string().nullable() }),
  isAutotrader: z.boolean(),
  version: z.string(),
  manufacturer_tagging: z.object({
    google: z.object({ ga_id: z.string().nullable(), ga_name: z.string().nullable(), gtm_id: z.string().nullable() }),
    adobe: z.object({ header: z.string().nullable(), body: z.string().nullable() }),
  }),
  maps_key: z.string().nullable(),
  experimentation_project_id: z.string().nullable(),
  use_partytown: z.boolean(),
  trade_in_webview_url: z.string().nullable(),
  checkout_app: z.object({ url: z.string().nullable(), key: z.string().nullable() }),
});
export type SettingsRecord = z.infer<typeof settingsRecordSchema>;

export const i18nStateSchema = z.object({
  language: localeSchema,
  allowed_languages: z.array(localeSchema),
});
export const i18nUpdateSchema = z.object({
  language: z
    .string({ error: "This field is required." })
    .regex(/^[a-z]{2}(-[a-z]{2})?$/, "Send the language in lower case, like fr-ca."),
});

const valueLabel = z.object({ value: z.string(), label: z.string() });
export const staticDataSchema = z.object({
  normalized_colors: z.array(valueLabel),
  transmission_types: z.array(valueLabel),
  fuel_types: z.array(valueLabel),
  makes: z.array(z.string()),
  payment_frequencies: z.array(valueLabel),
});
export type StaticData = z.infer<typeof staticDataSchema>;

export const provincesSchema = z.array(z.object({ code: z.string(), province_name: z.string() }));
export const provincesQuerySchema = z.object({ country: z.enum(["CA", "US"]).default("CA") });

export const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unavailable"]) });

export const currentUserAnonymousSchema = z.object({ detail: z.string() });
