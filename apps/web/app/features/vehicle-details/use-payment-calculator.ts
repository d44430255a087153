import { addOnSelectionKey, type AddOnSelection, type PaymentOptionWire, type PaymentType } from "@showroom/domain";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { createLatestGate, type Outcome } from "./latest-gate.ts";
import {
  calculatorReducer,
  chooseDefaultType,
  fieldErrorsFromBody,
  INITIAL_CALCULATOR_STATE,
  sharedSettingsFor,
  shownPaymentOf,
  tradeInKey,
  type CalculatorAction,
  type CalculatorSettings,
  type CalculatorState,
  type ChangeOutcome,
  type SavedPayment,
  type ShownPayment,
  type TradeInPricing,
} from "./payment-calculator-logic.ts";
import { loadInitialQuotes, type PricingApi } from "./pricing-api.ts";

export type UnavailableAddOns = { accessories: number[]; plans: PaymentOptionWire["unavailable_protections"] };

export type CalculatorInput = {
  api: PricingApi;
  vehicleId: number;
  isNew: boolean;
  /** The dealership's default payment type per condition (payment settings). */
  defaults: { new: PaymentType; used: PaymentType } | null;
  /** The payment of the shopper's saved deal for this vehicle: the calculator reopens on it. */
  saved?: SavedPayment | null;
  /** Told which payment the calculator shows (type and option id), or null while it shows none. */
  onSelectionChange?(selection: { payment_type: PaymentType; payment_option: string } | null): void;
  /** Told the payment it shows (the very figure and frequency), for a bar that repeats it. */
  onShownPayment?(shown: ShownPayment | null): void;
  /** Told the option it shows whenever it changes (its add-on prices, term and distance). */
  onShownOption?(option: PaymentOptionWire | null): void;
  /** The accessories and protection plans on the deal: every type is priced with them. */
  addOns?: AddOnSelection;
  /** The trade-in included in the deal (its allowance and payoff): every type is priced with it. */
  tradeIn?: TradeInPricing | null;
  /**
   * Told the add-ons the shown option left out: plans its payment type cannot take (with why), and accessories or
   * plans no longer offered for the vehicle, so the page drops them and says so.
   */
  onUnavailableAddOns?(left: UnavailableAddOns, type: PaymentType): void;
};

/**
 * The calculator's state (calculatorReducer) and its calls: the first quotes when the vehicle changes, a
 * settings change sent through the latest-answer gate, a type switch carrying the shared settings.
 */
