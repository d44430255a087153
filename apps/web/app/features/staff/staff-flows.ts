import type { TwoFactorRecord } from "@showroom/domain";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";

/** Where the dealer sign-in stands (transactional spec 2, "Dealer login ... two-factor setup and code entry"). */
export type SignInStep =
  | { kind: "credentials" }
  | { kind: "code"; method: "sms" | "authenticator"; maskedPhone: string | null; canUseSms: boolean; throttled: boolean }
  | { kind: "setup-phone" }
  | { kind: "confirm-phone"; phone: string }
  | { kind: "offer-authenticator" }
  | { kind: "authenticator-setup"; secret: string; uri: string }
  | { kind: "done" };

/** After email and password: the code by SMS or the authenticator app, a first phone to set up, or nothing (remembered device). */
export function stepAfterLogin(record: TwoFactorRecord): SignInStep {
  if (record.fully_authenticated || record.verified) return stepAfterVerified(record);
  if (!record.has_device || record.reason === "no_device") return { kind: "setup-phone" };
  const canUseSms = record.masked_phone !== null;
  if (record.reason === "authenticator") return { kind: "code", method: "authenticator", maskedPhone: record.masked_phone, canUseSms, throttled: false };
  return { kind: "code", method: "sms", maskedPhone: record.masked_phone, canUseSms, throttled: record.reason === "throttled" };
}

/** Signed in: a user without an authenticator app is offered one (they may decline). */
export function stepAfterVerified(record: Pick<TwoFactorRecord, "has_authenticator">): SignInStep {
  return record.has_authenticator ? { kind: "done" } : { kind: "offer-authenticator" };
}

/** Messages of a refused call: by field, then the general ones (non_field_errors, detail). */
export function refusal(error: unknown): { status: number | null; fields: Record<string, string>; general: string | null } {
  const failure = httpFailure(error);
  const read = errorMessages(failure?.body);
  return { status: failure?.status ?? null, fields: read.fields, general: read.general[0] ?? null };
}

export const RELOAD_DELAY_MS = 2500;

/**
 * Back to the dealer panel or end the customer session (spec 8): go to redirect_to; on failure a toast with the
 * server's non_field_errors (or the error's message), and after 2.5 s, with no redirect_to, "Request failed.
 * Reloading." and the page reloads.
 */
export async function leaveCustomer(
  call: () => Promise<{ redirect_to?: string | null } | null>,
  deps: { toast(message: string): void; reloading: string; fallback: string; go(url: string): void; reload(): void; wait(ms: number): Promise<void> },
): Promise<void> {
  let redirectTo: string | null = null;
  try {
    redirectTo = (await call())?.redirect_to ?? null;
  } catch (error) {
    const failure = httpFailure(error);
    const body = failure?.body as { non_field_errors?: unknown } | null | undefined;
    const nonField = Array.isArray(body?.non_field_errors) ? body.non_field_errors.find((m): m is string => typeof m === "string") : undefined;
    const message = failure ? (nonField ?? errorMessages(failure.body).general[0]) : error instanceof Error ? error.message : null;
    deps.toast(message || deps.fallback);
  }
  if (redirectTo) return deps.go(redirectTo);
  await deps.wait(RELOAD_DELAY_MS);
  deps.toast(deps.reloading);
  deps.reload();
}
