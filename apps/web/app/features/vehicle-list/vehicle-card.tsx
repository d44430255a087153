import { dollarsToCents, formatDistance, formatMoney, type DealerInfo, type Locale, type VehicleSummary } from "@showroom/domain";
import type { MouseEvent, ReactNode } from "react";
import type { MessageKey, Translate } from "../../i18n/index.ts";
import { vehiclePictureAttributes } from "../../lib/vehicle-picture.ts";

/**
 * How wide a card's picture is shown (the search page's grid): one column on a phone, two on a tablet and a laptop
 * (beside the 18rem filters), three on a desktop (at most 80rem wide).
 */
const CARD_PICTURE_SIZES = "(min-width: 1280px) 19rem, (min-width: 1024px) calc(50vw - 11.25rem), (min-width: 768px) calc(50vw - 1.5rem), calc(100vw - 2rem)";
import { adDisclosureText } from "../../lib/ad-disclosures.ts";

const STATUS_BADGES: Partial<Record<VehicleSummary["stock_type"], MessageKey>> = {
  demo: "badge.demo",
  in_transit: "badge.in_transit",
  reserved: "badge.reserved",
  as_is: "badge.as_is",
  pending: "badge.pending",
  virtual: "badge.virtual",
};

type BadgeFacts = Pick<VehicleSummary, "is_new" | "is_certified" | "stock_type" | "is_reserved">;

function vehicleBadges(vehicle: BadgeFacts): MessageKey[] {
  const list: MessageKey[] = [vehicle.is_new ? "badge.new" : "badge.used"];
  if (vehicle.is_certified) list.push("badge.certified");
  const status = STATUS_BADGES[vehicle.stock_type];
  if (status) list.push(status);
  // Held by a shopper's deposit: reserved, whatever the feed says.
  if (vehicle.is_reserved && status !== "badge.reserved") list.push("badge.reserved");
  return list;
}

export function VehicleBadges(props: { vehicle: BadgeFacts; t: Translate }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={props.t("search.badges")}>
      {vehicleBadges(props.vehicle).map((key) => (
        <li key={key} className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-semibold">{props.t(key)}</li>
      ))}
    </ul>
  );
}

export function vehicleTitle(vehicle: Pick<VehicleSummary, "year" | "make" | "model">): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** What a card shows of a vehicle: all the search page reads of each result and sends to the browser. */
export type VehicleCardData = BadgeFacts &
  Pick<VehicleSummary, "id" | "year" | "make" | "model" | "marketing_trim" | "trim_fr" | "main_image" | "listing_price" | "finance_payment" | "lease_payment" | "advertised_terms" | "odometer"> & {
    dealership_details: Pick<VehicleSummary["dealership_details"], "name" | "location" | "distance">;
  };

