import { cents, formatMoney } from "@showroom/domain";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useBuildI18n } from "./i18n.ts";
import { optionName, type PriceFormat } from "./option-choices.tsx";
import type { BuildPage } from "./use-build-page.ts";

/** The recap beside the choices: the base price, each chosen option's, the total; and Start over. */
export function BuildRecap(props: { page: BuildPage; format: PriceFormat }) {
  const { t, locale } = useBuildI18n();
  const { page, format } = props;
  const { model, state, view } = page;
  return (
    <aside aria-labelledby="build-recap-heading" className="flex flex-col gap-4 laptop-up:col-start-2 laptop-up:row-start-2 laptop-up:self-start">
      <div className="rounded-xl border border-black/10 bg-white p-4">
        <h2 id="build-recap-heading" className="text-lg font-semibold">{t("build.recap.heading")}</h2>
        {state ? (
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="build-prices">
            <dt>{t("build.recap.base")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(cents(state.prices.base_msrp), format)}</dd>
            {state.selected.map((code) => {
              const option = view.optionsByCode.get(code);
              if (!option) return null;
              return [
                <dt key={`${code}-name`} className="text-sm">{optionName(option, locale)}</dt>,
                <dd key={`${code}-price`} className="text-right text-sm tabular-nums">{formatMoney(cents(option.prices.msrp), format)}</dd>,
              ];
            })}
            <dt className="border-t border-black/10 pt-1 font-semibold">{t("build.recap.total")}</dt>
            <dd className="border-t border-black/10 pt-1 text-right font-semibold tabular-nums" data-testid="build-msrp">{formatMoney(cents(state.prices.msrp), format)}</dd>
          </dl>
        ) : (
          // As tall as the shortest recap (base, one colour, total), so nothing below moves when the build arrives.
          <p className="mt-2 min-h-[5.0625rem]">{t("build.loading")}</p>
        )}
        {model.busy && <p role="status" className="mt-2 text-sm">{t("build.updating")}</p>}
      </div>
      {(model.status === "starting" || (model.buildState && !page.locked && !model.editing)) && (
        <button type="button" className={`${secondaryButtonClass} text-sm`} onClick={() => void page.startOver()} disabled={model.busy || model.status === "starting"} data-testid="build-start-over">
          {t("build.start_over")}
        </button>
      )}
    </aside>
  );
}

/**
 * On a phone the recap sits below the choices: the total and the next step stay in view while the shopper
 * chooses. The summary's deal panel keeps its own bar (the payment and the save).
 */
export function PhoneTotalBar(props: { page: BuildPage; format: PriceFormat }) {
  const { t } = useBuildI18n();
  const { state, step, steps, index, enabled, locked } = props.page;
  if (!state || step === "summary") return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-black/10 bg-white px-4 py-2 font-semibold shadow-[0_-2px_8px_rgba(0,0,0,0.08)] laptop-up:hidden" data-testid="phone-total">
      <p className="leading-tight">
        <span className="block text-xs font-normal opacity-75">{t("build.recap.total")}</span>
        <span className="tabular-nums">{formatMoney(cents(state.prices.msrp), props.format)}</span>
      </p>
      {index < steps.length - 1 && (
        <button type="button" className={`${ctaButtonClass} min-h-11 whitespace-nowrap`} onClick={() => props.page.go(index + 1)} disabled={!enabled[index + 1] || locked} aria-label={t("build.next", { step: t(`build.step.${steps[index + 1]!}`) })} data-testid="phone-step-next">
          {t("build.next_short")}
        </button>
      )}
    </div>
  );
}
