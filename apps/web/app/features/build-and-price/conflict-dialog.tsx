import { groupAlternatives, type Alternative, type BuildOption, type Conflict } from "@showroom/domain";
import { useMemo, useState } from "react";
import { useBuildI18n } from "./i18n.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { optionName, optionPrice, type PriceFormat } from "./option-choices.tsx";

/**
 * The build-and-price conflict dialog (spec 4): what the shopper asked for, and the ways out the engine
 * found, the first one (fewest changes, lowest price) chosen by default. Alternatives that differ only by
 * the interior colour are one choice with the interiors to pick from.
 */
export function ConflictDialog(props: {
  conflict: Conflict;
  optionsByCode: ReadonlyMap<string, BuildOption>;
  format: PriceFormat;
  onConfirm(alternative: Alternative): void;
  onCancel(): void;
}) {
  const { t, locale } = useBuildI18n();
  const choices = useMemo(() => groupAlternatives(props.conflict.alternatives, props.optionsByCode), [props.conflict, props.optionsByCode]);
  const [choice, setChoice] = useState(0);
  const [interior, setInterior] = useState<Record<number, number>>({});
  const name = (code: string) => {
    const option = props.optionsByCode.get(code);
    return option ? optionName(option, locale) : code;
  };
  const line = (code: string) => {
    const option = props.optionsByCode.get(code);
    return `${name(code)} (${optionPrice(option?.prices.msrp ?? 0, props.format, t)})`;
  };
  const requested = props.conflict.requested.add.map(name).join(", ") || props.conflict.requested.remove.map(name).join(", ");
  const chosen = (index: number): Alternative | null => {
    const c = choices[index];
    if (!c) return null;
    return c.kind === "single" ? c.alternative : c.interiors[interior[index] ?? 0]!.alternative;
  };
  const Changes = ({ alternative }: { alternative: Alternative }) => (
    <>
      {alternative.additions.length > 0 && <span className="block">{t("build.conflict.adds", { options: alternative.additions.map(line).join(", ") })}</span>}
      {alternative.removals.length > 0 && <span className="block">{t("build.conflict.removes", { options: alternative.removals.map(name).join(", ") })}</span>}
    </>
  );
  return (
    <ModalFrame title={t("build.conflict.title")} closeLabel={t("common.close")} onClose={props.onCancel}>
      <div data-testid="conflict-dialog">
        {choices.length === 0 ? (
          <p>{t("build.conflict.none", { option: requested })}</p>
        ) : (
          <fieldset>
            <legend className="mb-3">{t(props.conflict.requested.add.length ? "build.conflict.intro_add" : "build.conflict.intro_remove", { option: requested })}</legend>
            <div className="flex flex-col gap-2">
              {choices.map((c, index) => (
                <div key={index} className={`rounded-lg border-2 p-3 ${choice === index ? "border-[var(--accent)]" : "border-black/15"}`} data-testid={`conflict-choice-${index}`}>
                  <label className="flex items-start gap-3">
                    <input type="radio" name="conflict-choice" className="mt-1 h-5 w-5 accent-[var(--accent)]" checked={choice === index} onChange={() => setChoice(index)} />
                    <span>
                      {index === 0 && <span className="block text-sm font-semibold uppercase">{t("build.conflict.recommended")}</span>}
                      <Changes alternative={c.kind === "single" ? c.alternative : c.common} />
                    </span>
                  </label>
                  {c.kind === "interior" && (
                    <fieldset className="ml-8 mt-2">
                      <legend className="text-sm font-semibold">{t("build.conflict.choose_interior")}</legend>
                      {c.interiors.map((entry, i) => (
                        <label key={entry.code} className="flex items-center gap-2 py-1">
                          <input
                            type="radio"
                            name={`conflict-interior-${index}`}
                            className="h-4 w-4 accent-[var(--accent)]"
                            checked={(interior[index] ?? 0) === i}
                            onChange={() => {
                              setChoice(index);
                              setInterior((s) => ({ ...s, [index]: i }));
                            }}
                          />
                          {line(entry.code)}
                        </label>
                      ))}
                    </fieldset>
                  )}
                </div>
              ))}
            </div>
          </fieldset>
        )}
        {props.conflict.budget_exhausted && <p className="mt-3 text-sm">{t("build.conflict.more_may_exist")}</p>}
        <div className="mt-5 flex flex-col gap-2 tablet-up:flex-row-reverse">
          {choices.length > 0 && (
            <button
              type="button"
              className={`${ctaButtonClass} min-h-11`}
              data-testid="conflict-confirm"
              onClick={() => {
                const alternative = chosen(choice);
                if (alternative) props.onConfirm(alternative);
              }}
            >
              {t("build.conflict.confirm")}
            </button>
          )}
          <button type="button" className={secondaryButtonClass} data-testid="conflict-cancel" onClick={props.onCancel}>
            {t("build.conflict.cancel")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