export function VehicleCard(props: {
  vehicle: VehicleCardData;
  dealer: DealerInfo;
  locale: Locale;
  t: Translate;
  pricesLocked: boolean;
  /** Opens the unlock-pricing sign-in (cards of a compulsory-login dealership). */
  unlockPrices?: { open(): void; prefetch(): void };
  href: string;
  /** Follows the card's link in the app (useFollowLink): one handler for the page's cards. */
  onFollow(event: MouseEvent<HTMLAnchorElement>): void;
  showDealership: boolean;
  eager?: boolean;
  /** Actions of the page below the card's facts (the list's "Compare" toggle), above its full-size link. */
  footer?: ReactNode;
}) {
  const { vehicle, dealer, locale, t } = props;
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: dealer.currency_unit, wholeDollars: true });
  const trim = locale === "fr-ca" ? vehicle.trim_fr : vehicle.marketing_trim;
  // The payment the dealership leads with for this condition (its default type), as stored at its defaults.
  const paymentType = dealer.financing_default_payment_type[vehicle.is_new ? "new" : "used"];
  const periodic = paymentType === "lease" ? vehicle.lease_payment : paymentType === "finance" ? vehicle.finance_payment : null;
  const details = vehicle.dealership_details;
  // The terms the payment shown (or, without one, the price) must carry where the vehicle's dealership is.
  const disclosure = props.pricesLocked
    ? ""
    : adDisclosureText(t, { type: periodic?.amount ? paymentType : "cash", terms: vehicle.advertised_terms, locale, currency: dealer.currency_unit, lengthUnit: dealer.length_unit });
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-black/10 bg-white shadow-sm focus-within:ring-2 focus-within:ring-[var(--accent)]" data-testid="vehicle-card">
      {vehicle.main_image && (
        <img
          {...vehiclePictureAttributes(vehicle.main_image, CARD_PICTURE_SIZES, 640)}
          alt=""
          width={640}
          height={400}
          loading={props.eager ? "eager" : "lazy"}
          // The first cards' pictures are the page's largest paint: fetched first, not after the scripts.
          fetchPriority={props.eager ? "high" : "auto"}
          decoding={props.eager ? "sync" : "async"}
          className="aspect-[16/10] w-full bg-[var(--accent-soft)] object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <VehicleBadges vehicle={vehicle} t={t} />
        <h2 className="text-lg leading-tight font-semibold">
          <a href={props.href} onClick={props.onFollow} data-discover="true" className="after:absolute after:inset-0 focus-visible:outline-none" data-testid="vehicle-link">
            {vehicleTitle(vehicle)} <span className="font-normal">{trim}</span>
          </a>
        </h2>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="opacity-70">{t("search.price")}</dt>
            {props.pricesLocked ? (
              <dd className="text-sm" data-testid="vehicle-price">
                {props.unlockPrices ? (
                  // Above the card's full-size link, so it takes its own clicks.
                  <button
                    type="button"
                    onClick={props.unlockPrices.open}
                    onPointerEnter={props.unlockPrices.prefetch}
                    onFocus={props.unlockPrices.prefetch}
                    className="relative z-10 min-h-11 text-left font-semibold text-[var(--cta)] underline hover:no-underline focus-visible:outline-2 focus-visible:outline-[var(--cta)]"
                    data-testid="unlock-pricing"
                  >
                    {t("auth.preset.unlock-pricing.title")}
                  </button>
                ) : (
                  t("search.prices_locked")
                )}
              </dd>
            ) : (
              <dd className="text-lg font-bold" data-testid="vehicle-price">
                {vehicle.listing_price ? money(vehicle.listing_price) : t("search.price_on_request")}
              </dd>
            )}
            {!props.pricesLocked && periodic?.amount && (
              <dd className="text-xs" data-testid="vehicle-payment">
                {t(paymentType === "lease" ? "search.lease_payment" : "search.finance_payment", {
                  amount: formatMoney(dollarsToCents(periodic.amount), { locale, currency: dealer.currency_unit }),
                  frequency: t(`pricing.frequency_adverb.${periodic.payment_frequency}`),
                })}
              </dd>
            )}
          </div>
          <div>
            <dt className="opacity-70">{t("search.odometer")}</dt>
            <dd className="font-semibold" data-testid="vehicle-odometer">{formatDistance(vehicle.odometer, dealer.length_unit, locale)}</dd>
          </div>
          {props.showDealership && (
            <div className="col-span-2" data-testid="vehicle-dealership">
              <dt className="sr-only">{t("search.dealership")}</dt>
              <dd>
                {details.name} · {details.location}
                {details.distance !== null && ` · ${t("search.distance_away", { distance: formatDistance(details.distance, dealer.length_unit, locale) })}`}
              </dd>
            </div>
          )}
        </dl>
        {/* Across the card: the terms can be long (Ontario's five), and the column beside the odometer is narrow on a phone. */}
        {disclosure && <p className="text-xs opacity-80" data-testid="vehicle-disclosure">{disclosure}</p>}
        {props.footer}
      </div>
    </article>
  );
}
