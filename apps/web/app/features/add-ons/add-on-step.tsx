import type { Currency, LengthUnit } from "@showroom/domain";
import { useEffect } from "react";
import { useI18n } from "../../i18n/index.ts";
import { track } from "../../lib/analytics.ts";
import { AccessoryChooser, PlanChooser } from "./add-on-dialogs.tsx";
import type { AddOnsApi, PlanDealQuery } from "./add-ons-api.ts";
import { useAddOnSelection } from "./use-add-on-selection.ts";

/**
 * The build-and-price accessories (201) and protection-plan (301) steps: the same choosers as the details page's
 * dialogs, on the page. The choice is kept for the vehicle, so the summary's payment is priced with it.
 */
export function AddOnStep(props: {
  step: "accessories" | "protection_plans";
  api: AddOnsApi;
  vehicleId: number;
  saved: { accessory_ids: number[]; protection_ids: number[] } | null;
  /** The payment plans are priced for on this step: the dealership's default for the vehicle. */
  deal: PlanDealQuery;
  currency: Currency;
  lengthUnit: LengthUnit;
}) {
  const { t } = useI18n();
  const { selection, setSelection } = useAddOnSelection(props.vehicleId, props.saved);
  // Spec 4: the step's page view, once per vehicle.
  useEffect(() => {
    track(props.step === "accessories" ? "accessories_view" : "protection_plans_view", { vehicle: { id: props.vehicleId } });
  }, [props.step, props.vehicleId]);
  const chooser = {
    api: props.api,
    vehicleId: props.vehicleId,
    selection,
    onChange: setSelection,
    currency: props.currency,
  };
  if (props.step === "accessories") return <AccessoryChooser {...chooser} />;
  return (
    <PlanChooser
      {...chooser}
      deal={props.deal}
      lengthUnit={props.lengthUnit}
      intro={t("add_ons.plans.step_note", { type: t(`calculator.type.${props.deal.payment_type}`) })}
    />
  );
}
