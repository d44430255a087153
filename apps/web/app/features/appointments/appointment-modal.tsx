import { languageOf, type AppointmentKind, type AppointmentWire, type Vehicle } from "@showroom/domain";
import { useEffect, useMemo, useState } from "react";
import { createApiClient } from "../../lib/api-client.ts";
import { finish } from "../../lib/analytics.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { AppointmentEditor } from "./appointment-editor.tsx";
import { createAppointmentsApi } from "./appointments-api.ts";
import { useAppointmentsI18n } from "./i18n.ts";
import { TestDriveForm, type TestDriveModel } from "./test-drive-form.tsx";

export type AppointmentModalMode = "appointment" | "test-drive";

/** Section 3's model of a vehicle: its year, its model code (else the VIN's model, its stock) and its name. */
export function testDriveModelOf(vehicle: Vehicle): TestDriveModel {
  return {
    model_year: vehicle.year,
    model_code: vehicle.model_code ?? vehicle.jato_id ?? vehicle.stock_number ?? String(vehicle.id),
    model_name: [vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ").slice(0, 80),
  };
}

type Done = { kind: "booked" | "changed"; appointment: AppointmentWire } | { kind: "canceled" };

/**
 * The appointment and test drive modal (spec 2.4 "appointment", "test drive"; anchors #appointment, #test-drive):
 * for a saved deal, the appointment editor (a test drive opens on "at my home"); without one, a test drive booking
 * that needs no account, with the way to choose a time instead.
 */
export function AppointmentModal(props: {
  mode: AppointmentModalMode;
  /** The saved deal the appointment belongs to (null: a test drive booking without a deal). */
  orderId: number | null;
  /** The deal's appointment as the page read it; read again here when the deal has one. */
  appointment: AppointmentWire | null;
  hasAppointment: boolean;
  vehicle: Vehicle;
  /** The appointment module is on: a shopper without a deal may sign in and choose a time. */
  canChooseTime: boolean;
  onChooseTime(): void;
  onChanged(): void;
  onClose(): void;
}) {
  const { t, locale } = useAppointmentsI18n();
  const language = languageOf(locale);
  const { dealer, customer, quietApi } = useShell();
  const api = useMemo(() => createAppointmentsApi(quietApi), [quietApi]);
  // The contract's silent failure: no toast and no network modal for the test drive booking.
  const silent = useMemo(
    () =>
      createApiClient({
        dealerCode: dealer.code,
        events: { retrying() {}, networkFailure() {}, sessionExpired() {}, httpError() {} },
      }),
    [dealer.code],
  );
  const [existing, setExisting] = useState<AppointmentWire | null | "loading">(
    props.orderId !== null && props.hasAppointment ? "loading" : null,
  );
  const [done, setDone] = useState<Done | null>(null);
  const [testDriveBooked, setTestDriveBooked] = useState(false);
  useEffect(() => {
    if (existing !== "loading" || props.orderId === null) return;
    let live = true;
    api.get(props.orderId).then(
      (appointment) => live && setExisting(appointment.status === "canceled" ? null : appointment),
      () => live && setExisting(props.appointment),
    );
    return () => {
      live = false;
    };
  }, [existing, props.orderId, props.appointment, api]);

  const initialKind: AppointmentKind = props.mode === "test-drive" ? "home" : "dealership";
  const title =
    done !== null
      ? t(done.kind === "canceled" ? "appointment.canceled_title" : "appointment.done_title")
      : props.orderId === null
        ? t("test_drive.title")
        : existing && existing !== "loading"
          ? t("appointment.change_title")
          : t(props.mode === "test-drive" ? "test_drive.title" : "appointment.title");

  return (
    <ModalFrame title={title} closeLabel={t("common.close")} onClose={props.onClose}>
      <div data-testid={`${props.mode}-modal`}>
        {done ? (
          <div role="status" className="grid gap-4" data-testid="appointment-done">
            {done.kind === "canceled" ? (
              <p>{t("appointment.canceled_body")}</p>
            ) : (
              <>
                <p className="text-lg font-semibold" data-testid="appointment-done-when">
                  {done.appointment.formatted}
                </p>
                <p>
                  {t(`appointment.kind.${done.appointment.kind}`)}
                  {done.appointment.address &&
                    ` — ${done.appointment.address.street}, ${done.appointment.address.city}`}
                </p>
                <p data-testid="appointment-done-state">
                  {t(
                    done.appointment.status === "confirmed"
                      ? "appointment.done_confirmed"
                      : "appointment.done_requested",
                  )}
                </p>
              </>
            )}
            <button
              type="button"
              onClick={props.onClose}
              className={`${ctaButtonClass} min-h-11`}
              data-testid="appointment-done-close"
            >
              {t("appointment.done_close")}
            </button>
          </div>
        ) : props.orderId === null ? (
          <div className="grid gap-4">
            <TestDriveForm
              t={t}
              language={language}
              client={silent}
              model={testDriveModelOf(props.vehicle)}
              dealerCode={dealer.code}
              country={dealer.country}
              province={dealer.province_code}
              tokenizedUrl={customer?.tokenized_url || window.location.href}
              onBooked={() => {
                setTestDriveBooked(true);
                // A test drive is an appointment too (spec 4's appointment finish), once per vehicle.
                finish(quietApi, "appointment_finish", { vehicle: props.vehicle, orderId: props.orderId });
              }}
              initial={{
                first_name: customer?.first_name ?? "",
                last_name: customer?.last_name ?? "",
                phone: customer?.phone ?? "",
              }}
            />
            {props.canChooseTime && !testDriveBooked && (
              <div className="border-t border-black/10 pt-4">
                <p className="text-sm">{t("test_drive.choose_time_intro")}</p>
                <button
                  type="button"
                  onClick={props.onChooseTime}
                  className={`${secondaryButtonClass} mt-2`}
                  data-testid="test-drive-choose-time"
                >
                  {t("test_drive.choose_time")}
                </button>
              </div>
            )}
          </div>
        ) : existing === "loading" ? (
          <p role="status" className="py-6">
            {t("appointment.loading")}
          </p>
        ) : (
          <AppointmentEditor
            t={t}
            locale={locale}
            language={language}
            api={api}
            orderId={props.orderId}
            existing={existing}
            initialKind={initialKind}
            country={dealer.country}
            province={dealer.province_code}
            onBooked={(appointment, changed) => {
              setDone({ kind: changed ? "changed" : "booked", appointment });
              if (!changed) finish(quietApi, "appointment_finish", { vehicle: props.vehicle, orderId: props.orderId });
              props.onChanged();
            }}
            onCanceled={() => {
              setDone({ kind: "canceled" });
              props.onChanged();
            }}
          />
        )}
      </div>
    </ModalFrame>
  );
}
