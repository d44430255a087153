import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { serverErrors, type FieldErrors, type FormBinding } from "../../ui/use-form.ts";
import type { QuotesTranslate } from "./i18n.ts";

/** The answer to a refused call: the API's messages at the fields the binding names (others general), or why in words. */
export function quoteRefusal(error: unknown, t: QuotesTranslate, binding: FormBinding<string> | null, fallback: string): { fields: FieldErrors<string>; general: string[] } {
  if (error instanceof ApiRequestError && error.failure.kind === "network") return { fields: {}, general: [t("error.network")] };
  const failure = httpFailure(error);
  if (failure?.status === 403) return { fields: {}, general: [t("quote_builder.not_allowed")] };
  const read = errorMessages(failure?.body);
  if (read.code === "max_quotes_reached") return { fields: {}, general: [read.general[0] ?? t("quote_builder.max_reached")] };
  const placed = serverErrors(read.fields, binding ?? { fields: [] });
  const general = [...read.general, ...placed.general];
  return { fields: placed.fields, general: general.length || Object.keys(placed.fields).length ? general : [fallback] };
}

/** A refused call that has no form (delete, start a flow, act for the customer) in one sentence. */
export const refusalText = (error: unknown, t: QuotesTranslate, fallback: string) => quoteRefusal(error, t, null, fallback).general.join(" ");
