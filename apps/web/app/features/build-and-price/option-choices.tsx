import { cents, formatMoney, type BuildOption, type ConfigurationStateWire, type Currency, type Locale } from "@showroom/domain";
import { isBuildMessageKey, useBuildI18n, type BuildTranslate } from "./i18n.ts";

export type PriceFormat = { locale: Locale; currency: Currency };

export const optionName = (option: Pick<BuildOption, "name" | "name_fr">, locale: Locale) => (locale === "fr-ca" ? option.name_fr : option.name);

/** An option's own price: "No charge" when it costs nothing (an option brought by a package says "Included" instead). */
export function optionPrice(msrp: number, format: PriceFormat, t: BuildTranslate) {
  return msrp === 0 ? t("build.price_no_charge") : `+${formatMoney(cents(msrp), format)}`;
}

/** Where an option stands in the configuration, for its card and its note. */
export function optionStatus(code: string, state: ConfigurationStateWire) {
  if (state.included.includes(code)) return "included" as const;
  if (state.required.includes(code)) return "required" as const;
  if (state.selected.includes(code)) return "selected" as const;
  if (state.excluded.includes(code)) return "excluded" as const;
  return "available" as const;
}

/** What an option still needs before it can be added ("Requires Technology Package or Premium Package"), so the dialog is no surprise. */
function unmetRequirements(
  option: BuildOption,
  state: ConfigurationStateWire,
  optionsByCode: ReadonlyMap<string, BuildOption>,
  locale: Locale,
  t: BuildTranslate,
): string {
  const present = new Set([...state.selected, ...state.included]);
  const unmet = option.rule_requires
    .map((entry) => entry.split("|").filter((code) => optionsByCode.has(code)))
    .filter((codes) => codes.length > 0 && !codes.some((code) => present.has(code)));
  if (unmet.length === 0) return "";
  const or = ` ${t("build.or")} `;
  return t("build.status.requires", { options: unmet.map((codes) => codes.map((code) => optionName(optionsByCode.get(code)!, locale)).join(or)).join(", ") });
}

/** Options in their subcategories (wheels, technology…), in catalogue order; those without one come first. */
function subcategoryGroups(options: BuildOption[]) {
  const groups = new Map<string | null, { code: string | null; name: string; options: BuildOption[] }>();
  for (const option of options) {
    const code = option.subcategory?.code ?? null;
    if (!groups.has(code)) groups.set(code, { code, name: option.subcategory?.name ?? "", options: [] });
    groups.get(code)!.options.push(option);
  }
  return [...groups.values()].sort((a, b) => (a.code === null ? -1 : b.code === null ? 1 : 0));
}

/** The catalogue's name of a subcategory in the shopper's language, else the name the trim data gives. */
function subcategoryName(group: { code: string | null; name: string }, t: BuildTranslate) {
  const key = `build.subcategory.${group.code}`;
  return isBuildMessageKey(key) ? t(key) : group.name;
}

/** Options or packages: a checkbox each. An included option cannot be unticked on its own; an excluded one opens the conflict dialog. */
export function OptionChoices(props: {
  legend: string;
  options: BuildOption[];
  optionsByCode: ReadonlyMap<string, BuildOption>;
  state: ConfigurationStateWire;
  format: PriceFormat;
  disabled: boolean;
  onToggle(code: string): void;
}) {
  const { t, locale } = useBuildI18n();
  const card = (option: BuildOption) => {
    const status = optionStatus(option.code, props.state);
    const checked = status === "selected" || status === "required" || status === "included";
    const id = `option-${option.code}`;
    const texts = locale === "fr-ca" ? option.option_texts_fr : option.option_texts;
    const needs = status === "available" ? unmetRequirements(option, props.state, props.optionsByCode, locale, t) : "";
    return (
      <div
        key={option.code}
        className={`rounded-lg border-2 p-3 ${checked ? "border-[var(--accent)] bg-black/[0.03]" : "border-black/15"}`}
        data-testid={id}
        data-status={status}
      >
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-[var(--accent)]"
            checked={checked}
            disabled={props.disabled || status === "included" || !option.is_valid}
            onChange={() => props.onToggle(option.code)}
            aria-describedby={`${id}-note`}
          />
          <label htmlFor={id} className="flex flex-1 flex-wrap justify-between gap-x-4 gap-y-1">
            <span className="font-semibold">{optionName(option, locale)}</span>
            <span className="font-semibold tabular-nums">
              {status === "included" ? t("build.price_included") : optionPrice(option.prices.msrp, props.format, t)}
            </span>
          </label>
        </div>
        <p id={`${id}-note`} className="ml-8 text-sm text-black/70">
          {!option.is_valid ? t("build.status.unavailable") : status === "available" ? needs : status === "selected" ? "" : t(`build.status.${status}`)}
        </p>
        {texts && texts.length > 0 && (
          <ul className="ml-8 mt-1 list-disc pl-5 text-sm">
            {texts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>
    );
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-xl font-semibold">{props.legend}</legend>
      {subcategoryGroups(props.options).map((group) =>
        group.code === null ? (
          <div key="none" className="flex flex-col gap-3">{group.options.map(card)}</div>
        ) : (
          <section key={group.code} aria-labelledby={`subcategory-${group.code}`} className="flex flex-col gap-3">
            <h3 id={`subcategory-${group.code}`} className="mt-2 font-semibold">{subcategoryName(group, t)}</h3>
            {group.options.map(card)}
          </section>
        ),
      )}
    </fieldset>
  );
}

/** One colour group: a radio per colour with its swatch. A colour with no resolvable colour value is disabled (spec 4). */
export function ColourChoices(props: {
  group: "exterior" | "interior";
  colours: BuildOption[];
  optionsByCode: ReadonlyMap<string, BuildOption>;
  state: ConfigurationStateWire;
  swatches: ReadonlyMap<string, string>;
  format: PriceFormat;
  disabled: boolean;
  onChoose(code: string): void;
}) {
  const { t, locale } = useBuildI18n();
  return (
    <fieldset data-testid={`colours-${props.group}`}>
      <legend className="mb-2 text-xl font-semibold">{t(`build.colour.${props.group}`)}</legend>
      <div className="grid grid-cols-1 gap-2 tablet-up:grid-cols-2">
        {props.colours.map((colour) => {
          const status = optionStatus(colour.code, props.state);
          const swatch = props.swatches.get(colour.code);
          const id = `colour-${colour.code}`;
          const checked = status !== "available" && status !== "excluded";
          return (
            <div
              key={colour.code}
              className={`flex items-center gap-3 rounded-lg border-2 p-2 ${checked ? "border-[var(--accent)]" : "border-black/15"}`}
              data-testid={id}
              data-status={status}
            >
              <input
                id={id}
                type="radio"
                name={`colour-${props.group}`}
                className="h-5 w-5 shrink-0 accent-[var(--accent)]"
                checked={checked}
                disabled={props.disabled || !swatch || !colour.is_valid || status === "included"}
                onChange={() => props.onChoose(colour.code)}
                aria-describedby={`${id}-note`}
              />
              <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded-full border border-black/30" style={swatch ? { background: swatch } : undefined} />
              <label htmlFor={id} className="flex flex-1 flex-col">
                <span className="font-medium">{optionName(colour, locale)}</span>
                <span id={`${id}-note`} className="text-sm text-black/70">
                  {!swatch
                    ? t("build.status.no_colour")
                    : status === "excluded"
                      ? t("build.status.excluded")
                      : (status === "available" && unmetRequirements(colour, props.state, props.optionsByCode, locale, t)) || optionPrice(colour.prices.msrp, props.format, t)}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
