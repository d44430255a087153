import { z } from "zod";
import type { Trim } from "../configurator/types.ts";
import { cents } from "../money.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";
import { colourRecordSchema } from "./inventory.ts";

/**
 * Wire shapes of the build-and-price calls (spec 7, "Build and price"). Option prices are integer cents
 * here (spec 3 and ARCHITECTURE 3), unlike the rest of the API.
 */

const code = z.string({ error: msg("option_code") }).trim().min(1, msg("option_code")).max(40, msg("option_code"));
const codes = z.array(code, { error: msg("option_code") }).max(400, msg("option_codes"));
const vehicleNumber = rowIdSchema(msg("vehicle_number"));
const uid = z.string({ error: msg("build_state_uid") }).trim().min(8, msg("build_state_uid")).max(64, msg("build_state_uid"));
const text = (max: number) => z.string({ error: msg("required") }).trim().min(1, msg("required")).max(max, msg("too_long"));
const year = z.number({ error: msg("year") }).int(msg("year")).min(1990, msg("year")).max(2100, msg("year"));
const centsSchema = z.number().int();

export const buildOptionSchema = z.object({
  code: z.string(),
  option_code: z.string(),
  name: z.string(),
  name_fr: z.string(),
  category: z.enum(["Exterior Colors", "Interior Colors", "Free Standing Packages", "Free Standing Options"]),
  group_id: z.union([z.literal(101), z.literal(102), z.literal(103), z.literal(104)]),
  subcategory: z.object({ code: z.string(), name: z.string() }).nullable(),
  images: z.array(z.string()),
  prices: z.object({ msrp: centsSchema }),
  is_valid: z.boolean(),
  rule_includes: z.array(z.string()),
  rule_conflicts: z.array(z.string()),
  rule_requires: z.array(z.string()),
  preferred_for_display: z.boolean(),
  swatch_url: z.string().nullable(),
  value: z.string().nullable(),
  value_type: z.literal("hex").nullable(),
  option_texts: z.array(z.string()).optional(),
  option_texts_fr: z.array(z.string()).optional(),
});

export const trimSchema = z.object({
  unhaggle_trim_id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  prices: z.object({ msrp: centsSchema }),
  options: z.array(buildOptionSchema),
  trim_colors: z.array(colourRecordSchema),
});

/** A trim as a client reads it: the wire shape, its prices branded as the engine's cents. */
export const trimResponseSchema = trimSchema.transform(
  (wire): Trim => ({
    ...wire,
    prices: { msrp: cents(wire.prices.msrp) },
    options: wire.options.map((option) => ({ ...option, prices: { msrp: cents(option.prices.msrp) } })),
  }),
);

export const trimIdParamSchema = z.object({ id: rowIdTextSchema(msg("trim_id")) });

/** A comma list of option codes in a query string ("A,B,C"); blanks dropped, at most 400 codes. */
const codeList = z
  .string()
  .max(8_000, msg("option_codes"))
  .transform((value) =>
    value
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
  )
  .pipe(codes);

/**
 * GET trims/{id}/config/: the state of `selected`, or of a change to it. `swap` is "NEW,OLD": add the
 * first code and remove the second in one change (a colour or option replaced by another).
 */
export const configQuerySchema = z.object({
  selected: codeList.optional(),
  add: codeList.optional(),
  remove: codeList.optional(),
  swap: codeList.pipe(z.array(code).length(2, msg("swap"))).optional(),
});
export type ConfigQuery = z.output<typeof configQuerySchema>;

export const alternativeSchema = z.object({ additions: z.array(z.string()), removals: z.array(z.string()) });
export const configurationStateSchema = z.object({
  selected: z.array(z.string()),
  included: z.array(z.string()),
  excluded: z.array(z.string()),
  required: z.array(z.string()),
  conflict: z
    .object({
      requested: z.object({ add: z.array(z.string()), remove: z.array(z.string()) }),
      additions: z.array(z.string()),
      removals: z.array(z.string()),
      alternatives: z.array(alternativeSchema),
      budget_exhausted: z.boolean(),
    })
    .optional(),
  prices: z.object({ base_msrp: centsSchema, msrp: centsSchema, options_msrp: centsSchema }),
});

/** A configuration state as the API sends it (the engine's ConfigurationState without the cents brand). */
export type ConfigurationStateWire = z.infer<typeof configurationStateSchema>;

export const premiumPaintsQuerySchema = z.object({ oem: text(60) });
/** Codes of the options an OEM uses to charge for a premium paint. */
export const premiumPaintsSchema = z.object({ oem: z.string(), codes: z.array(z.string()) });

export const buildImagesQuerySchema = z.object({
  vehicle_id: rowIdTextSchema(msg("vehicle_number")),
  build_state_id: uid.optional(),
});
export const buildImageSchema = z.object({ src: z.string(), alt_en: z.string(), alt_fr: z.string(), view: z.enum(["front", "side"]) });
export const buildImagesSchema = z.object({ results: z.array(buildImageSchema) });

