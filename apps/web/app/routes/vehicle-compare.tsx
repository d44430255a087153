import {
  compareNotFoundSchema,
  comparisonRows,
  dollarsToCents,
  formatDistance,
  formatMoney,
  formatPercent,
  languageOf,
  normalizeColour,
  parseCompareIds,
  vehicleComparisonSchema,
  type ComparedPayment,
  type ComparisonRowKey,
  type Vehicle,
  type VehicleComparison,
} from "@showroom/domain";
import { data, Link } from "react-router";
import { comparePageTranslator, useComparePageI18n, type ComparePageMessageKey } from "../features/compare/page-i18n.ts";
import { colourLabel } from "../features/vehicle-details/specifications.tsx";
import { vehicleTitle } from "../features/vehicle-list/vehicle-card.tsx";
import { codeLabel, useI18n, type Translate } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { ctaButtonClass } from "../ui/styles.ts";
import type { Route } from "./+types/vehicle-compare";

type Problem = { kind: "too_few" | "too_many" | "invalid" } | { kind: "missing"; ids: number[] };
type Loaded = { fromDetails: boolean; onlyDifferences: boolean; ids: number[]; comparison: VehicleComparison | null; problem: Problem | null };

/**
 * vcc (the comparison picked on the vehicle list: ?ids=12,7,31) and vccvdp (opened from a details page:
 * ?vehicle={that vehicle}&ids={the others}, that vehicle first). Two to four vehicles; anything else is a page
 * saying what is wrong (400, or 404 when a vehicle is not this dealership's), never an error.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromDetails = /\/vccvdp\/?$/.test(url.pathname);
  const onlyDifferences = url.searchParams.get("differences") === "1";
  const parsed = parseCompareIds(url.searchParams.get("ids"), fromDetails ? url.searchParams.get("vehicle") : null);
  const base = { fromDetails, onlyDifferences, ids: parsed.ok ? parsed.ids : [], comparison: null };
  if (!parsed.ok) return data<Loaded>({ ...base, problem: { kind: parsed.reason } }, { status: 400 });
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    const comparison = await api.get(`/api/quickshop/inventory/compare/?ids=${parsed.ids.join(",")}`, vehicleComparisonSchema);
    return data<Loaded>({ ...base, comparison, problem: null });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    const missing = compareNotFoundSchema.safeParse(error.body).data?.missing;
    if (error.status === 404 && missing) return data<Loaded>({ ...base, problem: { kind: "missing", ids: missing } }, { status: 404 });
    return data<Loaded>({ ...base, problem: { kind: "invalid" } }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [{ title: comparePageTranslator(shell.locale)("compare.page_title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

type Tc = ReturnType<typeof useComparePageI18n>;

/** A row's cell for one vehicle, in the shopper's language and the dealership's money and units. */
function cellText(key: ComparisonRowKey, vehicle: Vehicle, payment: ComparedPayment | null, ctx: { t: Translate; tc: Tc; money(amount: string): string; locale: Parameters<typeof formatDistance>[2]; unit: Parameters<typeof formatDistance>[1] }) {
  const { t, tc } = ctx;
  const language = languageOf(ctx.locale);
  switch (key) {
    case "price":
      return vehicle.dealer_price ? ctx.money(vehicle.dealer_price) : t("search.price_on_request");
    case "msrp":
      return vehicle.is_new && vehicle.msrp ? ctx.money(vehicle.msrp) : "—";
    case "payment":
      return null; // rendered by PaymentCell
    case "condition":
      return vehicle.is_cpo || vehicle.is_certified ? t("condition.cpo") : t(vehicle.is_new ? "condition.new" : "condition.used");
    case "year":
      return String(vehicle.year);
    case "make":
      return vehicle.make;
    case "model":
      return vehicle.model;
    case "trim":
      return (language === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim) || "—";
    case "body_type":
      return codeLabel(t, "body", vehicle.body_type);
    case "drivetrain":
      return codeLabel(t, "drivetrain", vehicle.drivetrain);
    case "transmission":
      return codeLabel(t, "transmission", vehicle.transmission);
    case "fuel_type":
      return codeLabel(t, "fuel", vehicle.fuel_type);
    case "odometer":
      return formatDistance(vehicle.odometer, ctx.unit, ctx.locale);
    case "exterior_color":
      return colourLabel(t, language, vehicle.exterior_color, vehicle.exterior_color_normalized) || "—";
    case "interior_color":
      return colourLabel(t, language, vehicle.interior_color, normalizeColour(vehicle.interior_color)) || "—";
    case "stock_number":
      return vehicle.stock_number;
    case "vin":
      return vehicle.vin;
  }
  return tc("compare.no_payment");
}

function PaymentCell(props: { payment: ComparedPayment | null; vehicleId: number; money(amount: string): string }) {
  const { t, locale } = useI18n();
  const tc = useComparePageI18n();
  const p = props.payment;
  if (!p) return <span className="opacity-75">{tc("compare.no_payment")}</span>;
  return (
    <span className="flex flex-col">
      <span>
        <span className="text-lg font-bold tabular-nums" data-testid={`compare-payment-${props.vehicleId}`}>{props.money(p.amount)}</span>{" "}
        <span data-testid={`compare-frequency-${props.vehicleId}`}>{p.payment_frequency ? t(`pricing.frequency_adverb.${p.payment_frequency}`) : tc("compare.balance_due")}</span>
      </span>
      <span className="text-sm">{t(`calculator.type.${p.payment_type}`)}</span>
      {p.term !== null && <span className="text-sm">{p.rate !== null ? t("calculator.term_at_rate", { months: p.term, rate: formatPercent(p.rate, locale) }) : t("calculator.months", { months: p.term })}</span>}
    </span>
  );
}

