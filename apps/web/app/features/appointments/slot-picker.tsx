import { parseDate, type CalendarDate } from "@internationalized/date";
import type { AppointmentSlots, Locale } from "@showroom/domain";
import { useMemo, useState } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  I18nProvider,
} from "react-aria-components";
import { FieldError } from "../../ui/form-fields.tsx";
import type { AppointmentsTranslate } from "./i18n.ts";
import { dayLabel, formatLocale, slotsByDate, timeChoices, zoneName } from "./slot-times.ts";

type Slot = AppointmentSlots["slots"][number];

/**
 * A date from the calendar, then a time of that date: only what the API offers (inside the dealership's hours, in
 * its zone, never in the past). The calendar greys out every other date; the times are a radio group, so a keyboard
 * and a screen reader pick them as any form choice. Times are read in the dealership's zone, which is named.
 */
export function SlotPicker(props: {
  t: AppointmentsTranslate;
  locale: Locale;
  slots: AppointmentSlots;
  /** The chosen slot's datetime (ISO 8601 with its offset), or null. */
  value: string | null;
  onChange(slot: Slot): void;
  error?: string | undefined;
  /** Prefix of the element ids (one picker per page part). */
  idPrefix: string;
}) {
  const { t, locale, slots, idPrefix } = props;
  const days = useMemo(() => slotsByDate(slots.slots), [slots.slots]);
  const dates = [...days.keys()];
  const chosen = slots.slots.find((slot) => slot.datetime === props.value) ?? null;
  const [date, setDate] = useState<string | null>(chosen?.date ?? null);
  const shownDate = date ?? chosen?.date ?? null;
  const times = shownDate ? timeChoices(days.get(shownDate) ?? [], locale, slots.time_zone) : [];
  const errorId = `${idPrefix}-datetime-error`;
  const zoneId = `${idPrefix}-zone`;

  if (dates.length === 0) {
    return (
      <div id={`${idPrefix}-datetime`} tabIndex={-1} className="outline-none">
        <p className="rounded-lg bg-black/5 p-3" data-testid={`${idPrefix}-no-slots`}>
          {t("appointment.no_slots")}
        </p>
        <FieldError id={errorId} message={props.error} />
      </div>
    );
  }
  const first = parseDate(dates[0]!);
  const last = parseDate(dates[dates.length - 1]!);
  return (
    <div
      id={`${idPrefix}-datetime`}
      role="group"
      aria-labelledby={`${idPrefix}-datetime-label`}
      aria-describedby={props.error ? `${zoneId} ${errorId}` : zoneId}
      tabIndex={-1}
      className="grid gap-4 outline-none"
      data-testid={`${idPrefix}-slots`}
    >
      <div>
        <p id={`${idPrefix}-datetime-label`} className="font-semibold">
          {t("appointment.when")}
        </p>
        <p id={zoneId} className="text-sm opacity-80" data-testid={`${idPrefix}-zone`}>
          {t("appointment.zone_note", { zone: zoneName(slots.time_zone, locale) })}
        </p>
      </div>
      <I18nProvider locale={formatLocale(locale)}>
        <Calendar<CalendarDate>
          aria-label={t("appointment.calendar_label")}
          value={shownDate ? parseDate(shownDate) : null}
          onChange={(value) => setDate(value.toString())}
          minValue={first}
          maxValue={last}
          defaultFocusedValue={shownDate ? parseDate(shownDate) : first}
          isDateUnavailable={(value) => !days.has(value.toString())}
          className="w-full max-w-xs justify-self-center"
          data-testid={`${idPrefix}-calendar`}
        >
          <header className="mb-2 flex items-center justify-between gap-2">
            <Button
              slot="previous"
              className="grid h-11 w-11 place-items-center rounded-full text-xl hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)] disabled:opacity-30"
            >
              ‹
            </Button>
            <Heading className="font-semibold capitalize" />
            <Button
              slot="next"
              className="grid h-11 w-11 place-items-center rounded-full text-xl hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)] disabled:opacity-30"
            >
              ›
            </Button>
          </header>
          <CalendarGrid className="w-full border-collapse text-center">
            <CalendarGridHeader>
              {(day) => (
                <CalendarHeaderCell className="pb-1 text-xs font-semibold opacity-70">{day}</CalendarHeaderCell>
              )}
            </CalendarGridHeader>
            <CalendarGridBody>
              {(day) => (
                <CalendarCell
                  date={day}
                  className="m-0.5 grid h-10 w-10 cursor-pointer place-items-center rounded-full text-sm outline-none data-[disabled]:cursor-default data-[disabled]:opacity-30 data-[focus-visible]:outline-2 data-[focus-visible]:outline-[var(--accent)] data-[outside-month]:hidden data-[selected]:bg-[var(--accent)] data-[selected]:font-bold data-[selected]:text-white data-[unavailable]:cursor-default data-[unavailable]:text-black/30 data-[unavailable]:line-through [&:not([data-unavailable]):not([data-selected])]:font-semibold [&:not([data-unavailable]):not([data-selected])]:hover:bg-black/5"
                />
              )}
            </CalendarGridBody>
          </CalendarGrid>
        </Calendar>
      </I18nProvider>
      <fieldset className="min-w-0" data-testid={`${idPrefix}-times`}>
        <legend className="font-semibold">
          {shownDate ? t("appointment.times_on", { day: dayLabel(shownDate, locale) }) : t("appointment.times")}
        </legend>
        {shownDate ? (
          <div className="mt-2 grid grid-cols-3 gap-2 tablet-up:grid-cols-4">
            {times.map(({ slot, label }) => (
              <label key={slot.datetime} className="relative">
                <input
                  type="radio"
                  name={`${idPrefix}-time`}
                  value={slot.datetime}
                  checked={props.value === slot.datetime}
                  onChange={() => props.onChange(slot)}
                  className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
                  data-testid={`${idPrefix}-time`}
                  data-time={slot.time}
                />
                <span className="flex min-h-11 items-center justify-center rounded-md border-2 border-black/20 px-2 text-center text-sm font-semibold tabular-nums peer-checked:border-[var(--accent)] peer-checked:bg-[var(--accent)] peer-checked:text-white peer-hover:bg-black/5 peer-checked:peer-hover:bg-[var(--accent)] peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--accent)]">
                  {label}
                </span>
              </label>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm opacity-80">{t("appointment.pick_date_first")}</p>
        )}
      </fieldset>
      <div>
        <FieldError id={errorId} message={props.error} testId={`${idPrefix}-datetime-error`} />
      </div>
    </div>
  );
}
