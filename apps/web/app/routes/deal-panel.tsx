import {
  dollarsToCents,
  formatMoney,
  withAccessory,
  withoutPlans,
  type Order,
  type PaymentOptionWire,
  type PaymentSettings,
  type PaymentType,
  type Vehicle,
} from "@showroom/domain";
import { useMemo, useState } from "react";
import { createAddOnsApi } from "../features/add-ons/add-ons-api.ts";
import { AddOnsSection } from "../features/add-ons/add-ons-section.tsx";
import { useAddOnSelection } from "../features/add-ons/use-add-on-selection.ts";
import { createOrdersApi } from "../features/saved-deals/orders-api.ts";
import { SaveDealButton, useSaveDeal, type SaveDealState } from "../features/saved-deals/save-deal-button.tsx";
import type { PaymentSelection } from "../features/saved-deals/save-deal.ts";
import { PaymentCalculator } from "../features/vehicle-details/payment-calculator.tsx";
import { savedPaymentOf, type ShownPayment } from "../features/vehicle-details/payment-calculator-logic.ts";
import { createPricingApi } from "../features/vehicle-details/pricing-api.ts";
import { creditOf, dealTradeIn } from "../features/trade-in/deal-trade-in.ts";
import { TradeInCard } from "../features/trade-in/trade-in-card.tsx";
import type { UnavailableAddOns } from "../features/vehicle-details/use-payment-calculator.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { useToasts } from "../ui/toasts.tsx";
import { DealSteps, NO_DEAL_EXTRAS, type DealExtras } from "./deal-steps.tsx";

/**
 * The payment calculator and "save this deal" of a vehicle, as the details page and the build-and-price
 * summary show them: the deal is saved with the payment on screen (and the build, when there is one). On a
 * phone a bar kept in view repeats that payment, as the calculator shows it, beside the same save.
 */
