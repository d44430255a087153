import { COMPARE_MAX, COMPARE_MIN } from "@showroom/domain";
import { Link } from "react-router";
import { ctaButtonClass } from "../../ui/styles.ts";
import { clearComparedVehicles, useComparedVehicles, useCompareRefusedFull } from "./compare-store.ts";
import { usePickerI18n } from "./picker-i18n.ts";

/**
 * What the shopper picked to compare and the way to the comparison: on the list a bar kept at the bottom of the
 * screen (vcc?ids=…); on a details page a line below its toggle, comparing this vehicle with the others picked
 * (vccvdp?vehicle={id}&ids=…). Shown once something is picked (the picks are the browser's).
 */
export function CompareBar(props: {
  dealerCode: string;
  /** The address of the comparison of these ids. */
  href(ids: readonly number[]): string;
  /** The details page's vehicle: compared first, with the others picked. */
  current?: number;
  placement: "fixed" | "inline";
}) {
  const t = usePickerI18n();
  const picked = useComparedVehicles(props.dealerCode);
  const refusedFull = useCompareRefusedFull();
  const others = props.current === undefined ? picked : picked.filter((id) => id !== props.current);
  // From a details page: this vehicle and the first three others picked.
  const ids = props.current === undefined ? picked : [props.current, ...others.slice(0, COMPARE_MAX - 1)];
  // On a details page the bar speaks of the other vehicles; it shows once there is one to compare with.
  if (props.current !== undefined ? others.length === 0 : picked.length === 0) {
    return <p role="status" aria-live="polite" className="sr-only">{refusedFull ? t("compare.full") : ""}</p>;
  }
  const ready = ids.length >= COMPARE_MIN;
  const summary = props.current !== undefined ? null : picked.length === 1 ? t("compare.chosen_one") : t("compare.chosen", { count: picked.length });
  const frame =
    props.placement === "fixed"
      ? "fixed inset-x-0 bottom-0 z-30 border-t border-black/15 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] backdrop-blur"
      : "rounded-lg border border-black/15 bg-white p-3";
  const bar = (
    <section aria-label={t("compare.bar_label")} className={frame} data-testid="compare-bar">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm font-semibold">
          {refusedFull ? t("compare.full") : summary}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" onClick={() => clearComparedVehicles(props.dealerCode)} className="min-h-11 px-2 text-sm font-semibold underline">
            {t("compare.clear")}
          </button>
          {ready && (
            <Link to={props.href(ids)} className={`inline-flex min-h-11 items-center ${ctaButtonClass}`} data-testid="compare-open">
              {props.current !== undefined ? t("compare.open_with", { count: ids.length - 1 }) : t("compare.open")}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
  // A fixed bar keeps room below the page's end, so it never covers the last of the page.
  return props.placement === "fixed" ? <><div aria-hidden="true" className="h-24" />{bar}</> : bar;
}
