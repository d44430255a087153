import {
  DEPOSIT_HOLD_DAYS,
  DEPOSIT_SCREENS,
  cents,
  centsToDecimalString,
  depositCharge,
  depositSettingsOf,
  depositStepOf,
  type DepositWire,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { PaymentGateway } from "./gateway.ts";
import { depositsRepo, type DepositRow } from "./repo.ts";

const money = (value: number) => centsToDecimalString(cents(value));

/** The deal's deposit step key: the manufacturer's variant has its own (spec 4). */
export const depositStepKey = (dealership: DealershipRow) => (dealership.profile.deposit_system === "VW_DEPOSIT" ? "vw-deposit" : "deposit");

export function toDepositWire(row: DepositRow): DepositWire {
  // Paid is what was captured and not given back; a hold is not paid yet.
  const paid = row.status === "confirmed" || row.status === "refunded" ? row.totalCents - row.refundedCents : 0;
  return {
    id: row.id,
    order: row.orderId,
    vehicle: row.vehicleId,
    gateway: row.gateway,
    mode: row.mode,
    fee_mode: row.feeMode,
    status: row.status,
    deposit_status: depositStepOf(row.status),
    currency: row.currency,
    deposit_amount: money(row.depositCents),
    processing_fee: money(row.processingFeeCents),
    fixed_fee: money(row.fixedFeeCents),
    total: money(row.totalCents),
    deposit_amount_paid: money(paid),
    refunded: money(row.refundedCents),
    deposit_cancellation_fee: money(row.cancellationFeeCents),
    refundable_on_request: row.refundableOnRequest,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
    decline_code: row.declineCode,
    authorized_at: row.authorizedAt?.toISOString() ?? null,
    hold_deadline: row.holdDeadline?.toISOString() ?? null,
    captured_at: row.capturedAt?.toISOString() ?? null,
    released_at: row.releasedAt?.toISOString() ?? null,
    refund_requested_at: row.refundRequestedAt?.toISOString() ?? null,
    refund_request_reason: row.refundRequestReason,
    coupon_code: row.couponCode,
    created: row.createdAt.toISOString(),
  };
}

/** Deposits: what the dealership asks, and the rows the workflows move. */
export function depositsService(deps: { db: Db; now: () => Date; gateway: PaymentGateway; stripePublishableKey: string | null }) {
  const repo = depositsRepo(deps.db);
  return {
    repo,
    gateway: deps.gateway,
    settingsOf: (dealership: DealershipRow) => depositSettingsOf(dealership.profile as { deposit_settings?: unknown }),
    /** The amounts a new deposit at this dealership charges. */
    chargeOf(dealership: DealershipRow) {
      const settings = depositSettingsOf(dealership.profile as { deposit_settings?: unknown });
      return { settings, charge: depositCharge(settings.amountCents, settings) };
    },
    details(dealership: DealershipRow, vehiclePriceCents: number | null, existing: DepositRow | null) {
      const { settings, charge } = this.chargeOf(dealership);
      return {
        gateway: deps.gateway.name,
        demonstration: deps.gateway.demonstration,
        stripe_publishable_key: deps.gateway.name === "stripe" ? deps.stripePublishableKey : null,
        deposit_system: dealership.profile.deposit_system,
        screens: [...DEPOSIT_SCREENS[dealership.profile.deposit_system]],
        mode: settings.mode,
        fee_mode: settings.feeMode,
        currency: dealership.currencyUnit,
        deposit_amount: money(charge.depositCents),
        processing_fee: money(charge.processingFeeCents),
        fixed_fee: money(charge.fixedFeeCents),
        total: money(charge.totalCents),
        deposit_cancellation_fee: money(settings.cancellationFeeCents),
        refundable_on_request: settings.refundableOnRequest,
        hold_days: DEPOSIT_HOLD_DAYS,
        geo_validation: settings.geoValidation,
        vehicle_price: vehiclePriceCents === null ? null : money(vehiclePriceCents),
        deposit: existing ? toDepositWire(existing) : null,
      };
    },
  };
}
export type DepositsService = ReturnType<typeof depositsService>;
