import {
  appointmentCreateSchema,
  appointmentPatchSchema,
  kindNeedsAddress,
  localizeValidationMessage,
  type AppointmentKind,
  type AppointmentSlots,
  type AppointmentWire,
  type Country,
  type Language,
  type Locale,
} from "@showroom/domain";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { FieldError } from "../../ui/form-fields.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import { checkWith, serverErrors, useSubmission, type FormBinding, type Refusal } from "../../ui/use-form.ts";
import { ADDRESS_FIELDS, AddressFields, emptyAddress, type AddressField, type AddressForm } from "./address-fields.tsx";
import type { AppointmentsApi } from "./appointments-api.ts";
import type { AppointmentsTranslate } from "./i18n.ts";
import { SlotPicker } from "./slot-picker.tsx";

export type AppointmentField = "kind" | "datetime" | AddressField | "comments";
const FIELDS: readonly AppointmentField[] = ["kind", "datetime", ...ADDRESS_FIELDS, "comments"];
export const APPOINTMENT_BINDING: FormBinding<AppointmentField> = {
  fields: FIELDS,
  // "Enter the address where we bring the vehicle." names the whole address: its first field.
  fieldOf: (path) => (path === "address" ? "address.street" : null),
};
const ID = "appointment";
export const appointmentFieldId = (field: AppointmentField) =>
  field.startsWith("address.") ? `${ID}-address-${field.slice("address.".length)}` : `${ID}-${field}`;

type SlotsState = { phase: "loading" } | { phase: "failed" } | { phase: "ready"; slots: AppointmentSlots };

/** The choices offered: the dealership's kinds, the current one kept even if no longer offered. */
const kindsOf = (slots: AppointmentSlots, current: AppointmentKind) =>
  slots.kinds.includes(current) ? slots.kinds : [...slots.kinds, current];

/**
 * A refused booking as the form shows it. A slot just taken (409) says so at the calendar, whose times are read
 * again; the API's field messages go to their fields; anything else is the contract's "Unable to book appointment.".
 */
export function bookingRefusal(error: unknown, unable: string): Refusal<AppointmentField> & { slotTaken?: boolean } {
  if (error instanceof ApiRequestError && error.failure.kind === "session-expired") return { general: [] };
  const failure = httpFailure(error);
  if (!failure) return { general: [unable] };
  const read = errorMessages(failure.body);
  if (failure.status === 409 && read.code === "appointment_slot_taken") {
    const [detail, ...rest] = read.general;
    return { fields: { datetime: detail ?? unable }, general: rest.length ? rest : [unable], slotTaken: true };
  }
  const placed = serverErrors(read.fields, APPOINTMENT_BINDING);
  const general = [...new Set([...read.general, ...placed.general])];
  return { fields: placed.fields, general: general.length ? general : [unable] };
}

/**
 * The appointment editor: where (at the dealership, or a test drive brought to the shopper's home or work, with the
 * address then), a date and time among the slots the API offers, and a note; it books the deal's appointment, or
 * changes the one it has. Checked with the API's own schema before it is sent.
 */
