import type { AppointmentSlots, AppointmentWire, DocumentSettingsWire, OrderDocuments } from "@showroom/domain";

/** Wire-shaped appointment and document records for the web app's unit tests (what the API answers), with overrides. */

type Slot = AppointmentSlots["slots"][number];

/** A slot of the Toronto dealership at a local date and time, with the offset of that date. */
export function slot(date: string, time: string, offset = "-05:00"): Slot {
  const datetime = `${date}T${time}:00${offset}`;
  const starts = new Date(datetime);
  return {
    datetime,
    starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString(),
    date,
    time,
    utc_offset: offset,
  };
}

export function appointmentSlots(overrides: Partial<AppointmentSlots> = {}): AppointmentSlots {
  return {
    enabled: true,
    time_zone: "America/Toronto",
    slot_minutes: 30,
    lead_minutes: 120,
    days_ahead: 14,
    kinds: ["dealership", "home", "work"],
    slots: [slot("2026-11-24", "10:00"), slot("2026-11-24", "10:30"), slot("2026-11-25", "09:00")],
    ...overrides,
  };
}

export function appointment(overrides: Partial<AppointmentWire> = {}): AppointmentWire {
  return {
    id: 5,
    uid: "appointment-5@showroom",
    order_id: 41,
    kind: "dealership",
    status: "requested",
    customer_state: "requested",
    step: "awaiting-dealer",
    proposed_by: "customer",
    datetime: "2026-11-24T10:30:00-05:00",
    formatted: "Tuesday, November 24, 2026 at 10:30 a.m. EST",
    starts_at: "2026-11-24T15:30:00.000Z",
    ends_at: "2026-11-24T16:00:00.000Z",
    time_zone: "America/Toronto",
    address: null,
    comments: null,
    is_autoconfirmed: false,
    sequence: 0,
    created: "2026-11-20T15:00:00.000Z",
    last_updated: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

export function documentSettings(overrides: Partial<DocumentSettingsWire> = {}): DocumentSettingsWire {
  return {
    enabled: true,
    accepted_extensions: [".pdf", ".jpg", ".jpeg", ".png"],
    accepted_media_types: ["application/pdf", "image/jpeg", "image/png"],
    max_file_bytes: 10 * 1024 * 1024,
    max_file_megabytes: 10,
    quota_bytes: 50 * 1024 * 1024,
    quota_files: 20,
    document_types: ["drivers_licence", "proof_of_insurance", "pay_stub", "proof_of_address", "other"],
    required_documents: ["drivers_licence", "proof_of_insurance"],
    ...overrides,
  };
}

export function orderDocuments(overrides: Partial<OrderDocuments> = {}): OrderDocuments {
  return {
    order_id: 41,
    documents: [],
    required_documents: ["drivers_licence", "proof_of_insurance"],
    missing_documents: ["drivers_licence", "proof_of_insurance"],
    step: "initial",
    used_bytes: 0,
    used_files: 0,
    ...overrides,
  };
}

export function licence(
  overrides: Partial<OrderDocuments["documents"][number]> = {},
): OrderDocuments["documents"][number] {
  return {
    id: 9,
    order_id: 41,
    document_type: "drivers_licence",
    name: "licence.pdf",
    media_type: "application/pdf",
    size: 184_320,
    status: "uploaded",
    url: "/api/order/41/documents/9/",
    created: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}