export const BUILD_STATE_SOURCES = ["BP_VDP", "CCT", "BP_EXTERNAL"] as const;
export type BuildStateSource = (typeof BUILD_STATE_SOURCES)[number];

/**
 * Create: source (default BP_VDP), then `configuration` for CCT, `trim_configuration` for BP_EXTERNAL,
 * else the vehicle and its option codes (empty to start from the trim's default).
 */
export const buildStateCreateSchema = z.object({
  source: z.enum(BUILD_STATE_SOURCES, msg("choice")).default("BP_VDP"),
  vehicle: vehicleNumber,
  options: codes.default([]),
  configuration: z.string().trim().max(64, msg("too_long")).optional(),
  trim_configuration: codes.optional(),
});
export type BuildStateCreate = z.output<typeof buildStateCreateSchema>;

export const buildStatePatchSchema = z.object({
  source: z.enum(BUILD_STATE_SOURCES, msg("choice")).optional(),
  options: codes.optional(),
  configuration: z.string().trim().max(64, msg("too_long")).optional(),
  trim_configuration: codes.optional(),
  /** Staff saving a change to a build its deposit holds: they checked the order's Last Date of Change. */
  last_date_of_change_checked: z.boolean(msg("choice")).optional(),
});

export const buildStateUidParamSchema = z.object({ uid });

export const buildStateSchema = z.object({
  uid: z.string(),
  vehicle: z.number().int(),
  trim: z.number().int(),
  source: z.enum(BUILD_STATE_SOURCES),
  state: configurationStateSchema,
  is_locked: z.boolean(),
  post_deposit_edit_enabled: z.boolean(),
  post_deposit_edit_confirm_required: z.boolean(),
  configuration: z.string().nullable(),
  trim_configuration: z.array(z.string()).nullable(),
  created: z.string(),
  last_updated: z.string(),
});
export type BuildStateWire = z.infer<typeof buildStateSchema>;

export const generateBuildStateSchema = z.object({ vehicle: vehicleNumber, options: codes.default([]) });
export const generatedBuildStateSchema = z.object({ state: configurationStateSchema, images: z.array(buildImageSchema) });

export const compareBuildStateSchema = z.object({
  uid: uid.optional(),
  vehicle: vehicleNumber,
  options: codes,
});
export const buildDifferenceSchema = z.object({
  code: z.string(),
  name: z.string(),
  name_fr: z.string(),
  group_id: z.number().int(),
  change: z.enum(["added", "removed"]),
  /** The option's own MSRP in cents (0 when it comes included). */
  msrp: centsSchema,
});
export const buildDifferencesSchema = z.object({
  differences: z.array(buildDifferenceSchema),
  prices: z.object({ before: centsSchema, after: centsSchema }),
});

/* Alternative configurator (spec 3, "Option group / option"; spec 4). */

export const trimConfigurationOptionSchema = z.object({
  id: z.string(),
  name_en: z.string(),
  name_fr: z.string(),
  group_id: z.string(),
  color: z.string().nullable(),
  descriptions: z.array(z.string()),
  disabled: z.boolean(),
  image: z.object({ alt_en: z.string(), alt_fr: z.string(), src: z.string() }).nullable(),
  price: centsSchema,
  subtitle: z.string().nullable(),
  starting_price: centsSchema.nullable(),
});
export const trimConfigurationGroupSchema = z.object({
  id: z.string(),
  select_type: z.enum(["single", "multi", "color"]),
  name_en: z.string(),
  name_fr: z.string(),
  options: z.array(trimConfigurationOptionSchema),
  disabled: z.boolean(),
});
export const configuratorVehicleSchema = z.object({
  id: z.number().int(),
  make: z.string(),
  trim: z.string(),
  marketing_trim: z.string().nullable(),
  model: z.string(),
  msrp: centsSchema,
  year: z.number().int(),
});
export const trimConfigurationQuerySchema = z.object({
  year: z.coerce.number({ error: msg("year") }).pipe(year),
  make: text(60),
  model: text(60),
  trim: z.string().trim().max(60, msg("too_long")).optional(),
});
export const trimConfigurationSchema = z.object({
  groups: z.array(trimConfigurationGroupSchema),
  steps: z.array(z.object({ step_type: z.string(), options: z.array(z.string()) })),
  initial_configuration: z.object({ selected_options: z.array(z.string()), vehicle: configuratorVehicleSchema.nullable() }),
});
export const trimConfigurationCheckSchema = z.object({
  year,
  make: text(60),
  model: text(60),
  prev_selected_options: codes,
  selected_options: codes,
});
export const trimConfigurationResultSchema = z.object({
  is_valid: z.boolean(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  problems: z.array(z.string()),
  problem_reason: z.string().nullable(),
  resulting_selection: z.array(z.string()),
  requested_selection: z.array(z.string()),
  suggested_selections: z.array(z.array(z.string())),
  matching_vehicle: configuratorVehicleSchema.nullable(),
});
