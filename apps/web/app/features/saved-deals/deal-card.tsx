import { formatDate, type ActivityEntry, type Currency, type Locale, type Order } from "@showroom/domain";
import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { CarIcon } from "../../ui/icons.tsx";
import { DealActivity } from "./deal-activity.tsx";
import { dealTitle, paymentLines, statusLabel } from "./deal-labels.ts";

/** One saved deal: the vehicle, the payment chosen, how far the deal has come, and what can be done with it. */
export function DealCard(props: {
  order: Order;
  t: Translate;
  locale: Locale;
  currency: Currency;
  detailsHref: string;
  placeholderImage: string | null;
  onDelete(order: Order): void;
  /** Reads the deal's activity record (staff changes made for the customer); without it no "Activity" shows. */
  loadActivity?(id: number): Promise<{ count: number; results: ActivityEntry[] }>;
}) {
  const { order, t, locale } = props;
  const title = dealTitle(order, locale);
  const payment = paymentLines(order, t, { locale, currency: props.currency });
  const status = statusLabel(order, t);
  const progress = t("deal.progress_value", { percent: order.step_progress, status });
  const headingId = `deal-${order.id}-title`;
  const image = order.vehicle.main_image ?? props.placeholderImage;
  // Spec 4: the appointment step awaits the dealership (2) until it confirms (1); the file upload step is in progress (3) or completed (1).
  const appointment = order.proposed_appointment ? (order.step_statuses.appointment === 1 ? "confirmed" : "requested") : null;
  const uploads = order.step_statuses["file-upload"];
  const documents = uploads === 1 ? "completed" : uploads === 3 ? "in_progress" : null;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-xl border border-black/10 bg-white" data-testid="deal-card">
      <div className="aspect-[16/9] bg-[var(--banner-bg)] tablet-up:aspect-[4/3]">
        {image ? (
          <img src={image} alt={t("deal.picture_alt", { title })} className="h-full w-full object-cover" width={400} height={300} loading="lazy" />
        ) : (
          <CarIcon className="m-auto h-full w-1/2 opacity-40" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 id={headingId} className="text-lg font-bold" data-testid="deal-title">{title}</h2>
          <p className="text-sm opacity-80">
            {[order.vehicle.vin && t("deal.vin", { vin: order.vehicle.vin }), order.vehicle.stock_number && t("deal.stock", { stock: order.vehicle.stock_number })]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {!order.vehicle.is_available && <p className="mt-1 text-sm font-semibold text-red-800">{t("deal.unavailable")}</p>}
        </div>
        <div data-testid="deal-payment">
          {payment.amount && <p className="text-xl font-bold tabular-nums">{payment.amount}</p>}
          <p className={payment.amount ? "text-sm" : "text-sm italic"}>{payment.detail}</p>
        </div>
        {(appointment || documents) && (
          <ul className="grid gap-1 text-sm">
            {appointment && (
              <li data-testid="deal-appointment" data-state={appointment}>
                {t(`deal.appointment.${appointment}`, { when: order.proposed_appointment_formatted ?? "" })}
              </li>
            )}
            {documents && (
              <li data-testid="deal-documents" data-state={documents}>
                {t(`deal.documents.${documents}`)}
              </li>
            )}
          </ul>
        )}
        <div>
          <div className="flex justify-between text-sm">
            <span id={`deal-${order.id}-progress`} className="font-semibold">{t("deal.progress")}</span>
            <span data-testid="deal-status">{progress}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`deal-${order.id}-progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={order.step_progress}
            aria-valuetext={progress}
            className="mt-1 h-2 overflow-hidden rounded-full bg-black/10"
            data-testid="deal-progress"
          >
            <div className="h-full rounded-full bg-[var(--accent)]" style={{ width: `${order.step_progress}%` }} />
          </div>
        </div>
        <p className="text-sm opacity-80">{t("deal.saved_on", { date: formatDate(order.created, locale) })}</p>
        {props.loadActivity && <DealActivity orderId={order.id} t={t} locale={locale} load={props.loadActivity} />}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <Link to={props.detailsHref} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline" data-testid="deal-details-link">
            {t("deal.view_vehicle")}
            <span className="sr-only">{`: ${title}`}</span>
          </Link>
          <button
            type="button"
            onClick={() => props.onDelete(order)}
            className="min-h-11 rounded-md border border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
            aria-label={t("deal.delete_label", { title })}
            data-testid="deal-delete"
          >
            {t("deal.delete")}
          </button>
        </div>
      </div>
    </article>
  );
}
