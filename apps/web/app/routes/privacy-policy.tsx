import { languageOf } from "@showroom/domain";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [{ title: shell.t("privacy.page_title", { dealer: shell.dealer.name }) }];
};

/**
 * The dealership's privacy policy (spec 2.1 "privacy-policy"): its own text in the visitor's language, or, when it has
 * none, a plain statement of how the storefront uses what the shopper gives. The cookie consent never opens here
 * (spec 2.1, 2.5), nor the welcome modal: the shell skips both on this route.
 */
export default function PrivacyPolicyRoute() {
  const { t, locale } = useI18n();
  const { dealer } = useShell();
  const own = dealer.privacy_policy?.[languageOf(locale)]?.trim();
  const paragraphs = own ? own.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) : [t("privacy.fallback", { dealer: dealer.name, phone: dealer.phone })];
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" data-testid="privacy-policy" data-policy-source={own ? "dealer" : "fallback"}>
      <h1 className="text-3xl font-bold">{t("privacy.title")}</h1>
      <p className="mt-1 text-sm opacity-80">{dealer.name}</p>
      <div className="mt-6 flex flex-col gap-4 leading-relaxed">
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {own && <p className="mt-6 text-sm">{t("privacy.contact", { phone: dealer.phone })}</p>}
    </article>
  );
}
