import type { Order, SavedVehicleKey } from "@showroom/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/index.ts";
import type { AuthOutcome, AuthPreset } from "../../lib/auth.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import type { OrdersApi } from "./orders-api.ts";
import { orderPayload, saveDeal, type PaymentSelection } from "./save-deal.ts";

export type SaveDealProps = {
  vehicle: SavedVehicleKey & { id: number };
  /** The calculator's current payment, or null when it shows none (the deal is saved without one). */
  selection: PaymentSelection | null;
  signedIn: boolean;
  postalCode: string | null;
  /** A build-and-price configuration to keep on the deal (build_state). */
  buildState?: string;
  /** Where the deal was saved from (a known order source); the vehicle page by default. */
  sourceSlug?: "vdp" | "build-and-price";
  /** The shopper's deal for this vehicle, when the page found one. */
  savedOrder: Order | null;
  ordersHref: string;
  api: OrdersApi;
  /** Opens the sign-in modal with a preset (the save's own, or the step's that needs the deal saved). */
  signIn(preset?: AuthPreset): Promise<AuthOutcome>;
  /** Called when the pointer or the focus reaches the button of an anonymous shopper: the sign-in modal can load ahead. */
  onIntent?(): void;
  onSaved(order: Order, created: boolean): void;
  onFailed(messages: string[]): void;
};

/** The save of a deal: one state however many buttons offer it (the panel's and a phone's bar). */
export function useSaveDeal(props: SaveDealProps) {
  const [saved, setSaved] = useState<Order | null>(props.savedOrder);
  // With a build, the deal counts as saved only once it holds this build.
  const done = saved !== null && (props.buildState === undefined || saved.build_state === props.buildState);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.savedOrder) setSaved(props.savedOrder);
  }, [props.savedOrder]);

  /**
   * Saves the deal (an anonymous shopper signs in first, with `preset` when a step such as booking an appointment
   * asked for the deal); answers the saved deal, or null when it was not saved.
   */
  async function save(preset?: AuthPreset): Promise<Order | null> {
    if (busy) return null;
    setBusy(true);
    const outcome = await saveDeal({
      signedIn: props.signedIn,
      // The button is not busy while the sign-in modal is open in front of it.
      signIn: async () => {
        setBusy(false);
        const outcome = await props.signIn(preset);
        setBusy(true);
        return outcome;
      },
      api: props.api,
      vehicle: props.vehicle,
      existing: saved,
      payload: () =>
        orderPayload({
          vehicle: props.vehicle.id,
          selection: props.selection,
          postalCode: props.postalCode,
          buildState: props.buildState ?? null,
          sourceSlug: props.sourceSlug ?? "vdp",
          location: window.location,
          referrer: document.referrer,
        }),
    });
    setBusy(false);
    if (outcome.status === "saved") {
      setSaved(outcome.order);
      props.onSaved(outcome.order, outcome.created);
      return outcome.order;
    }
    if (outcome.status === "failed") props.onFailed(outcome.messages);
    return null;
  }

  const labelKey = props.buildState && saved ? "deal.save_build_to_deal" : props.buildState ? "deal.save_build" : "deal.save";
  return {
    done,
    busy,
    save,
    /** The saved deal (the page's, or the one just saved). */
    order: saved,
    labelKey,
    ordersHref: props.ordersHref,
    signedIn: props.signedIn,
    onIntent: props.onIntent,
  } as const;
}
export type SaveDealState = ReturnType<typeof useSaveDeal>;

/** "Save this deal", or once saved a link to the saved vehicles; `compact` for a phone's bar. */
export function SaveDealButton(props: { deal: SaveDealState; compact?: boolean; testId?: string }) {
  const { t } = useI18n();
  const { deal } = props;
  const testId = props.testId ?? "save-deal";
  if (deal.done) {
    return (
      <Link
        to={deal.ordersHref}
        className={`flex min-h-11 items-center justify-center gap-2 rounded-md border-2 border-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta)] hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)] ${props.compact ? "whitespace-nowrap" : ""}`}
        data-testid={props.compact ? `${testId}-saved` : "deal-saved"}
        {...(props.compact ? { "aria-label": t("deal.saved_view") } : {})}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5" fill="currentColor">
          <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
        </svg>
        {t(props.compact ? "deal.saved_short" : "deal.saved_view")}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void deal.save()}
      onPointerEnter={deal.signedIn ? undefined : deal.onIntent}
      onFocus={deal.signedIn ? undefined : deal.onIntent}
      disabled={deal.busy}
      className={`${ctaButtonClass} min-h-11 ${props.compact ? "whitespace-nowrap" : "w-full"}`}
      data-testid={testId}
    >
      {deal.busy ? t("deal.saving") : t(deal.labelKey)}
    </button>
  );
}
