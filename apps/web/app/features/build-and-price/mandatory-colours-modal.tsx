import type { BuildOption, ConfigurationStateWire } from "@showroom/domain";
import { useBuildI18n } from "./i18n.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { ColourChoices, type PriceFormat } from "./option-choices.tsx";

/** Spec 5, mandatory-colour rule: the groups still missing a colour are asked for before going on. */
export function MandatoryColoursModal(props: {
  missing: ("exterior" | "interior")[];
  colours: Record<"exterior" | "interior", BuildOption[]>;
  optionsByCode: ReadonlyMap<string, BuildOption>;
  state: ConfigurationStateWire;
  swatches: ReadonlyMap<string, string>;
  format: PriceFormat;
  busy: boolean;
  /** Groups asked for when the modal opened: they stay shown once chosen, so the shopper sees the choice. */
  asked: ("exterior" | "interior")[];
  onChoose(code: string): void;
  onContinue(): void;
  onClose(): void;
}) {
  const { t } = useBuildI18n();
  return (
    <ModalFrame title={t("build.mandatory.title")} closeLabel={t("common.close")} onClose={props.onClose}>
      <div className="flex flex-col gap-4" data-testid="mandatory-colours">
        <p>{t("build.mandatory.intro")}</p>
        {props.asked.map((group) => (
          <ColourChoices
            key={group}
            group={group}
            colours={props.colours[group]}
            optionsByCode={props.optionsByCode}
            state={props.state}
            swatches={props.swatches}
            format={props.format}
            disabled={props.busy}
            onChoose={props.onChoose}
          />
        ))}
        <button type="button" className={`${ctaButtonClass} min-h-11`} disabled={props.missing.length > 0 || props.busy} onClick={props.onContinue} data-testid="mandatory-continue">
          {t("build.mandatory.continue")}
        </button>
      </div>
    </ModalFrame>
  );
}
