import type { VehicleSummary } from "@showroom/domain";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { VehicleCard } from "../features/vehicle-list/vehicle-card.tsx";
import { useI18n } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { useShell } from "../lib/shell-context.tsx";

type VehicleList = { count: number; next: string | null; previous: string | null; results: VehicleSummary[] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const api = serverApi(context, dealerCodeFor(request, params, context));
  try {
    const list = await api.get<VehicleList>(`/api/quickshop/inventory/?page=${page}`);
    return { page, list };
  } catch (error) {
    // An unknown dealership is the shell's 404; there is no list to show.
    if (error instanceof ApiError && (error.status === 404 || error.status === 440)) return { page, list: null };
    throw error;
  }
}

export default function SearchRoute() {
  const { page, list } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  const { dealer, dealerUser, path } = useShell();
  if (!list) return null;
  const pages = Math.max(1, Math.ceil(list.count / 50));
  const pricesLocked = dealer.compulsory_login && !dealerUser;
  const pageLink = "rounded-md border border-black/15 px-4 py-2 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("search.heading", { dealer: dealer.name })}</h1>
      <p className="mt-1 opacity-80" role="status" data-testid="result-count">
        {list.count === 1 ? t("search.results_one") : t("search.results", { count: list.count })}
      </p>
      {list.results.length === 0 ? (
        <p className="mt-8 rounded-lg bg-[var(--banner-bg)] p-6">{t("search.empty")}</p>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-4 tablet-up:grid-cols-2 laptop-up:grid-cols-3 desktop-up:grid-cols-4">
          {list.results.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} dealer={dealer} locale={locale} t={t} pricesLocked={pricesLocked} />
          ))}
        </div>
      )}
      {pages > 1 && (
        <nav aria-label={t("search.pagination")} className="mt-8 flex items-center justify-center gap-4">
          {page > 1 && <Link className={pageLink} to={path("search", `page=${page - 1}`)}>{t("search.previous")}</Link>}
          <span>{t("search.page_of", { page, pages })}</span>
          {page < pages && <Link className={pageLink} to={path("search", `page=${page + 1}`)}>{t("search.next")}</Link>}
        </nav>
      )}
    </div>
  );
}
