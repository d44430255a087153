import { type AppointmentSlots, type Locale } from "@showroom/domain";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useSubmission } from "../../ui/use-form.ts";
import { bookingRefusal } from "./appointment-editor.tsx";
import type { StaffAppointmentWire, StaffAppointmentsApi } from "./appointments-api.ts";
import type { AppointmentsTranslate } from "./i18n.ts";
import { SlotPicker } from "./slot-picker.tsx";

const ID = "propose";

/** Staff propose another time: a slot of the dealership's calendar and a note; the customer is emailed it. */
export function ProposeDialog(props: {
  t: AppointmentsTranslate;
  locale: Locale;
  api: StaffAppointmentsApi;
  appointment: StaffAppointmentWire;
  onProposed(appointment: StaffAppointmentWire): void;
  onClose(): void;
}) {
  const { t, api } = props;
  const [slots, setSlots] = useState<AppointmentSlots | null | "failed">(null);
  const [datetime, setDatetime] = useState<string | null>(null);
  const [comments, setComments] = useState("");
  const form = useSubmission<"datetime" | "comments">({
    fields: ["datetime", "comments"],
    idOf: (field) => `${ID}-${field}`,
  });
  const load = useCallback(
    () =>
      api.slots().then(
        (answer) => {
          setSlots(answer);
          return answer;
        },
        () => {
          setSlots("failed");
          return null;
        },
      ),
    [api],
  );
  useEffect(() => void load(), [load]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unable = t("staff_appointment.action_failed");
    if (!datetime) return form.fail({ fields: { datetime: t("staff_appointment.pick_time") } });
    await form.submit(
      { ok: true, data: { datetime, comments: comments.trim() || null } },
      {
        call: (body) => api.propose(props.appointment.id, body),
        done: props.onProposed,
        async refused(error) {
          const refusal = bookingRefusal(error, unable);
          if (refusal.slotTaken) {
            setDatetime(null);
            await load();
          }
          const fields = refusal.fields?.datetime ? { datetime: refusal.fields.datetime } : {};
          return { fields, general: refusal.general ?? [unable] };
        },
      },
    );
  }

  return (
    <ModalFrame
      title={t("staff_appointment.propose_title")}
      closeLabel={t("staff_appointment.close")}
      onClose={props.onClose}
    >
      {slots === null ? (
        <p role="status">{t("appointment.loading")}</p>
      ) : slots === "failed" ? (
        <p role="alert">{t("appointment.slots_failed")}</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="workspace-propose-form">
          <p className="text-sm">{t("staff_appointment.current", { when: props.appointment.formatted })}</p>
          <SlotPicker
            t={t}
            locale={props.locale}
            slots={slots}
            value={datetime}
            onChange={(slot) => setDatetime(slot.datetime)}
            error={form.errors.datetime}
            idPrefix={ID}
          />
          <div>
            <label htmlFor={`${ID}-comments`} className="font-semibold">
              {t("staff_appointment.propose_note")}
            </label>
            <textarea
              id={`${ID}-comments`}
              rows={3}
              maxLength={1000}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              className={fieldClass}
            />
          </div>
          {form.general.length > 0 && (
            <p role="alert" className="font-semibold text-red-800">
              {form.general.join(" ")}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={form.pending}
              className={`${ctaButtonClass} min-h-11`}
              data-testid="workspace-propose-send"
            >
              {form.pending ? t("staff_appointment.proposing") : t("staff_appointment.propose_send")}
            </button>
            <button type="button" onClick={props.onClose} className={secondaryButtonClass}>
              {t("staff_appointment.close")}
            </button>
          </div>
        </form>
      )}
    </ModalFrame>
  );
}
