import { Link } from "react-router";
import { useQuotesI18n, quotesTranslator } from "../features/quote-builder/i18n.ts";
import { QuoteBuilderPage } from "../features/quote-builder/quote-builder-page.tsx";
import { loadQuoteBuilder } from "../features/quote-builder/quote-builder.server.ts";
import { StaffSignInPrompt, useSignInOnArrival } from "../features/staff/workspace.tsx";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/dealer-quote-builder";

export const loader = (args: Route.LoaderArgs) => loadQuoteBuilder(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const t = quotesTranslator(shell.locale, shell.t);
  return [{ title: t("quote_builder.page_title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/** The staff quote builder of a deal's quote flow (dealer/quotes/{flow id}); signed-out staff are asked to sign in. */
export default function DealerQuoteBuilderRoute({ loaderData }: Route.ComponentProps) {
  const { flow, state } = loaderData;
  const { t } = useI18n();
  const quotes = useQuotesI18n();
  const { path, staff, dealerUser } = useShell();
  // Signed in with both factors and still refused: not a quote this user may see, not a sign-in to ask for.
  const askSignIn = state === "signed-out" && dealerUser?.fully_authenticated !== true;
  useSignInOnArrival(askSignIn, staff.signIn);
  if (flow) return <QuoteBuilderPage key={flow.id} flow={flow} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="quote-builder-page">
      <Link
        to={path("dealer/customers")}
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline"
        data-testid="workspace-back"
      >
        {t("workspace.back")}
      </Link>
      {askSignIn ? (
        <StaffSignInPrompt t={t} onSignIn={() => void staff.signIn()} onPrefetch={staff.prefetchSignIn} />
      ) : (
        <p className="mt-4" data-testid="quote-builder-missing">
          {quotes.t("quote_builder.not_found")}
        </p>
      )}
    </div>
  );
}
