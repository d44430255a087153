import { backLinkOf, dealerStructuredData, searchDescription, searchQueryFromParams, searchQueryToParams, vehicleSearchNotFoundSchema, type SearchQuery } from "@showroom/domain";
import { Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { lazy, Suspense, useMemo, useRef } from "react";
import { CompareBarPlace, CompareTogglePlace } from "../features/compare/lazy-picker.tsx";
import { BackToMarketplace, ConfigurationBanner } from "../features/vehicle-list/configuration-banner.tsx";
import { FilterPanel, newPanelMemory } from "../features/vehicle-list/filter-panel.tsx";
import { activeFilterChips, clearedQuery, searchHref } from "../features/vehicle-list/labels.ts";
import { Pagination } from "../features/vehicle-list/pagination.tsx";
import { SortSelect } from "../features/vehicle-list/sort-select.tsx";
import { loadSearchConfiguration } from "../features/vehicle-list/search-configuration.server.ts";
import { searchPageSchema } from "../features/vehicle-list/search-page.server.ts";
import { VehicleCard } from "../features/vehicle-list/vehicle-card.tsx";
import { catalogueOf, translator, useI18n } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { fromJsonText, toJsonText } from "../lib/json-text.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { canonicalUrl, loadSeoContext, pageSeoTags } from "../lib/seo.server.ts";
import { useFollowLink } from "../lib/follow-link.ts";
import { useShell } from "../lib/shell-context.tsx";
import { useModals } from "../ui/modals.tsx";
import type { Route } from "./+types/search";

const VIRTUAL_ONLY = /\/search\/buildandprice\/?$/;
/** Staff's "Create a search ad from this search": loaded only for staff who may, once the page is the browser's. */
const CreateSearchAd = lazy(() => import("../features/search-ads/create-search-ad.tsx"));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = searchQueryFromParams(url.searchParams);
  // The build-and-price list shows only vehicles that can be ordered from the factory.
  const query: SearchQuery = VIRTUAL_ONLY.test(url.pathname) ? { ...asked, stockType: ["virtual"] } : asked;
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  const seoContext = loadSeoContext(request, params, context);
  // Spec 2.1/2.2: the saved configuration (its failure swallowed here) and a marketplace's back link (http(s) only).
  const backLink = backLinkOf(url.searchParams.get("refurl"));
  const configurationAnswer = loadSearchConfiguration(api, url.searchParams, /(^|;\s*)sessionid=/.test(request.headers.get("cookie") ?? ""));
  try {
    const list = await api.get(`/api/quickshop/inventory/?${searchQueryToParams(query).toString()}`, searchPageSchema);
    const configuration = await configurationAnswer;
    const route = VIRTUAL_ONLY.test(url.pathname) ? "search/buildandprice" : "search";
    const seo = await seoContext;
    // The canonical address keeps the filters and the page: not the order, the shopper's location or any tracking parameter.
    const { sort: _sort, location: _location, ...filters } = asked;
    const page = { route, query: searchQueryToParams(filters) };
    const tags = seo && pageSeoTags(seo, page, {
      title: translator(catalogueOf(seo.language))("meta.title", { dealer: seo.dealer.name }),
      description: searchDescription(list.count, seo.dealer, seo.language),
      // The dealership as schema.org's AutoDealer, on the page that lists its vehicles.
      structuredData: dealerStructuredData({ dealer: seo.dealer, url: canonicalUrl(seo, { route }) }),
    });
    const { results, ...answer } = list;
    return { query, list: answer, cards: toJsonText(results), route, seo: tags, configuration, backLink };
  } catch (error) {
    // A dealership without a vehicle list sends every address of the list to its website (spec 2.2), or to /.
    const body = error instanceof ApiError ? vehicleSearchNotFoundSchema.safeParse(error.body).data : undefined;
    if (body?.code === "no_vehicle_list") throw redirect(body.website ?? "/");
    // An unknown dealership is the shell's 404; there is no list to show.
    if (error instanceof ApiError && (error.status === 404 || error.status === 440)) return { query, list: null, cards: null, route: "search", seo: null, configuration: null, backLink: null };
    throw error;
  }
}

