import type {
  AppointmentKind,
  AppointmentSlots,
  AppointmentWire,
  BookingAddress,
  TestDriveBookingInput,
} from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

const BASE = "/api/appointment";
const STAFF = "/api/quickshop/appointments";

/** What a booking sends (contract section 7: path, datetime, order_id; ours: kind, address, comments). */
export type AppointmentBody = {
  path: string;
  datetime: string;
  order_id: number;
  kind: AppointmentKind;
  address: BookingAddress | null;
  comments: string | null;
};

/** An appointment as staff read it: with the customer it belongs to. */
export type StaffAppointmentWire = AppointmentWire & {
  customer: { id: number; full_name: string; email: string; phone: string | null };
};

/** The shopper's appointment calls (one appointment per deal, found by the deal's order id). */
export function createAppointmentsApi(client: ApiClient) {
  return {
    /** The times the calendar offers, in the dealership's zone (never in the past, inside its hours). */
    slots: () => client.get<AppointmentSlots>(`${BASE}/slots/`),
    get: (orderId: number) => client.get<AppointmentWire>(`${BASE}/${orderId}/`),
    book: (body: AppointmentBody) => client.post<AppointmentWire>(`${BASE}/`, body),
    /** A change of time (and of place, when it changes): PATCH by the deal's order id. */
    change: (orderId: number, body: Omit<AppointmentBody, "order_id">) =>
      client.request<AppointmentWire>("PATCH", `${BASE}/${orderId}/`, body),
    cancel: (orderId: number) => client.request<AppointmentWire>("DELETE", `${BASE}/${orderId}/`),
  };
}
export type AppointmentsApi = ReturnType<typeof createAppointmentsApi>;

/** Staff: a customer's appointments, confirm the asked time, or propose another one. */
export function createStaffAppointmentsApi(client: ApiClient) {
  return {
    slots: () => client.get<AppointmentSlots>(`${BASE}/slots/`),
    ofCustomer: (customer: number) => client.get<StaffAppointmentWire[]>(`${STAFF}/?customer=${customer}`),
    confirm: (id: number) => client.post<StaffAppointmentWire>(`${STAFF}/${id}/confirm/`),
    propose: (id: number, body: { datetime: string; comments: string | null }) =>
      client.post<StaffAppointmentWire>(`${STAFF}/${id}/propose/`, body),
  };
}
export type StaffAppointmentsApi = ReturnType<typeof createStaffAppointmentsApi>;

/** Section 3's test drive booking, answered with the url of the page that shows it. */
export const bookTestDrive = (client: ApiClient, body: TestDriveBookingInput) =>
  client.post<{ url: string }>("/api/test-drive-bookings/", body);