function ProblemPage(props: { problem: Problem }) {
  const tc = useComparePageI18n();
  const { dealer, path } = useShell();
  const { kind } = props.problem;
  const title = `compare.problem.${kind}.title` as ComparePageMessageKey;
  const text = `compare.problem.${kind}.text` as ComparePageMessageKey;
  const ids = props.problem.kind === "missing" ? props.problem.ids.join(", ") : "";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" aria-labelledby="compare-problem" data-testid="compare-problem">
      <h1 id="compare-problem" className="text-2xl font-bold">{tc(title)}</h1>
      <p className="mt-3">{tc(text, { ids, dealer: dealer.name })}</p>
      {dealer.show_vehicle_list && <Link to={path("search")} className={`mt-8 inline-block ${ctaButtonClass}`}>{tc("compare.problem.action")}</Link>}
    </section>
  );
}

export default function VehicleCompareRoute({ loaderData }: Route.ComponentProps) {
  const { comparison, problem, fromDetails, onlyDifferences, ids } = loaderData;
  const { t, locale } = useI18n();
  const tc = useComparePageI18n();
  const { dealer, path, pricesLocked } = useShell();
  if (problem || !comparison) return <ProblemPage problem={problem ?? { kind: "invalid" }} />;
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit });
  const facts = comparison.results.map((r) => ({ ...r.vehicle, payment: r.payment }));
  const rows = comparisonRows(facts, { pricesShown: !pricesLocked, onlyDifferences, language: languageOf(locale) });
  const route = fromDetails ? "vccvdp" : "vcc";
  const addressOf = (list: number[], differences = onlyDifferences) =>
    path(route, fromDetails ? `?vehicle=${list[0]}&ids=${list.slice(1).join(",")}${differences ? "&differences=1" : ""}` : `?ids=${list.join(",")}${differences ? "&differences=1" : ""}`);
  const first = comparison.results[0]!.vehicle;
  const ctx = { t, tc, money, locale, unit: dealer.length_unit };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {fromDetails ? (
        <Link to={path(`details/${first.id}`)} className="font-semibold underline">← {tc("compare.back_to_vehicle", { vehicle: vehicleTitle(first) })}</Link>
      ) : (
        dealer.show_vehicle_list && <Link to={path("search")} className="font-semibold underline">← {tc("compare.back_to_list")}</Link>
      )}
      <h1 className="mt-4 text-2xl font-bold">{tc("compare.heading")}</h1>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{tc("compare.differences_note")}</p>
        <Link to={addressOf(ids, !onlyDifferences)} className="min-h-11 content-center font-semibold underline" data-testid="compare-differences">
          {onlyDifferences ? tc("compare.show_all") : tc("compare.only_differences")}
        </Link>
      </div>
      {pricesLocked && <p className="mt-3 rounded-lg bg-[var(--banner-bg)] p-3 font-semibold">{tc("compare.prices_locked")}</p>}
      {/* On a phone the vehicles scroll sideways (from the keyboard too) while the row names stay put. */}
      <div role="region" aria-labelledby="compare-caption" tabIndex={0} className="mt-4 overflow-x-auto rounded-xl border border-black/10 bg-white focus-visible:outline-2 focus-visible:outline-[var(--cta)]" data-testid="compare-table">
        <table className="w-full border-collapse text-left">
          <caption id="compare-caption" className="sr-only">{tc("compare.caption", { count: comparison.results.length })}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 w-32 bg-white p-3 align-bottom text-sm tablet-up:w-48">{tc("compare.specification")}</th>
              {comparison.results.map(({ vehicle }) => {
                const title = `${vehicleTitle(vehicle)} ${languageOf(locale) === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim}`.trim();
                return (
                  <th key={vehicle.id} scope="col" className="min-w-44 p-3 align-top" data-testid="compare-column">
                    {vehicle.main_image && <img src={vehicle.main_image} alt="" width={320} height={200} loading="lazy" className="aspect-[16/10] w-full rounded-md bg-[var(--accent-soft)] object-cover" />}
                    <span className="mt-2 block font-semibold">{title}</span>
                    {!vehicle.available && <span className="block text-sm font-semibold text-red-800">{tc("compare.not_available")}</span>}
                    <span className="mt-1 flex flex-wrap gap-x-3 text-sm font-normal">
                      <Link to={path(`details/${vehicle.id}`)} className="inline-flex min-h-11 items-center underline" aria-label={tc("compare.view_details_of", { vehicle: title })}>{tc("compare.view_details")}</Link>
                      {ids.length > 2 && (
                        <Link to={addressOf(ids.filter((id) => id !== vehicle.id))} className="inline-flex min-h-11 items-center underline" aria-label={tc("compare.remove_vehicle", { vehicle: title })}>{tc("compare.remove")}</Link>
                      )}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`border-t border-black/10 ${row.differs ? "bg-[var(--accent-soft)]" : ""}`} data-testid={`compare-row-${row.key}`} data-differs={row.differs}>
                <th scope="row" className={`sticky left-0 z-10 p-3 text-sm font-semibold ${row.differs ? "bg-[var(--accent-soft)]" : "bg-white"}`}>
                  {tc(`compare.row.${row.key}`)}
                  {row.differs && <span className="ml-1 block text-xs font-normal italic">({tc("compare.differs")})</span>}
                </th>
                {comparison.results.map(({ vehicle, payment }) => (
                  <td key={vehicle.id} className="p-3 align-top break-words" data-testid={row.key === "price" ? `compare-price-${vehicle.id}` : undefined}>
                    {row.key === "payment" ? <PaymentCell payment={payment} vehicleId={vehicle.id} money={money} /> : cellText(row.key, vehicle, payment, ctx)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
