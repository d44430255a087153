import { CreditApplicationPage } from "../features/credit-application/credit-application-page.tsx";
import { creditTranslator } from "../features/credit-application/i18n.ts";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/credit-application";
import { loadCreditApplication } from "./credit-application.server.ts";

export const loader = (args: Route.LoaderArgs) => loadCreditApplication(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const t = creditTranslator(shell.locale, shell.t);
  return [{ title: t("credit.page_title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/** The credit application page (spec 2, "Credit application"): ?order= the saved deal it finances. */
export default function CreditApplicationRoute({ loaderData }: Route.ComponentProps) {
  return <CreditApplicationPage {...loaderData} />;
}
