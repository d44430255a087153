import { useLocation } from "react-router";
import { TradeInPage } from "../features/trade-in/trade-in-page.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/tradein";
import { loadTradeIn } from "./tradein.server.ts";

export const loader = (args: Route.LoaderArgs) => loadTradeIn(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [
    { title: shell.t("trade_in_card.page_title", { dealer: shell.dealer.name }) },
    { name: "robots", content: "noindex" },
  ];
};

/** The trade-in page (spec 2.1 "tradein"): ?order= values the trade towards a saved deal, ?trade_in= resumes one. */
export default function TradeInRoute({ loaderData }: Route.ComponentProps) {
  const { settings, questions, order, orderId, trade } = loaderData;
  // A link to another trade starts the page again; the page's own address updates (a trade created, a restart) do not.
  const key = new URLSearchParams(useLocation().search).get("trade_in") ?? "new";
  return (
    <TradeInPage key={key} settings={settings} questions={questions} initial={trade} order={order} orderId={orderId} />
  );
}
