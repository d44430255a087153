import { cents, formatMoney } from "@showroom/domain";
import { useBuildI18n } from "./i18n.ts";
import type { PriceFormat } from "./option-choices.tsx";
import type { TrimChoice } from "./use-build-page.ts";

/** The configuration step: the trims of the model, each with its starting price; choosing one opens its build. */
export function TrimChoices(props: {
  choices: TrimChoice[];
  format: PriceFormat;
  disabled: boolean;
  error: string | null;
  onChoose(choiceId: string): void;
}) {
  const { t } = useBuildI18n();
  return (
    <fieldset data-testid="trim-choices">
      <legend className="mb-2 text-xl font-semibold">{t("build.configuration.legend")}</legend>
      <div className="flex flex-col gap-2">
        {props.choices.map((choice) => (
          <label
            key={choice.id}
            className={`flex items-start gap-3 rounded-lg border-2 p-3 ${choice.current ? "border-[var(--accent)]" : "border-black/15"}`}
            data-testid={`trim-${choice.id}`}
          >
            <input
              type="radio"
              name="trim"
              className="mt-1 h-5 w-5 shrink-0 accent-[var(--accent)]"
              checked={choice.current}
              disabled={props.disabled}
              onChange={() => props.onChoose(choice.id)}
            />
            <span>
              <span className="block font-semibold">{choice.name}</span>
              <span className="block">{t("build.configuration.starting_at", { price: formatMoney(cents(choice.msrp), props.format) })}</span>
              {choice.current && <span className="text-sm font-semibold">{t("build.configuration.current")}</span>}
            </span>
          </label>
        ))}
      </div>
      {props.error && (
        <p role="alert" className="mt-2 font-semibold text-red-800" data-testid="trim-error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
