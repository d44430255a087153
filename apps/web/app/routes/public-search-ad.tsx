import { publicSearchAdSchema, searchAdParams, searchQueryFromParams, type PublicSearchAd, type SearchQuery } from "@showroom/domain";
import { data, Link } from "react-router";
import { searchAdsTranslator } from "../features/search-ads/messages.ts";
import { activeFilterChips } from "../features/vehicle-list/labels.ts";
import { Pagination } from "../features/vehicle-list/pagination.tsx";
import { VehicleCard } from "../features/vehicle-list/vehicle-card.tsx";
import { useI18n } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { useFollowLink } from "../lib/follow-link.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { CarIcon } from "../ui/icons.tsx";
import { ctaButtonClass } from "../ui/styles.ts";
import type { Route } from "./+types/public-search-ad";

type Loaded = { ad: PublicSearchAd | null; query: SearchQuery | null; problem: "incomplete" | "missing" | null };

/**
 * public-views/search-ads/{id}: a search ad staff shared, read-only, for anyone: its title, its filters in words and
 * the listed vehicles they match now, 50 a page. Without an id (the route's id is optional) the link is incomplete:
 * a page saying so, with status 200 (an address of the contract, which leads on to the vehicle list); an unknown or
 * withdrawn ad, or another dealership's, is a 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id ?? "";
  if (id === "") return data<Loaded>({ ad: null, query: null, problem: "incomplete" });
  const page = new URL(request.url).searchParams.get("page");
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    const ad = await api.get(`/api/public-views/search-ads/${encodeURIComponent(id)}/${page && /^\d{1,5}$/.test(page) ? `?page=${page}` : ""}`, publicSearchAdSchema);
    const params = searchAdParams(ad.filters);
    if (page) params.set("page", page);
    return data<Loaded>({ ad, query: searchQueryFromParams(params), problem: null });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return data<Loaded>({ ad: null, query: null, problem: "missing" }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const t = searchAdsTranslator(shell.locale);
  const title = loaded?.ad ? t("page_title", { title: loaded.ad.title, dealer: shell.dealer.name }) : t("incomplete_page_title", { dealer: shell.dealer.name });
  return [{ title }, { name: "robots", content: "noindex" }];
};

function Message(props: { title: string; text: string }) {
  const { locale } = useI18n();
  const { dealer, path } = useShell();
  const t = searchAdsTranslator(locale);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" aria-labelledby="search-ad-message" data-testid="search-ad-message">
      <CarIcon className="h-16 w-24 text-[var(--accent)]" />
      <h1 id="search-ad-message" className="mt-6 text-2xl font-bold">{props.title}</h1>
      <p className="mt-3">{props.text}</p>
      {dealer.show_vehicle_list ? (
        <Link to={path("search")} className={`mt-8 inline-block ${ctaButtonClass}`}>{t("to_list")}</Link>
      ) : (
        <a href={dealer.website ?? "/"} className={`mt-8 inline-block ${ctaButtonClass}`}>{dealer.name}</a>
      )}
    </section>
  );
}

export default function PublicSearchAdRoute({ loaderData }: Route.ComponentProps) {
  const { ad, query, problem } = loaderData;
  const { t, locale } = useI18n();
  const { dealer, path, pricesLocked, signIn, prefetchSignIn } = useShell();
  const followLink = useFollowLink();
  const ta = searchAdsTranslator(locale);
  if (!ad || !query) {
    return problem === "incomplete" ? <Message title={ta("incomplete_title")} text={ta("incomplete_text")} /> : <Message title={ta("missing_title")} text={ta("missing_text")} />;
  }
  const chips = activeFilterChips(query, t, new Map());
  const showDealership = (query.dealership_uid?.length ?? 0) > 1;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <p className="text-sm font-semibold opacity-80">{ta("eyebrow", { dealer: dealer.name })}</p>
      <h1 id="search-ad-heading" className="mt-1 text-2xl font-bold" data-testid="search-ad-title">{ad.title}</h1>
      <div className="mt-3 flex flex-wrap items-baseline gap-2">
        <p className="font-semibold">{ta("filters")}</p>
        {chips.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="search-ad-filters">
            {chips.map((chip) => <li key={chip.key} className="rounded-full border border-black/20 bg-white px-3 py-1 text-sm">{chip.label}</li>)}
          </ul>
        ) : (
          <p data-testid="search-ad-filters">{ta("all_vehicles")}</p>
        )}
      </div>
      <p className="mt-4 font-semibold" data-testid="result-count">{ad.count === 1 ? ta("results_one") : ta("results", { count: ad.count })}</p>
      {ad.results.length === 0 ? (
        <div className="mt-4 rounded-lg bg-[var(--banner-bg)] p-6">
          <p className="font-semibold">{ta("none")}</p>
          {dealer.show_vehicle_list && <Link to={path("search")} className="mt-3 inline-block font-semibold underline">{ta("to_list")}</Link>}
        </div>
      ) : (
        <section aria-labelledby="search-ad-heading" className="mt-4 grid grid-cols-1 gap-4 tablet-up:grid-cols-2 desktop-up:grid-cols-3">
          {ad.results.map((vehicle, index) => (
            <VehicleCard
              key={vehicle.id}
              vehicle={vehicle}
              dealer={dealer}
              locale={locale}
              t={t}
              pricesLocked={pricesLocked}
              unlockPrices={{ open: () => void signIn("unlock-pricing", { vehicle: vehicle.id }), prefetch: prefetchSignIn }}
              href={path(`details/${vehicle.id}`)}
              onFollow={followLink}
              showDealership={showDealership}
              eager={index < 3}
            />
          ))}
        </section>
      )}
      <Pagination query={query} count={ad.count} href={(q) => path(`public-views/search-ads/${ad.uid}`, q.page > 1 ? `?page=${q.page}` : "")} />
    </div>
  );
}
