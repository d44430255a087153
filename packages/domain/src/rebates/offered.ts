import type { PaymentType } from "../constants.ts";
import { hasNoConflict } from "../pricing/adjustments.ts";
import { incentiveCovers, type DealerIncentive, type PricedVehicle } from "../pricing/vehicle-quote.ts";

/**
 * The rebates a shopper may apply for on a deal (transactional spec 3, "Rebate application"): the dealership's
 * incentives offered on the deal's vehicle (make, model, years, condition), without conflict, for the deal's payment
 * type when it has one (any type otherwise).
 */
export function offeredRebates(
  incentives: readonly DealerIncentive[],
  vehicle: PricedVehicle,
  paymentType: PaymentType | null,
): DealerIncentive[] {
  return incentives.filter(
    (incentive) =>
      incentiveCovers(incentive, vehicle) &&
      hasNoConflict(incentive) &&
      (paymentType === null || !incentive.payment_types || incentive.payment_types.includes(paymentType)),
  );
}
