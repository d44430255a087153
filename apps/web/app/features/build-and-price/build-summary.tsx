import { cents, formatMoney, OPTION_GROUP_IDS, type ConfigurationStateWire, type Trim } from "@showroom/domain";
import { Fragment } from "react";
import { useBuildI18n, type BuildMessageKey } from "./i18n.ts";
import { optionName, type PriceFormat } from "./option-choices.tsx";

const GROUP_LABELS: Record<number, BuildMessageKey> = {
  [OPTION_GROUP_IDS.exterior]: "build.colour.exterior",
  [OPTION_GROUP_IDS.interior]: "build.colour.interior",
  [OPTION_GROUP_IDS.packages]: "build.step.packages",
  [OPTION_GROUP_IDS.options]: "build.step.options",
};

/** The summary of a configuration: every chosen and included option by group, with the MSRP it adds. */
export function BuildSummary(props: { trim: Trim; state: ConfigurationStateWire; format: PriceFormat }) {
  const { t, locale } = useBuildI18n();
  const present = new Set([...props.state.selected, ...props.state.included]);
  const included = new Set(props.state.included);
  const groups = [OPTION_GROUP_IDS.exterior, OPTION_GROUP_IDS.interior, OPTION_GROUP_IDS.packages, OPTION_GROUP_IDS.options].map((groupId) => ({
    groupId,
    options: props.trim.options.filter((o) => o.group_id === groupId && present.has(o.code)),
  }));
  const money = (value: number) => formatMoney(cents(value), props.format);
  return (
    <section aria-labelledby="build-summary-heading" data-testid="build-summary">
      <h3 id="build-summary-heading" className="text-xl font-semibold">{t("build.summary.heading")}</h3>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">{t("build.summary.caption")}</caption>
        <tbody>
          <tr className="border-b border-black/10">
            <th scope="row" className="py-2 font-normal">{t("build.recap.base")}</th>
            <td className="py-2 text-right tabular-nums">{money(props.state.prices.base_msrp)}</td>
          </tr>
          {groups.map(({ groupId, options }) =>
            options.length === 0 ? null : (
              <Fragment key={groupId}>
                <tr>
                  <th scope="colgroup" colSpan={2} className="pt-3 text-left text-sm font-semibold">
                    {t(GROUP_LABELS[groupId]!)}
                  </th>
                </tr>
                {options.map((o, i) => (
                  <tr key={o.code} className={`align-top ${i === options.length - 1 ? "border-b border-black/10" : ""}`}>
                    <th scope="row" className="py-1 pr-4 font-normal">{optionName(o, locale)}</th>
                    <td className="whitespace-nowrap py-1 text-right tabular-nums">{included.has(o.code) ? t("build.price_included") : money(o.prices.msrp)}</td>
                  </tr>
                ))}
              </Fragment>
            ),
          )}
          <tr>
            <th scope="row" className="py-2">{t("build.summary.options_total")}</th>
            <td className="py-2 text-right font-semibold tabular-nums">{money(props.state.prices.options_msrp)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 text-lg">{t("build.recap.total")}</th>
            <td className="py-2 text-right text-lg font-bold tabular-nums" data-testid="summary-msrp">{money(props.state.prices.msrp)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
