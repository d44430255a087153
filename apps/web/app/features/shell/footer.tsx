import { footerAlwaysVisible, sanitizeFooterHtml, type DealerInfo, type Language } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";

export function Footer(props: { dealer: DealerInfo; language: Language; t: Translate }) {
  const { dealer, t, language } = props;
  const custom = dealer.custom_footer?.[language];
  const privacy = dealer.privacy_policy?.[language];
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
            {privacy && (
              <a href={privacy} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
                {t("footer.privacy_policy")} <span className="sr-only">{t("footer.new_tab")}</span>
              </a>
            )}
            {dealer.terms_and_conditions_link && (
              <a href={dealer.terms_and_conditions_link} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
                {t("footer.terms")} <span className="sr-only">{t("footer.new_tab")}</span>
              </a>
            )}
          </div>
        )}
      </div>
    </footer>
  );
}
