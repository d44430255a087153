import { z } from "zod";
import { validationMessage as msg } from "../validation-messages.ts";
import { buildStatePatchSchema, buildStateSchema } from "./build-and-price.ts";

/** A customer configuration: a build state shared by id, opened with its token (Authorization: Token <token>). */
export const customerConfigurationCreateSchema = z.object({
  build_state: z.string(msg("build_state_uid")).trim().min(1, msg("build_state_uid")).max(200, msg("build_state_uid")),
});
export const customerConfigurationSchema = z.object({
  id: z.number().int(),
  vehicle: z.number().int(),
  /** The configured vehicle as the list filters it (null once it is no longer listed). */
  vehicle_summary: z.object({ year: z.number().int(), make: z.string(), model: z.string(), trim: z.string() }).nullable(),
  build_state: buildStateSchema,
  created: z.string(),
});
export const customerConfigurationCreatedSchema = customerConfigurationSchema.extend({
  /** Shown once: only its hash is kept. */
  token: z.string(),
});
export const customerConfigurationPatchSchema = buildStatePatchSchema.omit({ last_date_of_change_checked: true });
