import type { Order } from "@showroom/domain";
import { useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { DealCard } from "../features/saved-deals/deal-card.tsx";
import { dealTitle } from "../features/saved-deals/deal-labels.ts";
import { createOrdersApi } from "../features/saved-deals/orders-api.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { useModals } from "../ui/modals.tsx";
import { useToasts } from "../ui/toasts.tsx";
import { ctaButtonClass } from "../ui/styles.ts";
import type { Route } from "./+types/orders";
import { loadOrders } from "./orders.server.ts";

export const loader = (args: Route.LoaderArgs) => loadOrders(args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const { t } = shell;
  return [{ title: t("orders.title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { list, page, source } = loaderData;
  const { t, locale } = useI18n();
  const { dealer, path, quietApi, signIn, prefetchSignIn, refresh } = useShell();
  const modals = useModals();
  const toasts = useToasts();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a deletion the card and its button are gone: once the list is read again, the heading takes the focus.
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [list]);
  const pageHref = (p: number) => {
    const params = new URLSearchParams();
    if (source) params.set("source", source);
    if (p > 1) params.set("page", String(p));
    return path("orders", params.toString());
  };
  const ordersApi = useMemo(() => createOrdersApi(quietApi), [quietApi]);
  const listHref = dealer.show_vehicle_list ? path("search") : dealer.website;

  function confirmDelete(order: Order) {
    modals.open("delete saved deal", {
      orderId: order.id,
      title: dealTitle(order, locale),
      api: createOrdersApi(quietApi),
      onDeleted: () => {
        toasts.show({ tone: "info", message: t("deal.deleted_toast") });
        focusHeading.current = true;
        refresh();
      },
    });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="orders-page">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">{t("orders.heading")}</h1>
      {!list ? (
        <section aria-labelledby="orders-sign-in" className="mt-6 max-w-xl rounded-xl border border-black/10 bg-white p-6" data-testid="orders-sign-in">
          <h2 id="orders-sign-in" className="text-lg font-semibold">{t("orders.sign_in_title")}</h2>
          <p className="mt-2">{t("orders.sign_in_body")}</p>
          <button type="button" onClick={() => void signIn()} onPointerEnter={prefetchSignIn} onFocus={prefetchSignIn} className={`${ctaButtonClass} mt-4 min-h-11`} data-testid="orders-sign-in-button">
            {t("header.sign_in")}
          </button>
        </section>
      ) : list.count === 0 ? (
        <div className="mt-6 max-w-xl" data-testid="orders-empty">
          <p>{t("orders.empty")}</p>
          {listHref && (
            <a href={listHref} className={`${ctaButtonClass} mt-4 inline-flex min-h-11 items-center`}>
              {dealer.show_vehicle_list ? t("orders.browse") : t("header.dealer_website")}
            </a>
          )}
        </div>
      ) : (
        <>
          <p className="mt-2 font-semibold" data-testid="orders-count">
            {list.count === 1 ? t("orders.count_one") : t("orders.count", { count: list.count })}
          </p>
          <ul className="mt-4 grid grid-cols-1 gap-4 tablet-up:grid-cols-2 laptop-up:grid-cols-3">
            {list.results.map((order) => (
              <li key={order.id}>
                <DealCard
                  order={order}
                  t={t}
                  locale={locale}
                  currency={dealer.currency_unit}
                  detailsHref={path(`details/${order.vehicle.id}`)}
                  placeholderImage={dealer.theme.vehicle_placeholder_image_url}
                  onDelete={confirmDelete}
                  loadActivity={ordersApi.activity}
                />
              </li>
            ))}
          </ul>
          {(list.previous || list.next) && (
            <nav aria-label={t("orders.pagination")} className="mt-8 flex items-center justify-center gap-3">
              {list.previous && (
                <Link to={pageHref(page - 1)} rel="prev" className="inline-flex min-h-11 items-center rounded-md border border-black/15 px-4 font-semibold hover:bg-black/5">
                  {t("search.previous")}
                </Link>
              )}
              <span aria-current="page" className="font-semibold">{t("orders.page", { page })}</span>
              {list.next && (
                <Link to={pageHref(page + 1)} rel="next" className="inline-flex min-h-11 items-center rounded-md border border-black/15 px-4 font-semibold hover:bg-black/5">
                  {t("search.next")}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
