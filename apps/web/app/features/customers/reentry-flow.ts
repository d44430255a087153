import { httpFailure, errorMessages } from "../../lib/api-errors.ts";
import type { ModalApi } from "../../ui/modals.tsx";
import type { CustomerApi, ReentryCodeSent } from "./customer-api.ts";

/** The names the shell registers these modals under (spec 2.4). */
export const REENTRY_MODAL = "re-entry auth";
export const COPY_LINK_MODAL = "copy link";

export type ReentryResult = { status: "authenticated"; redirectTo: string | null } | { status: "cancelled" };
export type SendCodeResult = { ok: true; sent: ReentryCodeSent } | { ok: false; status: number | null; message: string | null };

/** Asks the API to send a re-entry code; a refusal (400, 429 too many requests) comes back with the API's message. */
export async function sendReentryCode(api: CustomerApi, email: string): Promise<SendCodeResult> {
  try {
    return { ok: true, sent: await api.sendReentryCode(email) };
  } catch (error) {
    const failure = httpFailure(error);
    if (!failure) return { ok: false, status: null, message: null };
    const read = errorMessages(failure.body);
    return { ok: false, status: failure.status, message: read.fields.email ?? read.general[0] ?? null };
  }
}

/** Opens the code modal for a code already sent; settles when the shopper is signed in or gives up. */
export function openReentryModal(modals: ModalApi, props: { email: string; sent: ReentryCodeSent; api: CustomerApi }): Promise<ReentryResult> {
  return new Promise((resolve) => {
    modals.open(REENTRY_MODAL, { ...props, onResult: resolve });
  });
}

/** Sends a code to this email, then asks for it (spec 2.2 re-entry link, login_email, session expired). */
export async function startReentry(
  modals: ModalApi,
  api: CustomerApi,
  email: string,
): Promise<ReentryResult | { status: "failed"; message: string | null }> {
  const sent = await sendReentryCode(api, email);
  if (!sent.ok) return { status: "failed", message: sent.message };
  return openReentryModal(modals, { email, sent: sent.sent, api });
}

/** A redirect_to the API gave, as a path of this site, or null when it leads elsewhere. */
export function sameSitePath(redirectTo: string | null, origin: string): string | null {
  if (!redirectTo) return null;
  try {
    const url = new URL(redirectTo, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
