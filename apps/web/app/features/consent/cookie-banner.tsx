import { useId } from "react";
import type { Translate } from "../../i18n/index.ts";
import { DENIED, saveConsent } from "../../lib/consent.ts";
import { ctaButtonClass } from "../../ui/styles.ts";

/**
 * The cookie banner (spec 2.4, 2.5): asked once, at the bottom of the page without blocking it. A non-modal dialog
 * named by its heading, placed right after the skip link so the keyboard and a screen reader meet it first;
 * "Manage my choices" opens the categories (the "cookie consent" modal).
 */
export function CookieBanner(props: { t: Translate; onManage(): void }) {
  const { t } = props;
  const titleId = useId();
  const bodyId = useId();
  const button =
    "rounded-md border border-current px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]";
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 max-h-[70vh] overflow-y-auto border-t border-black/10 bg-[var(--modal-bg)] text-[var(--modal-fg)] shadow-[0_-4px_16px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 tablet-up:flex-row tablet-up:items-center tablet-up:gap-6">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            {t("consent.title")}
          </h2>
          <p id={bodyId} className="text-sm">
            {t("consent.body")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 max-mobile:[&>button]:flex-1">
          <button type="button" className={button} onClick={props.onManage}>
            {t("consent.manage")}
          </button>
          <button type="button" className={button} onClick={() => saveConsent(DENIED)}>
            {t("consent.reject_all")}
          </button>
          <button type="button" className={ctaButtonClass} onClick={() => saveConsent({ necessary: true, performance: true, targeting: true })}>
            {t("consent.accept_all")}
          </button>
        </div>
      </div>
    </section>
  );
}
