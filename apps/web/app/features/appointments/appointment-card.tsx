import type { AppointmentWire, Order } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";

/** Spec 4, "Appointment (customer-facing)": requested until the dealership confirms it (the step's 2), then confirmed (1). */
export function dealAppointmentState(
  order: Pick<Order, "proposed_appointment" | "step_statuses"> | null,
): "requested" | "confirmed" | null {
  if (!order?.proposed_appointment) return null;
  return order.step_statuses.appointment === 1 ? "confirmed" : "requested";
}

/**
 * The deal panel's appointment card: the deal's appointment (when, where, requested or confirmed) and changing it,
 * or booking a visit or a test drive. Its words are the storefront's (the editor's load with the editor).
 */
export function AppointmentCard(props: {
  order: Order | null;
  /** The deal's appointment as the page read it (where it is), when it has one. */
  appointment: AppointmentWire | null;
  visits: boolean;
  testDrives: boolean;
  onOpen(mode: "appointment" | "test-drive"): void;
  onIntent?(): void;
}) {
  const { t } = useI18n();
  const { order, appointment } = props;
  const state = appointment?.customer_state ?? dealAppointmentState(order);
  const when = appointment?.formatted ?? order?.proposed_appointment_formatted ?? null;
  if (!props.visits && !props.testDrives) return null;
  return (
    <section
      aria-labelledby="appointment-card-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="appointment-card"
    >
      <h2 id="appointment-card-heading" className="text-lg font-semibold">
        {t("appointment_card.heading")}
      </h2>
      {state && when ? (
        <>
          <p className="mt-1 font-semibold" data-testid="appointment-card-when">
            {when}
          </p>
          {appointment && (
            <p className="text-sm" data-testid="appointment-card-kind">
              {t(`appointment_card.kind.${appointment.kind}`)}
              {appointment.address && ` — ${appointment.address.street}, ${appointment.address.city}`}
            </p>
          )}
          <p className="mt-1 text-sm" data-testid="appointment-card-state" data-state={state}>
            {t(`appointment_card.state.${state}`)}
            {appointment?.proposed_by === "dealer" && ` ${t("appointment_card.proposed_by_dealer")}`}
          </p>
          {props.visits && (
            <button
              type="button"
              onClick={() => props.onOpen("appointment")}
              onPointerEnter={props.onIntent}
              onFocus={props.onIntent}
              className={`${secondaryButtonClass} mt-3 w-full`}
              data-testid="appointment-card-change"
            >
              {t("appointment_card.change")}
            </button>
          )}
        </>
      ) : (
        <>
          <p className="mt-1 text-sm opacity-80">
            {t(props.visits ? "appointment_card.intro" : "appointment_card.intro_test_drive")}
          </p>
          <div className="mt-3 grid gap-2 tablet-up:grid-cols-2">
            {props.visits && (
              <button
                type="button"
                onClick={() => props.onOpen("appointment")}
                onPointerEnter={props.onIntent}
                onFocus={props.onIntent}
                className={secondaryButtonClass}
                data-testid="appointment-card-book"
              >
                {t("appointment_card.book")}
              </button>
            )}
            {props.testDrives && (
              <button
                type="button"
                onClick={() => props.onOpen("test-drive")}
                onPointerEnter={props.onIntent}
                onFocus={props.onIntent}
                className={secondaryButtonClass}
                data-testid="appointment-card-test-drive"
              >
                {t("appointment_card.test_drive")}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