/** The loader's tags (rendered on the server); without them the shell's. */
export const meta: Route.MetaFunction = ({ data: loaded, matches }) => loaded?.seo ?? matches[matches.length - 2]?.meta ?? [];

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { query, list, cards, route, configuration, backLink } = loaderData;
  const { t, locale } = useI18n();
  const { dealer, path, pricesLocked, signIn, prefetchSignIn, dealerUser } = useShell();
  // Staff's button is the browser's alone: server-rendered inside its lazy boundary, a click that came before that
  // boundary hydrated was lost.
  const hydrated = useHydrated();
  const modals = useModals();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const followLink = useFollowLink();
  const location = useLocation();
  const panelMemory = useRef(newPanelMemory());
  const results = useMemo(() => (cards ? fromJsonText(cards) : []), [cards]);
  if (!list) return null;
  const routePath = (search?: string) => path(route, search);
  const href = (q: Partial<SearchQuery>) => searchHref((_, search) => routePath(search), q);
  const names = new Map(list.facets.dealership.map((d) => [d.value, d.name]));
  const chips = activeFilterChips(query, t, names);
  const showDealership = (query.dealership_uid?.length ?? 0) > 1 || query.sort === "distance";
  const loading = navigation.state === "loading" && navigation.location.pathname === routePath().split("?")[0];
  const openFilters = () =>
    modals.open("vehicle filters", { query, facets: list.facets, action: routePath(), count: list.count, pricesLocked, budgetFrequency: list.budget_frequency });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {backLink && <BackToMarketplace link={backLink} />}
      <h1 className="text-2xl font-bold">{t("search.heading", { dealer: dealer.name })}</h1>
      {configuration && (
        <ConfigurationBanner
          configuration={configuration}
          filterHref={href({ ...clearedQuery(query), make: configuration.summary.make, model: configuration.summary.model })}
          buildHref={path(`build-and-price/${configuration.vehicle}`)}
        />
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold" role="status" aria-live="polite" data-testid="result-count">
          {list.count === 1 ? t("search.results_one") : t("search.results", { count: list.count })}
        </p>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={openFilters}
            className="min-h-11 rounded-md border border-black/25 px-4 font-semibold laptop-up:hidden"
            data-testid="open-filters"
          >
            {t("filters.title")}
            {chips.length > 0 && ` (${chips.length})`}
          </button>
          <SortSelect
            query={query}
            pricesLocked={pricesLocked}
            action={routePath()}
            onSort={(sort) => {
              // From the address, not the rendered data: a sort chosen while a filter is still loading keeps that filter.
              const params = new URLSearchParams(location.search);
              params.delete("page");
              if (sort === "recommended") params.delete("sort");
              else params.set("sort", sort);
              void navigate(routePath(params.toString()), { preventScrollReset: true });
            }}
          />
        </div>
      </div>
      {/* The action decides (in its own chunk) whether this staff user's role may publish search ads. */}
      {dealerUser?.fully_authenticated && hydrated && (
        <div className="mt-3">
          <Suspense fallback={null}>
            <CreateSearchAd query={query} dealerUser={dealerUser} />
          </Suspense>
        </div>
      )}
      {chips.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("filters.active")} data-testid="active-filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Link
                to={href(chip.without)}
                preventScrollReset
                className="inline-flex min-h-9 items-center gap-1 rounded-full border border-black/20 bg-white px-3 text-sm hover:bg-black/5"
                aria-label={t("filters.remove", { filter: chip.label })}
              >
                {chip.label} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={href(clearedQuery(query))} preventScrollReset className="inline-flex min-h-9 items-center px-2 text-sm font-semibold underline">
              {t("filters.clear_all")}
            </Link>
          </li>
        </ul>
      )}
      <div className="mt-6 grid gap-6 laptop-up:grid-cols-[18rem_1fr]">
        <aside className="hidden laptop-up:block" aria-label={t("filters.title")}>
          <FilterPanel
            key={JSON.stringify(query)}
            query={query}
            facets={list.facets}
            action={routePath()}
            autoApply
            pricesLocked={pricesLocked}
            budgetFrequency={list.budget_frequency}
            memory={panelMemory.current}
          />
        </aside>
        <section aria-label={t("search.results_label")} aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          {results.length === 0 ? (
            <div className="rounded-lg bg-[var(--banner-bg)] p-6" data-testid="empty-results">
              <p className="font-semibold">{chips.length ? t("search.no_match") : t("search.empty")}</p>
              {chips.length > 0 && (
                <Link to={href(clearedQuery(query))} className="mt-3 inline-block font-semibold underline">
                  {t("filters.clear_all")}
                </Link>
              )}
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-4 tablet-up:grid-cols-2 desktop-up:grid-cols-3">
              {results.map((vehicle, index) => (
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
                  footer={<CompareTogglePlace dealerCode={dealer.code} vehicleId={vehicle.id} vehicleTitle={`${vehicle.year} ${vehicle.make} ${vehicle.model}`} />}
                />
              ))}
            </div>
          )}
          <Pagination query={query} count={list.count} href={(q) => href(q)} />
        </section>
      </div>
      {/* The shopper's picks (this browser's), with the way to compare them. */}
      <CompareBarPlace dealerCode={dealer.code} placement="fixed" href={(ids) => path("vcc", `?ids=${ids.join(",")}`)} />
    </div>
  );
}
