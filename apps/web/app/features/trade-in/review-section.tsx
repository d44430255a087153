import {
  dollarsToCents,
  formatDistance,
  formatMoney,
  TRADE_IN_PHOTO_ANGLES,
  type Currency,
  type Language,
  type Locale,
  type TradeInQuestionWire,
  type TradeInWire,
} from "@showroom/domain";
import type { ReactNode } from "react";
import { shownQuestions } from "./flow.ts";
import { tradeInCodeLabel, type TradeInTranslate } from "./i18n.ts";
import { TradeInPhoto } from "./photo-image.tsx";
import { photoCount } from "./photos-section.tsx";

/** The vehicle in one line: "2019 Honda Civic LX Sedan". */
export const tradeTitle = (trade: Pick<TradeInWire, "year" | "make" | "model" | "trim" | "style">): string =>
  [trade.year, trade.make, trade.model, trade.trim, trade.style].filter(Boolean).join(" ");

function Group(props: {
  title: string;
  editLabel: string | null;
  onEdit(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={props.title}
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid={props.testId}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold">{props.title}</h3>
        {props.editLabel && (
          <button
            type="button"
            onClick={props.onEdit}
            className="min-h-11 px-2 font-semibold underline underline-offset-2 hover:no-underline"
            data-testid={`${props.testId}-edit`}
          >
            {props.editLabel}
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm tablet-up:grid-cols-[minmax(10rem,auto)_1fr]">
        {props.children}
      </dl>
    </section>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{props.label}</dt>
      <dd className="mb-2 tablet-up:mb-0">{props.children}</dd>
    </>
  );
}

/** Every answer the trade holds, each group with a link back to the section that asks it. */
export function ReviewSummary(props: {
  t: TradeInTranslate;
  locale: Locale;
  language: Language;
  currency: Currency;
  trade: TradeInWire;
  questions: readonly TradeInQuestionWire[];
  /** The section to edit each group in (null: the group is not asked by this flow). */
  editVehicle: (() => void) | null;
  editHistory: (() => void) | null;
  editPhotos: (() => void) | null;
  photoSrc(angle: (typeof TRADE_IN_PHOTO_ANGLES)[number]): string;
  dealerCode: string;
}) {
  const { t, trade, language } = props;
  const money = (amount: string) =>
    formatMoney(dollarsToCents(amount), { locale: props.locale, currency: props.currency });
  const yesNo = (value: boolean | null) =>
    value === null ? t("tradein.review.unanswered") : t(value ? "tradein.yes" : "tradein.no");
  const options = [
    trade.has_power_sunroof && t("tradein.vehicle.sunroof"),
    trade.has_navigation_system && t("tradein.vehicle.navigation"),
    trade.has_technology_package && t("tradein.vehicle.technology"),
  ].filter(Boolean);
  const answers = trade.answers as Record<string, boolean | null | string[]>;
  const shown = shownQuestions(props.questions, answers).filter((q) => q.field_type !== "financing");
  const count = photoCount(trade.images);
  return (
    <div className="grid gap-4" data-testid="tradein-review">
      <Group
        title={t("tradein.review.vehicle")}
        editLabel={props.editVehicle ? t("tradein.review.edit_vehicle") : null}
        onEdit={() => props.editVehicle?.()}
        testId="tradein-review-vehicle"
      >
        <Row label={t("tradein.review.vehicle_name")}>{tradeTitle(trade) || t("tradein.review.unanswered")}</Row>
        {trade.vin && <Row label={t("tradein.review.vin")}>{<span className="font-mono">{trade.vin}</span>}</Row>}
        <Row label={t("tradein.review.odometer")}>
          {trade.odometer !== null
            ? formatDistance(trade.odometer, trade.odometer_unit, props.locale)
            : t("tradein.review.unanswered")}
        </Row>
        {trade.colour && (
          <Row label={t("tradein.vehicle.colour")}>{tradeInCodeLabel(t, "tradein.colour", trade.colour)}</Row>
        )}
        {trade.transmission && (
          <Row label={t("tradein.vehicle.transmission")}>{t(`tradein.transmission.${trade.transmission}`)}</Row>
        )}
        <Row label={t("tradein.vehicle.options")}>
          {options.length ? options.join(", ") : t("tradein.review.no_options")}
        </Row>
      </Group>
      <Group
        title={t("tradein.review.history")}
        editLabel={props.editHistory ? t("tradein.review.edit_history") : null}
        onEdit={() => props.editHistory?.()}
        testId="tradein-review-history"
      >
        {shown.map((question) => {
          const answer = answers[question.id];
          const label = question.question[language];
          if (question.field_type === "checkbox_set") {
            const chosen = Array.isArray(answer) ? answer : [];
            const names = question.options.filter((o) => chosen.includes(o.value)).map((o) => o.label[language]);
            return (
              <Row key={question.id} label={label}>
                {names.length ? names.join(", ") : t("tradein.review.unanswered")}
              </Row>
            );
          }
          return (
            <Row key={question.id} label={label}>
              {yesNo(typeof answer === "boolean" ? answer : null)}
            </Row>
          );
        })}
        {trade.financing && (
          <>
            <Row label={t("tradein.financing.kind")}>{t(`tradein.financing.kind.${trade.financing.kind}`)}</Row>
            <Row label={t("tradein.financing.amount_due")}>{money(trade.financing.amount_due)}</Row>
            <Row label={t("tradein.financing.payments_left")}>{trade.financing.payments_left}</Row>
            <Row label={t("tradein.financing.payment_amount")}>{money(trade.financing.payment_amount)}</Row>
            {trade.financing.residual_value && (
              <Row label={t("tradein.financing.residual_value")}>{money(trade.financing.residual_value)}</Row>
            )}
          </>
        )}
        {trade.odometer_statement && (
          <Row label={t("tradein.odometer_statement.legend")}>
            {t(`tradein.odometer_statement.${trade.odometer_statement}`)}
          </Row>
        )}
      </Group>
      {props.editPhotos && (
        <Group
          title={t("tradein.review.photos")}
          editLabel={t("tradein.review.edit_photos")}
          onEdit={props.editPhotos}
          testId="tradein-review-photos"
        >
          <Row label={t("tradein.review.photo_count")}>
            {t("tradein.review.photos_of", { count, total: TRADE_IN_PHOTO_ANGLES.length })}
            {count > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2">
                {TRADE_IN_PHOTO_ANGLES.filter((angle) => trade.images[angle]?.status === "uploaded").map((angle) => (
                  <li key={angle}>
                    <TradeInPhoto
                      url={props.photoSrc(angle)}
                      dealerCode={props.dealerCode}
                      alt={t(`tradein.photos.angle.${angle}`)}
                      className="h-14 w-20 rounded object-cover"
                    />
                  </li>
                ))}
              </ul>
            )}
          </Row>
        </Group>
      )}
    </div>
  );
}
