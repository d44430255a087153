import { dollarsToCents, formatDistance, formatMoney, type DealerInfo, type Locale, type VehicleSummary } from "@showroom/domain";
import type { MessageKey, Translate } from "../../i18n/index.ts";
import { CarIcon } from "../../ui/icons.tsx";

const STATUS_BADGES: Record<string, MessageKey> = { D: "badge.demo", T: "badge.in_transit", R: "badge.reserved", "As-is": "badge.as_is" };

function badges(vehicle: VehicleSummary): MessageKey[] {
  const list: MessageKey[] = [vehicle.is_new ? "badge.new" : "badge.used"];
  if (vehicle.is_certified) list.push("badge.certified");
  const status = STATUS_BADGES[vehicle.stock_status];
  if (status) list.push(status);
  return list;
}

export function VehicleCard(props: { vehicle: VehicleSummary; dealer: DealerInfo; locale: Locale; t: Translate; pricesLocked: boolean }) {
  const { vehicle, dealer, locale, t } = props;
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit, wholeDollars: true });
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-black/10 bg-white shadow-sm" data-testid="vehicle-card">
      <div className="flex aspect-[16/10] items-center justify-center bg-[var(--accent-soft)]">
        <CarIcon className="h-16 w-24 text-[var(--accent)] opacity-60" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <ul className="flex flex-wrap gap-1" aria-label="">
          {badges(vehicle).map((key) => (
            <li key={key} className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-semibold">{t(key)}</li>
          ))}
        </ul>
        <h2 className="text-lg leading-tight font-semibold">
          {title} <span className="font-normal">{vehicle.trim}</span>
        </h2>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="opacity-70">{t("search.price")}</dt>
            <dd className="text-lg font-bold" data-testid="vehicle-price">
              {props.pricesLocked ? t("search.prices_locked") : vehicle.listing_price ? money(vehicle.listing_price) : t("search.price_on_request")}
            </dd>
          </div>
          <div>
            <dt className="opacity-70">{t("search.odometer")}</dt>
            <dd className="font-semibold" data-testid="vehicle-odometer">{formatDistance(vehicle.odometer, dealer.length_unit, locale)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
