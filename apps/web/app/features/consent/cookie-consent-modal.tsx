import { useEffect, useRef, useState } from "react";
import { Checkbox } from "react-aria-components";
import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { currentConsent, DENIED, saveConsent, type ConsentChoice } from "../../lib/consent.ts";

/**
 * The cookie choices (spec 2.4 "cookie consent and manage"): opened from the banner's "Manage my choices" or the
 * footer's "Cookie preferences" (`managing`, with the choice in force ticked); analytics stay denied until allowed.
 */
export function CookieConsentModal(props: { t: Translate; close(): void; managing?: boolean; onClosed?(): void }) {
  const { t } = props;
  const [managing, setManaging] = useState(props.managing ?? false);
  const [choice, setChoice] = useState<ConsentChoice>(() => currentConsent() ?? DENIED);
  // The banner waits while this is open (a route change closes every modal): it is told when this one goes.
  const onClosed = useRef(props.onClosed);
  useEffect(() => () => onClosed.current?.(), []);
  const save = (value: ConsentChoice) => {
    saveConsent(value);
    props.close();
  };
  const button = "rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]";
  const category = (key: "performance" | "targeting") => (
    <Checkbox
      isSelected={choice[key]}
      onChange={(selected) => setChoice({ ...choice, [key]: selected })}
      className="group flex cursor-pointer items-start gap-3"
    >
      <span aria-hidden="true" className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 border-current group-data-[selected]:bg-[var(--cta)] group-data-[selected]:text-[var(--cta-fg)] group-data-[focus-visible]:outline-2">
        {choice[key] ? "✓" : ""}
      </span>
      <span>
        <span className="block font-semibold">{t(`consent.${key}`)}</span>
        <span className="block text-sm opacity-80">{t(`consent.${key}_help`)}</span>
      </span>
    </Checkbox>
  );
  return (
    <ModalFrame title={t("consent.title")} closeLabel={t("common.close")} onClose={props.close} dismissable={props.managing === true && currentConsent() !== null}>
      <p className="mb-4">{t("consent.body")}</p>
      {managing && (
        <div className="mb-4 grid gap-4">
          <div>
            <p className="font-semibold">{t("consent.necessary")}</p>
            <p className="text-sm opacity-80">{t("consent.necessary_help")}</p>
          </div>
          {category("performance")}
          {category("targeting")}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {managing ? (
          <button type="button" className={ctaButtonClass} onClick={() => save(choice)}>
            {t("consent.save")}
          </button>
        ) : (
          <button type="button" className={`${button} border border-current`} onClick={() => setManaging(true)}>
            {t("consent.manage")}
          </button>
        )}
        <button type="button" className={`${button} border border-current`} onClick={() => save(DENIED)}>
          {t("consent.reject_all")}
        </button>
        <button type="button" className={ctaButtonClass} onClick={() => save({ necessary: true, performance: true, targeting: true })}>
          {t("consent.accept_all")}
        </button>
      </div>
    </ModalFrame>
  );
}
