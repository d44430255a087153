import type { Order, OrderCreateInput, PaymentType, SavedVehicleKey } from "@showroom/domain";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { isSignedIn, type AuthOutcome } from "../../lib/auth.ts";
import { clearStepStatuses, storedCampaign, storedStepStatuses } from "./deal-storage.ts";
import { findSavedDeal } from "./find-saved-deal.ts";
import type { OrdersApi } from "./orders-api.ts";

/** The payment the calculator shows: its type and the id of its current option. */
export type PaymentSelection = { payment_type: PaymentType; payment_option: string };

/** The creation payload (transactional spec 3, "Order creation"): the deal, where the shopper came from, what they did. */
export function orderPayload(input: {
  vehicle: number;
  selection: PaymentSelection | null;
  postalCode: string | null;
  /** The build-and-price configuration saved with the deal. */
  buildState?: string | null;
  sourceSlug: string;
  location: { href: string; search: string };
  referrer: string;
}): OrderCreateInput {
  const content = new URLSearchParams(input.location.search).get("content");
  return {
    vehicle: input.vehicle,
    ...(input.selection ? { payment_type: input.selection.payment_type, payment_option: input.selection.payment_option } : {}),
    ...(input.postalCode ? { postal_code: input.postalCode } : {}),
    ...(input.buildState ? { build_state: input.buildState } : {}),
    source_slug: input.sourceSlug,
    analytics: { source_document_url: input.location.href.slice(0, 2000), ...(input.referrer ? { referrer: input.referrer.slice(0, 2000) } : {}) },
    campaign: storedCampaign(),
    url_params: content ? { content: content.slice(0, 2000) } : {},
    step_statuses: storedStepStatuses(),
  };
}

export type SaveOutcome =
  | { status: "saved"; order: Order; created: boolean }
  | { status: "cancelled" }
  | { status: "failed"; messages: string[] };

/**
 * Save this deal: an anonymous shopper signs in first (preset "save deal"); one who signed into an existing account
 * may have saved this vehicle already, and gets that deal instead of a second one. The step statuses kept in the
 * browser go with the new deal and are cleared once it exists.
 */
export async function saveDeal(deps: {
  signedIn: boolean;
  signIn(): Promise<AuthOutcome>;
  api: OrdersApi;
  vehicle: SavedVehicleKey;
  payload(): OrderCreateInput;
  /** The shopper's deal for this vehicle when the page already knows it: a build is saved onto it. */
  existing?: Order | null;
}): Promise<SaveOutcome> {
  let existing = deps.existing ?? null;
  if (!deps.signedIn) {
    const outcome = await deps.signIn();
    if (!isSignedIn(outcome)) return { status: "cancelled" };
    if (outcome !== "new") existing = await findSavedDeal(deps.api.list, deps.vehicle).catch(() => null);
  }
  try {
    if (existing) {
      // A deal already exists for this vehicle: a new build and payment replace its own, nothing is duplicated.
      const { build_state, payment_type, payment_option } = deps.payload();
      if (typeof build_state !== "string") return { status: "saved", order: existing, created: false };
      const order = await deps.api.update(existing.id, { build_state, ...(payment_type && payment_option ? { payment_type, payment_option } : {}) });
      return { status: "saved", order, created: false };
    }
    const order = await deps.api.create(deps.payload());
    clearStepStatuses();
    return { status: "saved", order, created: true };
  } catch (error) {
    const failure = httpFailure(error);
    const read = errorMessages(failure?.body);
    const messages = failure?.status === 400 || failure?.status === 403 ? [...Object.values(read.fields), ...read.general] : [];
    return { status: "failed", messages };
  }
}
