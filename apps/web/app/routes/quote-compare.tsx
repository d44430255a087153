import { NotFound } from "../features/shell/error-page.tsx";
import { loadQuoteFlow } from "../features/quotes/load-flow.server.ts";
import { ComparePage } from "../features/quotes/compare-page.tsx";
import { quotesTranslator } from "../features/quotes/i18n.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/quote-compare";

export const loader = (args: Route.LoaderArgs) => loadQuoteFlow(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const t = quotesTranslator(shell.locale, shell.t);
  return [{ title: t("quotes.compare_page_title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/** The options of a personalized quote side by side (spec 2.1 "praq-compare-id"): flow {id}, as the quote page reads it. */
export default function QuoteCompareRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { dealer, path } = useShell();
  if (loaderData.problem === "missing")
    return <NotFound t={t} showroomHref={dealer.show_vehicle_list ? path("search") : null} websiteHref={dealer.website} />;
  return <ComparePage data={loaderData} />;
}
