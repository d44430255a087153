import type { DealerInfo, Language } from "@showroom/domain";
import { Link } from "react-router";
import { useI18n, type MessageKey } from "../../i18n/index.ts";

type ModuleName = DealerInfo["module_settings"]["enabled_modules"][number];

/**
 * The dealership's purchase steps (module settings): elevated ones first, texts from the CTA overrides
 * in the visitor's language. A step with a screen of its own links to it (`hrefs`: the trade-in page); the others
 * ask the dealership through the contact form, with the request written in, until their screens arrive.
 */
export function NextSteps(props: {
  dealer: DealerInfo;
  language: Language;
  onChoose(message: string): void;
  hrefs?: Partial<Record<ModuleName, string>>;
  /** Steps whose card opens over the page once it is interactive (the trade-in); the link is the way without scripts. */
  onOpen?: Partial<Record<ModuleName, () => void>>;
}) {
  const { t } = useI18n();
  const { module_settings: settings, vdp_flow: flow } = props.dealer;
  const ordered = [
    ...settings.elevated_modules.filter((m) => settings.enabled_modules.includes(m)),
    ...settings.enabled_modules.filter((m) => !settings.elevated_modules.includes(m)),
  ];
  const label = (module: ModuleName) => {
    const override = settings.cta_overrides.find((o) => o.target_module === module);
    if (override) return props.language === "fr" ? override.text_fr : override.text_en;
    return t(`module.${module}` as MessageKey);
  };
  if (ordered.length === 0) return null;
  const Steps = flow === "linear" ? "ol" : "ul";
  return (
    <section aria-labelledby="steps-heading" data-flow={flow} data-testid="next-steps">
      <h2 id="steps-heading" className="text-lg font-semibold">{t(flow === "legacy" ? "details.start_purchase" : "details.next_steps")}</h2>
      <Steps className={`mt-2 flex flex-col gap-2 ${flow === "linear" ? "list-decimal pl-6" : ""}`}>
        {ordered.map((module) => (
          <li key={module}>
            {props.hrefs?.[module] ? (
              <Link
                to={props.hrefs[module]}
                onClick={(event) => {
                  const open = props.onOpen?.[module];
                  if (!open || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  open();
                }}
                className={`block w-full rounded-md border px-4 py-2 text-left font-semibold hover:bg-black/5 ${
                  settings.elevated_modules.includes(module) ? "border-[var(--cta)] border-2" : "border-black/20"
                }`}
                data-testid={`next-step-${module}`}
              >
                {label(module)}
              </Link>
            ) : (
              <button
                type="button"
                onClick={() => props.onChoose(t("details.step_request", { step: label(module) }))}
                className={`w-full rounded-md border px-4 py-2 text-left font-semibold hover:bg-black/5 ${
                  settings.elevated_modules.includes(module) ? "border-[var(--cta)] border-2" : "border-black/20"
                }`}
              >
                {label(module)}
              </button>
            )}
          </li>
        ))}
      </Steps>
    </section>
  );
}
