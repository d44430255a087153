import type { DepositFeeMode } from "./types.ts";

/** What the dealership sets for its deposits (dealer info deposit settings), money in cents. */
export type DepositFeeSettings = {
  feeMode: DepositFeeMode;
  /** The processor's percentage, in basis points (290 = 2.9 %). */
  processingBasisPoints: number;
  /** The dealership's fixed fee per deposit. */
  fixedFeeCents: number;
};

export type DepositCharge = { depositCents: number; processingFeeCents: number; fixedFeeCents: number; totalCents: number };

/**
 * What the card is charged for a deposit: the deposit, plus the fees the fee mode passes on. The processing fee is
 * grossed up so that, once the processor takes its percentage of the whole charge, the dealership keeps the deposit
 * and its fixed fee: fee = ⌈(deposit + fixed) × p / (1 − p)⌉.
 */
export function depositCharge(depositCents: number, settings: DepositFeeSettings): DepositCharge {
  const fixed = settings.feeMode === "Charge Fixed Fee" || settings.feeMode === "Charge Processing + Fixed Fee" ? settings.fixedFeeCents : 0;
  const passesProcessing = settings.feeMode === "Charge Processing Fee" || settings.feeMode === "Charge Processing + Fixed Fee";
  const bp = settings.processingBasisPoints;
  const base = depositCents + fixed;
  const processing = passesProcessing && bp > 0 ? Math.ceil((base * bp) / (10_000 - bp)) : 0;
  return { depositCents, processingFeeCents: processing, fixedFeeCents: fixed, totalCents: base + processing };
}

/**
 * What a refund gives back: what was paid less the cancellation fee, unless the deposit is refundable on request
 * (Ontario: a deposit paid before a contract is signed is returned whenever asked, O. Reg. 333/08).
 */
export function depositRefund(input: { paidCents: number; alreadyRefundedCents: number; cancellationFeeCents: number; refundableOnRequest: boolean; contractSigned: boolean }) {
  const fee = input.refundableOnRequest && !input.contractSigned ? 0 : Math.min(input.cancellationFeeCents, input.paidCents);
  const refundCents = Math.max(0, input.paidCents - input.alreadyRefundedCents - fee);
  return { refundCents, keptCents: input.paidCents - input.alreadyRefundedCents - refundCents };
}
