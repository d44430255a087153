import { can, effectiveStaffRole, type AppointmentWire } from "@showroom/domain";
import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { useShell } from "../../lib/shell-context.tsx";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { createStaffAppointmentsApi, type StaffAppointmentWire } from "./appointments-api.ts";
import { useAppointmentsI18n, type AppointmentsTranslate } from "./i18n.ts";

// The calendar loads when staff propose another time, not with the workspace.
const ProposeDialog = lazy(() => import("./staff-propose-dialog.tsx").then((m) => ({ default: m.ProposeDialog })));

/** A deal's appointment to show staff: the standing one, else the latest (cancelled). */
export function dealAppointment<A extends Pick<AppointmentWire, "order_id" | "status" | "last_updated">>(
  appointments: readonly A[],
  orderId: number,
): A | null {
  const ofDeal = appointments
    .filter((a) => a.order_id === orderId)
    .sort((a, b) => b.last_updated.localeCompare(a.last_updated));
  return ofDeal.find((a) => a.status !== "canceled") ?? ofDeal[0] ?? null;
}

/**
 * The workspace's view of a deal's appointment (inside the deal's card): when and where, its state, the customer's
 * note; staff who manage appointments confirm the time the customer asked for, or propose another one.
 */
export function StaffDealAppointment(props: { appointment: StaffAppointmentWire | null; failed: boolean }) {
  const { t, locale } = useAppointmentsI18n();
  const { quietApi, dealerUser } = useShell();
  const api = useMemo(() => createStaffAppointmentsApi(quietApi), [quietApi]);
  const [appointment, setAppointment] = useState(props.appointment);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [proposing, setProposing] = useState(false);
  const manages = dealerUser !== null && can(effectiveStaffRole(dealerUser), "appointments.manage");

  if (props.failed)
    return (
      <StaffSection t={t}>
        <p className="text-sm">{t("staff_appointment.failed")}</p>
      </StaffSection>
    );
  if (!appointment) {
    return (
      <StaffSection t={t}>
        <p className="text-sm" data-testid="workspace-no-appointment">
          {t("staff_appointment.none")}
        </p>
      </StaffSection>
    );
  }
  const failure = (error: unknown) =>
    setMessage({
      tone: "error",
      text: errorMessages(httpFailure(error)?.body).general[0] ?? t("staff_appointment.action_failed"),
    });

  async function confirm(id: number) {
    setBusy(true);
    setMessage(null);
    try {
      setAppointment(await api.confirm(id));
      setMessage({ tone: "ok", text: t("staff_appointment.confirmed") });
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <StaffSection t={t}>
      <div
        className="grid gap-1 text-sm"
        data-testid="workspace-appointment"
        data-status={appointment.status}
        data-kind={appointment.kind}
      >
        <p className="font-semibold" data-testid="workspace-appointment-when">
          {appointment.formatted}
        </p>
        <p data-testid="workspace-appointment-kind">
          {t(`staff_appointment.kind.${appointment.kind}`)}
          {appointment.address &&
            ` — ${appointment.address.street}, ${appointment.address.city} ${appointment.address.province} ${appointment.address.postal_code}`}
        </p>
        <p>
          <span
            className="rounded-full bg-black/10 px-2 py-0.5 text-xs font-semibold"
            data-testid="workspace-appointment-status"
          >
            {t(`staff_appointment.status.${appointment.status}`)}
          </span>
          {appointment.proposed_by === "dealer" && appointment.status !== "canceled" && (
            <span className="ml-2 text-xs opacity-80">{t("staff_appointment.proposed")}</span>
          )}
        </p>
        {appointment.comments && (
          <p data-testid="workspace-appointment-note">
            {t("staff_appointment.note_value", { note: appointment.comments })}
          </p>
        )}
      </div>
      {manages && appointment.status !== "canceled" && (
        <div className="mt-2 flex flex-wrap gap-2">
          {appointment.status === "requested" && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirm(appointment.id)}
              className={`${secondaryButtonClass} text-sm`}
              data-testid="workspace-appointment-confirm"
            >
              {busy ? t("staff_appointment.confirming") : t("staff_appointment.confirm")}
            </button>
          )}
          <button
            type="button"
            onClick={() => setProposing(true)}
            className={`${secondaryButtonClass} text-sm`}
            data-testid="workspace-appointment-propose"
          >
            {t("staff_appointment.propose")}
          </button>
        </div>
      )}
      <p
        aria-live="polite"
        className={`mt-1 text-sm ${message?.tone === "error" ? "font-medium text-red-800" : ""}`}
        data-testid="workspace-appointment-message"
      >
        {message?.text ?? ""}
      </p>
      {proposing && (
        <Suspense fallback={null}>
          <ProposeDialog
            t={t}
            locale={locale}
            api={api}
            appointment={appointment}
            onProposed={(next) => {
              setAppointment(next);
              setProposing(false);
              setMessage({ tone: "ok", text: t("staff_appointment.proposed_sent") });
            }}
            onClose={() => setProposing(false)}
          />
        </Suspense>
      )}
    </StaffSection>
  );
}

function StaffSection(props: { t: AppointmentsTranslate; children: ReactNode }) {
  return (
    <section className="border-t border-black/10 pt-3" data-testid="workspace-deal-appointment">
      <h4 className="mb-1 font-semibold">{props.t("staff_appointment.heading")}</h4>
      {props.children}
    </section>
  );
}
