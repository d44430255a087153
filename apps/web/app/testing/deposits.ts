import type { DepositWire } from "@showroom/domain";

/** A deposit as the API answers it: $500 held on a Visa ending in 4242 until May 21, 2026, with overrides. */
export function depositWire(overrides: Partial<DepositWire> = {}): DepositWire {
  return {
    id: 12,
    order: 41,
    vehicle: 7,
    gateway: "sandbox",
    mode: "hold",
    fee_mode: "No Fee",
    status: "pre_authorized",
    deposit_status: "pre-authorized",
    currency: "cad",
    deposit_amount: "500.00",
    processing_fee: "0.00",
    fixed_fee: "0.00",
    total: "500.00",
    deposit_amount_paid: "0.00",
    refunded: "0.00",
    deposit_cancellation_fee: "0.00",
    refundable_on_request: true,
    card_brand: "visa",
    card_last4: "4242",
    decline_code: null,
    authorized_at: "2026-05-14T15:00:00.000Z",
    hold_deadline: "2026-05-21T15:00:00.000Z",
    captured_at: null,
    released_at: null,
    refund_requested_at: null,
    refund_request_reason: null,
    coupon_code: null,
    created: "2026-05-14T15:00:00.000Z",
    ...overrides,
  };
}