export function AppointmentEditor(props: {
  t: AppointmentsTranslate;
  locale: Locale;
  language: Language;
  api: AppointmentsApi;
  orderId: number;
  existing: AppointmentWire | null;
  initialKind: AppointmentKind;
  country: Country;
  province: string;
  onBooked(appointment: AppointmentWire, changed: boolean): void;
  onCanceled(appointment: AppointmentWire): void;
}) {
  const { t, existing } = props;
  const [slotsState, setSlotsState] = useState<SlotsState>({ phase: "loading" });
  const [kind, setKind] = useState<AppointmentKind>(existing?.kind ?? props.initialKind);
  const [datetime, setDatetime] = useState<string | null>(existing?.datetime ?? null);
  const [address, setAddress] = useState<AddressForm>(() => existing?.address ?? emptyAddress(props.province));
  const [comments, setComments] = useState(existing?.comments ?? "");
  const [refreshed, setRefreshed] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const form = useSubmission({ fields: FIELDS, idOf: appointmentFieldId });
  const cancelling = useSubmission<never>({ fields: [], idOf: () => "" });
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  const { api } = props;
  const loadSlots = useCallback(async () => {
    try {
      const slots = await api.slots();
      if (live.current) setSlotsState({ phase: "ready", slots });
      return slots;
    } catch {
      if (live.current) setSlotsState({ phase: "failed" });
      return null;
    }
  }, [api]);
  useEffect(() => void loadSlots(), [loadSlots]);

  const needsAddress = kindNeedsAddress(kind);
  const unable = t("appointment.failed");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefreshed(false);
    const body = {
      path: window.location.pathname,
      datetime: datetime ?? "",
      kind,
      address: needsAddress ? address : null,
      comments: comments.trim() || null,
    };
    const input = existing ? body : { ...body, order_id: props.orderId };
    const schema = existing ? appointmentPatchSchema : appointmentCreateSchema;
    await form.submit(
      checkWith(schema, input, APPOINTMENT_BINDING, (message) => localizeValidationMessage(message, props.language)),
      {
        call: () => (existing ? api.change(props.orderId, body) : api.book({ ...body, order_id: props.orderId })),
        done: (appointment) => props.onBooked(appointment, existing !== null),
        async refused(error) {
          const refusal = bookingRefusal(error, unable);
          if (refusal.slotTaken) {
            setDatetime(null);
            if (await loadSlots()) setRefreshed(true);
          }
          return refusal;
        },
      },
    );
  }

  function cancel() {
    void cancelling.run({
      call: () => api.cancel(props.orderId),
      done: (appointment) => props.onCanceled(appointment),
      refused: (error) => ({ general: bookingRefusal(error, t("appointment.cancel_failed")).general ?? [] }),
    });
  }

  if (slotsState.phase === "loading") {
    return (
      <p role="status" className="py-6" data-testid="appointment-loading">
        {t("appointment.loading")}
      </p>
    );
  }
  if (slotsState.phase === "failed") {
    return (
      <div className="grid gap-3 py-2" data-testid="appointment-slots-failed">
        <p role="alert">{t("appointment.slots_failed")}</p>
        <button type="button" className={secondaryButtonClass} onClick={() => void loadSlots()}>
          {t("appointment.retry")}
        </button>
      </div>
    );
  }
  const { slots } = slotsState;
  if (!slots.enabled) {
    return (
      <p className="py-4" data-testid="appointment-disabled">
        {t("appointment.disabled")}
      </p>
    );
  }
  const { errors } = form;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" data-testid="appointment-form">
      {existing && (
        <p className="rounded-lg bg-[var(--accent-soft)] p-3 text-sm" data-testid="appointment-current">
          {t("appointment.current", { when: existing.formatted })}
        </p>
      )}
      <fieldset id={appointmentFieldId("kind")} aria-describedby={errors.kind ? `${ID}-kind-error` : undefined}>
        <legend className="font-semibold">{t("appointment.where")}</legend>
        <div className="mt-2 grid gap-2">
          {kindsOf(slots, kind).map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-black/20 px-3 has-[:checked]:border-2 has-[:checked]:border-[var(--accent)]"
            >
              <input
                type="radio"
                name="appointment-kind"
                value={choice}
                checked={kind === choice}
                onChange={() => setKind(choice)}
                className="h-5 w-5 accent-[var(--accent)]"
                data-testid={`appointment-kind-${choice}`}
              />
              <span>
                <span className="block font-semibold">{t(`appointment.kind.${choice}`)}</span>
                <span className="block text-sm opacity-80">{t(`appointment.kind_hint.${choice}`)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={`${ID}-kind-error`} message={errors.kind} />
      </fieldset>
      <SlotPicker
        t={t}
        locale={props.locale}
        slots={slots}
        value={datetime}
        onChange={(slot) => {
          setDatetime(slot.datetime);
          setRefreshed(false);
        }}
        error={errors.datetime}
        idPrefix={ID}
      />
      <p aria-live="polite" className="sr-only" data-testid="appointment-refreshed">
        {refreshed ? t("appointment.refreshed") : ""}
      </p>
      {needsAddress && (
        <AddressFields
          t={t}
          idPrefix={ID}
          legend={t(kind === "work" ? "appointment.address.legend_work" : "appointment.address.legend_home")}
          value={address}
          onChange={setAddress}
          errors={errors}
          country={props.country}
          language={props.language}
        />
      )}
      <div>
        <label htmlFor={appointmentFieldId("comments")} className="font-semibold">
          {t("appointment.comments")}
        </label>
        <textarea
          id={appointmentFieldId("comments")}
          rows={3}
          maxLength={1000}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          aria-invalid={errors.comments ? true : undefined}
          aria-describedby={errors.comments ? `${appointmentFieldId("comments")}-error` : undefined}
          className={fieldClass}
          data-testid="appointment-comments"
        />
        <FieldError id={`${appointmentFieldId("comments")}-error`} message={errors.comments} />
      </div>
      {form.general.length > 0 && (
        <p role="alert" className="font-semibold text-red-800" data-testid="appointment-error">
          {form.general.join(" ")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={form.pending}
          className={`${ctaButtonClass} min-h-11`}
          data-testid="appointment-submit"
        >
          {form.pending ? t("appointment.booking") : existing ? t("appointment.change") : t("appointment.book")}
        </button>
        {existing &&
          (confirmCancel ? (
            <span className="flex flex-wrap items-center gap-2" data-testid="appointment-cancel-confirm">
              <span className="text-sm">{t("appointment.cancel_question")}</span>
              <button
                type="button"
                onClick={cancel}
                disabled={cancelling.pending}
                className={secondaryButtonClass}
                data-testid="appointment-cancel-yes"
              >
                {t("appointment.cancel_yes")}
              </button>
              <button type="button" onClick={() => setConfirmCancel(false)} className={secondaryButtonClass}>
                {t("appointment.cancel_keep")}
              </button>
            </span>
          ) : (
            <button
              type="button"
              onClick={() => setConfirmCancel(true)}
              className={secondaryButtonClass}
              data-testid="appointment-cancel"
            >
              {t("appointment.cancel")}
            </button>
          ))}
      </div>
      {cancelling.general.length > 0 && (
        <p role="alert" className="text-red-800">
          {cancelling.general.join(" ")}
        </p>
      )}
    </form>
  );
}
