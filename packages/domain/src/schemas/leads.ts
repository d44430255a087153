import { z } from "zod";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema } from "./ids.ts";

/** Names (spec 5): 2 to 30 characters, no digits or listed special characters, no leading space. */
export const personNameSchema = z
  .string({ error: msg("required") })
  .max(30, msg("name"))
  .refine((v) => v.trim().length >= 2 && !/^\s/.test(v) && !/[\d!@#$%^&*()_+=[\]{};:"\\|<>/?~`]/.test(v), msg("name"))
  .transform((v) => v.trim());

/** North American numbers: area and exchange codes start with 2 to 9; brackets, spaces, dots or hyphens allowed. */
export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/[\s().-]/g, "").replace(/^\+?1(?=\d{10}$)/, ""))
  .pipe(z.string().regex(/^[2-9]\d{2}[2-9]\d{6}$/, msg("phone")));

export function formatPhone(digits: string, country: "CA" | "US"): string {
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return country === "US" ? `${a}-${b}-${c}` : `(${a}) ${b}-${c}`;
}

/** The contact-dealer lead of the details page (spec 7, "Contact lead"). */
export const contactLeadSchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: z.string({ error: msg("required") }).trim().max(254, msg("too_long")).pipe(z.email(msg("email"))),
  phone: z
    .union([z.literal(""), z.null(), phoneSchema])
    .optional()
    .transform((v) => (v ? v : null)),
  url: z.string().trim().max(2000, msg("too_long")).pipe(z.url(msg("url"))),
  help_message: z.string({ error: msg("required") }).trim().min(1, msg("required")).max(2000, msg("too_long")),
  source: z.string().trim().max(60, msg("too_long")).optional(),
  order: rowIdSchema(msg("order_id")).optional(),
  vehicle: rowIdSchema(msg("vehicle_number")).optional(),
});
export type ContactLeadInput = z.input<typeof contactLeadSchema>;
export type ContactLead = z.output<typeof contactLeadSchema>;

export const contactLeadResultSchema = z.object({ id: z.number().int(), status: z.literal("queued") });

/**
 * The notify-me form (spec 2 "Notify-me form", 5 "Notify-me requires terms confirmation"): the shopper asks to hear
 * about a vehicle (one sold out, or any they follow), with a deal of theirs when they have one.
 */
export const notifyMeSchema = z.object({
  email: z.string({ error: msg("required") }).trim().max(254, msg("too_long")).pipe(z.email(msg("email"))),
  first_name: personNameSchema,
  last_name: personNameSchema,
  phone: z
    .union([z.literal(""), z.null(), phoneSchema])
    .optional()
    .transform((v) => (v ? v : null)),
  terms_confirmation: z.literal(true, msg("notify_me_confirmation_required")),
  vehicle: rowIdSchema(msg("vehicle_number")),
  order: rowIdSchema(msg("order_id")).optional(),
  url: z.string().trim().max(2000, msg("too_long")).pipe(z.url(msg("url"))).optional(),
});
export type NotifyMeInput = z.output<typeof notifyMeSchema>;
export const notifyMeResultSchema = z.object({ id: z.number().int(), status: z.enum(["queued", "recorded"]) });
