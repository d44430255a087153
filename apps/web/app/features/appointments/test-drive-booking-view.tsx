import { formatDate, type AppointmentKind } from "@showroom/domain";
import { useAppointmentsI18n } from "./i18n.ts";

/** A test drive booking as its page shows it (GET /api/test-drive-bookings/{id}/: no phone, no last name). */
export type TestDriveBookingView = {
  id: string;
  dealership: { code: string; name: string; phone: string };
  booking_option: AppointmentKind;
  model_year: number;
  model_name: string;
  first_name: string;
  language: "en" | "fr";
  created: string;
};

/**
 * The page a test drive booking answers with (transactional spec 4 "Test drive": opened in a new tab): what was
 * asked, where, and the dealership's phone.
 */
export function TestDriveBookingPage(props: { booking: TestDriveBookingView | null }) {
  const { t, locale } = useAppointmentsI18n();
  const { booking } = props;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8" data-testid="test-drive-page">
      <h1 className="text-2xl font-bold">{t("test_drive.page_heading")}</h1>
      {!booking ? (
        <p className="mt-4" data-testid="test-drive-missing">
          {t("test_drive.page_missing")}
        </p>
      ) : (
        <div className="mt-4 grid gap-4 rounded-xl border border-black/10 bg-white p-6">
          <p className="text-lg font-semibold">{t("test_drive.page_greeting", { name: booking.first_name })}</p>
          <p data-testid="test-drive-page-body">
            {t("test_drive.page_body", {
              dealer: booking.dealership.name,
              year: booking.model_year,
              model: booking.model_name,
            })}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t("test_drive.page_where")}</dt>
            <dd data-testid="test-drive-page-where">{t(`appointment_card.kind.${booking.booking_option}`)}</dd>
            <dt className="font-semibold">{t("test_drive.page_sent")}</dt>
            <dd>{formatDate(booking.created, locale)}</dd>
          </dl>
          <p>{t("test_drive.page_call", { dealer: booking.dealership.name, phone: booking.dealership.phone })} </p>
        </div>
      )}
    </div>
  );
}