export function DealPanel(props: {
  vehicle: Vehicle;
  paymentSettings: PaymentSettings | null;
  savedOrder: Order | null;
  /** The saved deal's appointment and documents, as the page read them. */
  extras?: DealExtras;
  /** False while the dealership keeps prices for signed-in visitors (the calculator is not shown). */
  showCalculator: boolean;
  /** The calculator starts again when this changes (another vehicle, another configuration). */
  calculatorKey: string;
  buildStateUid?: string;
  source: "vdp" | "build-and-price";
  savedMessage(created: boolean): string;
}) {
  const { vehicle } = props;
  const { t } = useI18n();
  const { dealer, customer, quietApi, path, signIn, prefetchSignIn, refresh, sessionExpired } = useShell();
  const toasts = useToasts();
  const [selection, setSelection] = useState<PaymentSelection | null>(null);
  const [shown, setShown] = useState<ShownPayment | null>(null);
  const pricingApi = useMemo(
    () =>
      createPricingApi({
        dealerCode: dealer.code,
        ...(props.buildStateUid ? { buildStateUid: props.buildStateUid } : {}),
        onSessionExpired: sessionExpired,
      }),
    [dealer.code, props.buildStateUid, sessionExpired],
  );
  const ordersApi = useMemo(() => createOrdersApi(quietApi), [quietApi]);
  const addOnsApi = useMemo(() => createAddOnsApi(quietApi), [quietApi]);
  const addOns = useAddOnSelection(
    vehicle.id,
    props.savedOrder
      ? { accessory_ids: props.savedOrder.accessory_ids, protection_ids: props.savedOrder.protection_ids }
      : null,
  );
  // The deal's trade-in: once included, the calculator prices every type with its allowance and payoff.
  const tradeIn = dealTradeIn(props.savedOrder);
  const tradeInCredit = useMemo(() => creditOf(tradeIn), [tradeIn?.status, tradeIn?.allowance, tradeIn?.payoff]);
  const [shownOption, setShownOption] = useState<PaymentOptionWire | null>(null);
  const [planNotice, setPlanNotice] = useState<string | null>(null);
  const [withdrawn, setWithdrawn] = useState(0);
  const dropUnavailable = (left: UnavailableAddOns, type: PaymentType) => {
    const { selection } = addOns;
    // Withdrawn from the catalogue (or never of this vehicle): the not-available modal says so.
    const gone = {
      accessories: left.accessories.filter((id) => selection.accessories.includes(id)),
      plans: left.plans
        .filter((p) => p.reason === "not_for_vehicle" && selection.protections.includes(p.id))
        .map((p) => p.id),
    };
    // Transactional spec 5: plans the payment type does not take leave the deal, with a notice.
    const notForType = left.plans
      .filter((p) => p.reason !== "not_for_vehicle" && selection.protections.includes(p.id))
      .map((p) => p.id);
    if (!gone.accessories.length && !gone.plans.length && !notForType.length) return;
    let next = withoutPlans(selection, [...gone.plans, ...notForType]);
    for (const id of gone.accessories) next = withAccessory(next, id, false);
    addOns.setSelection(next);
    if (notForType.length)
      setPlanNotice(
        t("add_ons.plans.removed_notice", { count: notForType.length, type: t(`calculator.type.${type}`) }),
      );
    if (gone.accessories.length || gone.plans.length) setWithdrawn(gone.accessories.length + gone.plans.length);
  };
  const deal = useSaveDeal({
    vehicle,
    selection,
    ...(props.buildStateUid ? { buildState: props.buildStateUid } : {}),
    sourceSlug: props.source,
    signedIn: customer !== null,
    postalCode: customer?.postal_code ?? null,
    savedOrder: props.savedOrder,
    ordersHref: path("orders", `?source=${props.source}`),
    api: ordersApi,
    signIn: (preset) => signIn(preset ?? "save-deal", { vehicle: vehicle.id }),
    onIntent: prefetchSignIn,
    onSaved: (_, created) => {
      toasts.show({ tone: "info", message: props.savedMessage(created) });
      refresh();
    },
    onFailed: (messages) =>
      toasts.show({ tone: "error", message: messages.length ? messages.join(" ") : t("deal.save_failed") }),
  });
  return (
    <>
      {props.showCalculator && (
        <PaymentCalculator
          key={props.calculatorKey}
          api={pricingApi}
          vehicleId={vehicle.id}
          isNew={vehicle.is_new}
          locked={false}
          defaults={props.paymentSettings?.default_payment_type ?? dealer.financing_default_payment_type}
          saved={savedPaymentOf(props.savedOrder?.payment)}
          currency={dealer.currency_unit}
          lengthUnit={props.paymentSettings?.length_unit ?? dealer.length_unit}
          // The details page advertises the vehicle's payment; a build's (options added) is the shopper's own estimate,
          // which the stored terms (the vehicle's all-in price) do not describe.
          advertisedTerms={props.source === "vdp" ? vehicle.advertised_terms : undefined}
          onSelectionChange={setSelection}
          onShownPayment={setShown}
          onShownOption={setShownOption}
          addOns={addOns.priced}
          tradeIn={tradeInCredit}
          onUnavailableAddOns={dropUnavailable}
        />
      )}
      {props.showCalculator && (
        <AddOnsSection
          api={addOnsApi}
          vehicleId={vehicle.id}
          option={shownOption}
          selection={addOns.selection}
          onChange={(next) => {
            setPlanNotice(null);
            addOns.setSelection(next);
          }}
          notice={planNotice}
          withdrawn={withdrawn}
          onWithdrawnSeen={() => setWithdrawn(0)}
          currency={dealer.currency_unit}
          lengthUnit={props.paymentSettings?.length_unit ?? dealer.length_unit}
        />
      )}
      <TradeInCard
        trade={tradeIn}
        href={props.savedOrder ? path("tradein", `?order=${props.savedOrder.id}`) : path("tradein")}
        paymentType={shown?.type ?? props.savedOrder?.payment_type ?? null}
        currency={dealer.currency_unit}
        dealSaved={props.savedOrder !== null}
      />
      {/* On a phone the save is the bar's, kept in view; one button either way. */}
      <div className="hidden laptop-up:block">
        <SaveDealButton deal={deal} />
      </div>
      {/* A visit or a test drive, and documents: steps of a saved deal (saving it, when they are asked for first). */}
      <DealSteps vehicle={vehicle} deal={deal} extras={props.extras ?? NO_DEAL_EXTRAS} />
      <PhoneDealBar shown={props.showCalculator ? shown : null} deal={deal} />
    </>
  );
}

/** Kept at the bottom of a phone's screen: the payment the calculator shows (same figure, same frequency) and the save. */
function PhoneDealBar(props: { shown: ShownPayment | null; deal: SaveDealState }) {
  const { t, locale } = useI18n();
  const { dealer } = useShell();
  const { shown } = props;
  return (
    <aside
      aria-label={t("deal.phone_bar")}
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-black/10 bg-white px-4 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] laptop-up:hidden"
      data-testid="phone-deal-bar"
    >
      {shown ? (
        <p className="min-w-0 leading-tight" data-testid="phone-bar-payment">
          <span className="block text-xs opacity-75">
            {t(shown.type === "cash" ? "pricing.line.balance_due" : `calculator.type.${shown.type}`)}
            {shown.frequency && ` · ${t(`pricing.frequency_adverb.${shown.frequency}`)}`}
          </span>
          <span className="text-lg font-bold whitespace-nowrap tabular-nums">
            {formatMoney(dollarsToCents(shown.amount), { locale, currency: dealer.currency_unit })}
          </span>
        </p>
      ) : (
        <span />
      )}
      <SaveDealButton deal={props.deal} compact testId="phone-bar-save" />
    </aside>
  );
}
