import { isEmptyAddOnSelection, PAYMENT_TYPES, type AddOnSelection, type PaymentOptionWire, type PaymentType } from "@showroom/domain";
import { ApiRequestError, createApiClient } from "../../lib/api-client.ts";
import { answeredTypes, parseTradeInKey, settingsToWire, tradeInKey, type CalculatorSettings, type TradeInPricing } from "./payment-calculator-logic.ts";

/** The payment-type calls the calculator makes (contract section 7). */
export type PricingApi = {
  /** `POST payment-type/{type}/pricing/` with the dealership's fallback values (and the deal's add-ons and trade-in, if any). */
  quote(type: PaymentType, vehicleId: number, addOns?: AddOnSelection, tradeIn?: TradeInPricing | null): Promise<PaymentOptionWire>;
  /** `PUT payment-type/{id}/` with the changed settings: the recomputed option. */
  update(id: string, settings: CalculatorSettings): Promise<PaymentOptionWire>;
};

/**
 * A client that stays quiet: the calculator shows its own messages (a type that fails is simply not
 * offered, a refused setting shows under its field), so no toast or network modal. Only an expired
 * session is handed to the shell.
 */
export function createPricingApi(options: {
  dealerCode: string;
  /** A build-and-price configuration: the payments price the vehicle with its options (spec 7). */
  buildStateUid?: string;
  onSessionExpired(userKind: "dealer" | "customer" | null): void;
  fetchImpl?: typeof fetch;
  cookies?: () => string;
}): PricingApi {
  const client = createApiClient({
    dealerCode: options.dealerCode,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
    events: { retrying() {}, networkFailure() {}, httpError() {}, sessionExpired: (userKind) => options.onSessionExpired(userKind) },
  });
  return {
    quote: (type, vehicleId, addOns, tradeIn) =>
      client.post<PaymentOptionWire>(`/api/payment-type/${type}/pricing/`, {
        inventory: vehicleId,
        use_fallback_values: true,
        ...(addOns && !isEmptyAddOnSelection(addOns) ? addOns : {}),
        ...(tradeIn ? parseTradeInKey(tradeInKey(tradeIn)) : {}),
        ...(options.buildStateUid ? { build_state_uid: options.buildStateUid } : {}),
      }),
    update: (id, settings) => client.request<PaymentOptionWire>("PUT", `/api/payment-type/${encodeURIComponent(id)}/`, settingsToWire(settings)),
  };
}

export type InitialQuotes = {
  options: Partial<Record<PaymentType, PaymentOptionWire>>;
  answered: PaymentType[];
  /** Every type was refused because the dealership requires sign-in. */
  locked: boolean;
};

const isPricingLocked = (error: unknown) =>
  error instanceof ApiRequestError &&
  error.failure.kind === "http" &&
  error.failure.status === 403 &&
  (error.failure.body as { code?: unknown } | null)?.code === "pricing_locked";

/** The three types quoted in parallel; those that answer with an id are offered. */
export async function loadInitialQuotes(api: PricingApi, vehicleId: number, addOns?: AddOnSelection, tradeIn?: TradeInPricing | null): Promise<InitialQuotes> {
  const results = await Promise.allSettled(PAYMENT_TYPES.map((type) => api.quote(type, vehicleId, addOns, tradeIn)));
  const options: InitialQuotes["options"] = {};
  results.forEach((result, index) => {
    const type = PAYMENT_TYPES[index];
    if (type && result.status === "fulfilled" && result.value && typeof result.value === "object") options[type] = result.value;
  });
  const answered = answeredTypes(options);
  const locked = answered.length === 0 && results.some((r) => r.status === "rejected" && isPricingLocked(r.reason));
  return { options: Object.fromEntries(answered.map((type) => [type, options[type]])), answered, locked };
}
