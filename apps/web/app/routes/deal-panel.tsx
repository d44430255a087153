import type { Order, PaymentSettings, Vehicle } from "@showroom/domain";
import { useMemo, useState } from "react";
import { createOrdersApi } from "../features/saved-deals/orders-api.ts";
import { SaveDealButton } from "../features/saved-deals/save-deal-button.tsx";
import type { PaymentSelection } from "../features/saved-deals/save-deal.ts";
import { PaymentCalculator } from "../features/vehicle-details/payment-calculator.tsx";
import { createPricingApi } from "../features/vehicle-details/pricing-api.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { useToasts } from "../ui/toasts.tsx";

/**
 * The payment calculator and "save this deal" of a vehicle, as the details page and the build-and-price
 * summary show them: the deal is saved with the payment on screen (and the build, when there is one).
 */
export function DealPanel(props: {
  vehicle: Vehicle;
  paymentSettings: PaymentSettings | null;
  savedOrder: Order | null;
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
  const pricingApi = useMemo(
    () => createPricingApi({ dealerCode: dealer.code, ...(props.buildStateUid ? { buildStateUid: props.buildStateUid } : {}), onSessionExpired: sessionExpired }),
    [dealer.code, props.buildStateUid, sessionExpired],
  );
  const ordersApi = useMemo(() => createOrdersApi(quietApi), [quietApi]);
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
          currency={dealer.currency_unit}
          lengthUnit={props.paymentSettings?.length_unit ?? dealer.length_unit}
          onSelectionChange={setSelection}
        />
      )}
      <SaveDealButton
        vehicle={vehicle}
        selection={selection}
        {...(props.buildStateUid ? { buildState: props.buildStateUid } : {})}
        sourceSlug={props.source}
        signedIn={customer !== null}
        postalCode={customer?.postal_code ?? null}
        savedOrder={props.savedOrder}
        ordersHref={path("orders", `?source=${props.source}`)}
        api={ordersApi}
        signIn={() => signIn("save-deal", { vehicle: vehicle.id })}
        onIntent={prefetchSignIn}
        onSaved={(_, created) => {
          toasts.show({ tone: "info", message: props.savedMessage(created) });
          refresh();
        }}
        onFailed={(messages) => toasts.show({ tone: "error", message: messages.length ? messages.join(" ") : t("deal.save_failed") })}
      />
    </>
  );
}
