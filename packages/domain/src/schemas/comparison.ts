import { z } from "zod";
import { PAYMENT_FREQUENCIES, PAYMENT_TYPES } from "../constants.ts";
import { parseCompareIds } from "../comparison/vehicle-comparison.ts";
import { validationMessage } from "../validation-messages.ts";
import { detailErrorSchema, moneySchema } from "./common.ts";
import { vehicleSchema } from "./inventory.ts";

/** `GET api/quickshop/inventory/compare/?ids=12,7,31`: two to four vehicle ids, the first shown first. */
export const compareQuerySchema = z.object({
  ids: z
    .string({ error: validationMessage("compare_ids") })
    .max(200, validationMessage("compare_ids"))
    .transform((raw, ctx) => {
      const parsed = parseCompareIds(raw);
      if (parsed.ok) return parsed.ids;
      ctx.addIssue({ code: "custom", message: validationMessage("compare_ids") });
      return z.NEVER;
    }),
});

/** The payment a vehicle's details page opens on (its dealership's default type, priced at its defaults); null where none is offered. */
export const comparedPaymentSchema = z.object({
  payment_type: z.enum(PAYMENT_TYPES),
  /** The payment at its frequency, or a cash deal's balance due. */
  amount: moneySchema,
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  term: z.number().int().nullable(),
  rate: z.string().nullable(),
});

export const vehicleComparisonSchema = z.object({
  results: z.array(z.object({ vehicle: vehicleSchema, payment: comparedPaymentSchema.nullable() })),
});
export type VehicleComparison = z.infer<typeof vehicleComparisonSchema>;

/** Some ids name no vehicle this dealership shows (unknown, or another dealership's): which ones. */
export const compareNotFoundSchema = detailErrorSchema.extend({ missing: z.array(z.number().int()).optional() });
