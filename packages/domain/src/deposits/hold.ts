import { DEPOSIT_HOLD_DAYS } from "./types.ts";

const DAY_MS = 86_400_000;

/**
 * When a hold must be captured or released: the processor's own capture deadline (Stripe's `capture_before`) when
 * it gives one, else 7 days after the authorisation (spec 9); the jobs runner acts an hour before, so a capture
 * is never attempted on a hold the card network already let go.
 */
export function holdDeadline(authorizedAt: Date, captureBefore: Date | null): Date {
  return captureBefore ?? new Date(authorizedAt.getTime() + DEPOSIT_HOLD_DAYS * DAY_MS);
}
export const holdActionAt = (deadline: Date) => new Date(deadline.getTime() - 3_600_000);