export function usePaymentCalculator(props: CalculatorInput) {
  const [state, setState] = useState<CalculatorState>(INITIAL_CALCULATOR_STATE);
  // The state is also kept in a ref: an answer is applied to the state as it is when it arrives.
  const stateRef = useRef(state);
  const dispatch = (action: CalculatorAction) => {
    const next = calculatorReducer(stateRef.current, action);
    if (next !== stateRef.current) {
      stateRef.current = next;
      setState(next);
    }
    return next;
  };
  const apiRef = useRef(props.api);
  apiRef.current = props.api;
  const [gate] = useState(createLatestGate);

  const onSelection = useRef(props.onSelectionChange);
  onSelection.current = props.onSelectionChange;
  const shownType = state.phase === "ready" ? state.active : null;
  const shownId = shownType ? state.options[shownType]?.id : undefined;
  useEffect(() => {
    onSelection.current?.(shownType && shownId ? { payment_type: shownType, payment_option: shownId } : null);
  }, [shownType, shownId]);
  const onShown = useRef(props.onShownPayment);
  onShown.current = props.onShownPayment;
  const shownOption = shownType ? state.options[shownType] : undefined;
  const shownPayment = shownOption ? shownPaymentOf(shownOption) : null;
  useEffect(() => {
    onShown.current?.(shownPayment);
    // The figure and its frequency are what a repeat of it must follow.
  }, [shownPayment?.type, shownPayment?.amount, shownPayment?.frequency]);

  const onOption = useRef(props.onShownOption);
  onOption.current = props.onShownOption;
  useEffect(() => {
    onOption.current?.(shownOption ?? null);
  }, [shownOption]);

  const onUnavailable = useRef(props.onUnavailableAddOns);
  onUnavailable.current = props.onUnavailableAddOns;
  const unavailableKey = shownOption ? JSON.stringify([shownOption.unavailable_accessories, shownOption.unavailable_protections]) : "";
  useEffect(() => {
    if (!shownType || !shownOption) return;
    const left = { accessories: shownOption.unavailable_accessories, plans: shownOption.unavailable_protections };
    if (left.accessories.length || left.plans.length) onUnavailable.current?.(left, shownType);
  }, [shownType, unavailableKey]);

  const addOnsRef = useRef(props.addOns);
  addOnsRef.current = props.addOns;
  const addOnsKey = props.addOns ? addOnSelectionKey(props.addOns) : undefined;
  useEffect(() => {
    const current = stateRef.current;
    if (addOnsKey === undefined || current.phase !== "ready" || !current.active || current.chosen.add_ons === addOnsKey) return;
    void change(current.active, { add_ons: addOnsKey });
  }, [addOnsKey]);

  const tradeInRef = useRef(props.tradeIn ?? null);
  tradeInRef.current = props.tradeIn ?? null;
  const tradeKey = props.tradeIn === undefined ? undefined : tradeInKey(props.tradeIn);
  useEffect(() => {
    const current = stateRef.current;
    if (tradeKey === undefined || current.phase !== "ready" || !current.active || current.chosen.trade_in === tradeKey) return;
    void change(current.active, { trade_in: tradeKey });
  }, [tradeKey]);

  const savedRef = useRef(props.saved ?? null);
  savedRef.current = props.saved ?? null;
  const defaultNew = props.defaults?.new ?? null;
  const defaultUsed = props.defaults?.used ?? null;
  useEffect(() => {
    let live = true;
    dispatch({ type: "restart" });
    const defaults = defaultNew && defaultUsed ? { new: defaultNew, used: defaultUsed } : null;
    const saved = savedRef.current;
    const addOns = addOnsRef.current;
    const tradeIn = tradeInRef.current;
    loadInitialQuotes(apiRef.current, props.vehicleId, addOns, tradeIn)
      .then((result) => {
        if (!live) return;
        const reopened = saved && result.answered.includes(saved.type) ? saved : null;
        const active = reopened?.type ?? chooseDefaultType(result.answered, defaults, props.isNew);
        const chosen = { ...(addOns ? { add_ons: addOnSelectionKey(addOns) } : {}), ...(tradeIn ? { trade_in: tradeInKey(tradeIn) } : {}) };
        dispatch({ type: "loaded", ...result, active, ...(Object.keys(chosen).length ? { chosen } : {}) });
        // A trade-in included while the first quotes were on their way is priced now.
        const latestTrade = tradeInRef.current;
        if (active && tradeInKey(latestTrade) !== tradeInKey(tradeIn)) void change(active, { trade_in: tradeInKey(latestTrade) });
        // Add-ons chosen while the first quotes were on their way are priced now.
        const latest = addOnsRef.current;
        if (active && latest && (!addOns || addOnSelectionKey(latest) !== addOnSelectionKey(addOns))) void change(active, { add_ons: addOnSelectionKey(latest) });
        // The saved deal's term, frequency, down payment and distance, priced again at today's rates.
        if (reopened && reopened.type !== "cash") void change(reopened.type, reopened.settings);
      })
      .catch(() => live && dispatch({ type: "load-failed" }));
    return () => {
      live = false;
    };
  }, [props.vehicleId, props.isNew, defaultNew, defaultUsed]);

  /** True once the payment was priced again with the settings asked (analytics count a finished calculation). */
  async function change(type: PaymentType, wanted: CalculatorSettings): Promise<boolean> {
    const before = stateRef.current;
    const next = dispatch({ type: "change", paymentType: type, wanted });
    const option = before.options[type];
    const request = next.drafts[type];
    if (next === before || !option || !request) return false;
    const outcome = await gate.run(type, () => apiRef.current.update(option.id, request));
    dispatch({ type: "answered", paymentType: type, request, outcome: changeOutcome(outcome) });
    return outcome.status === "ok";
  }

  function activate(type: PaymentType) {
    const before = stateRef.current;
    const next = dispatch({ type: "activate", paymentType: type });
    const option = next.options[type];
    if (next === before || !option) return;
    const shared = sharedSettingsFor(option, next.chosen);
    if (shared) void change(type, shared);
  }

  return { state, change, activate };
}

/** A refusal keeps only what the calculator shows: the field messages of a 400 answer, else a general failure. */
function changeOutcome(outcome: Outcome<PaymentOptionWire>): ChangeOutcome {
  if (outcome.status !== "error") return outcome;
  const failure = outcome.error instanceof ApiRequestError ? outcome.error.failure : null;
  return { status: "refused", fieldErrors: failure?.kind === "http" && failure.status === 400 ? fieldErrorsFromBody(failure.body) : null };
}
