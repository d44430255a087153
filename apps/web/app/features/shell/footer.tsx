import { footerAlwaysVisible, sanitizeFooterHtml, type DealerInfo, type Language } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";

/** `onCookiePreferences` reopens the cookie choices (spec 2.4), whatever footer the dealership has. */
export function Footer(props: {
  dealer: DealerInfo;
  language: Language;
  t: Translate;
  onCookiePreferences?(): void;
  /** The storefront's privacy-policy page (the dealership's text, or the fallback when it has none). */
  privacyHref: string;
}) {
  const { dealer, t, language } = props;
  const custom = dealer.custom_footer?.[language];
  return (
    <footer
      data-testid="footer"
      className={`mt-12 border-t border-black/10 bg-[var(--banner-bg)] text-[var(--banner-fg)] ${footerAlwaysVisible(dealer) ? "" : "max-mobile:hidden"}`}
    >
      <div className="mx-auto max-w-7xl px-4 py-6 text-sm">
        {custom ? (
          // The only HTML the app renders as HTML: the dealership's footer, rebuilt from an allow-list.
          <div className="custom-footer" dangerouslySetInnerHTML={{ __html: sanitizeFooterHtml(custom) }} />
        ) : (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <span>{t("footer.powered_by")}</span>
            <a href={props.privacyHref} target="_blank" rel="noopener" className="underline underline-offset-4" data-testid="footer-privacy-policy">
              {t("footer.privacy_policy")} <span className="sr-only">{t("footer.new_tab")}</span>
            </a>
            {dealer.terms_and_conditions_link && (
              <a href={dealer.terms_and_conditions_link} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
                {t("footer.terms")} <span className="sr-only">{t("footer.new_tab")}</span>
              </a>
            )}
          </div>
        )}
        {props.onCookiePreferences && (
          <button type="button" onClick={props.onCookiePreferences} className="mt-2 underline underline-offset-4" data-testid="cookie-preferences">
            {t("consent.preferences")}
          </button>
        )}
      </div>
    </footer>
  );
}
