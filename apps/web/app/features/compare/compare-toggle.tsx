import { toggleComparedVehicle, useComparedVehicles } from "./compare-store.ts";
import { usePickerI18n } from "./picker-i18n.ts";

/**
 * "Compare": a checkbox that adds the vehicle to the shopper's comparison (kept in the browser, at most four;
 * the fifth is refused and the compare bar says why). Above a card's full-size link, so it takes its own clicks.
 */
export function CompareToggle(props: { dealerCode: string; vehicleId: number; vehicleTitle: string }) {
  const t = usePickerI18n();
  const chosen = useComparedVehicles(props.dealerCode).includes(props.vehicleId);
  return (
    <label className="relative z-10 inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-md px-1 text-sm font-semibold focus-within:outline-2 focus-within:outline-[var(--cta)]">
      <input
        type="checkbox"
        className="h-5 w-5 accent-[var(--cta)]"
        checked={chosen}
        onChange={() => toggleComparedVehicle(props.dealerCode, props.vehicleId)}
        aria-label={t("compare.toggle_vehicle", { vehicle: props.vehicleTitle })}
        data-testid="compare-toggle"
      />
      <span aria-hidden="true">{t("compare.toggle")}</span>
    </label>
  );
}
