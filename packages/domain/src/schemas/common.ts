import { z } from "zod";

export const localeSchema = z.enum(["en-ca", "en-us", "fr-ca"]);
export const currencyUnitSchema = z.enum(["cad", "usd"]);
export const lengthUnitSchema = z.enum(["km", "mi"]);
export const countrySchema = z.enum(["CA", "US"]);
/** Money on the wire: dollars with exactly two decimals, as a string, so no float ever carries it. */
export const moneySchema = z.string().regex(/^-?\d{1,9}\.\d{2}$/, "Enter an amount with two decimals.");
export const hexColorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "Enter a colour like #1a2b3c.");

/**
 * DRF-style 400 body: each field (or non_field_errors) maps to its messages, with a stable `code` where the
 * contract names one; a body that could not be read at all gets `detail`. A field may itself be called
 * `code` or `detail` (the re-entry code), so those are a string or a field's messages.
 */
export const validationErrorSchema = z
  .object({
    non_field_errors: z.array(z.string()).optional(),
    code: z.union([z.string(), z.array(z.string())]).optional(),
    detail: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .catchall(z.union([z.array(z.string()), z.string()]));
export const detailErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });
/** The body of a 440: the session expired, for a dealer or a customer. */
export const sessionExpiredSchema = detailErrorSchema.extend({ user_kind: z.enum(["dealer", "customer"]).optional() });

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).optional(),
});
