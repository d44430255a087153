import { centsToDecimalString, PAYMENT_TYPES, quoteVehicle, type ComparedPayment, type Locale, type PaymentType, type Vehicle } from "@showroom/domain";
import { toPaymentSettings, type DealershipRow, type DealershipsService } from "../dealerships/service.ts";
import type { InventoryService } from "../inventory/service.ts";
import { toPricedVehicle, toVehicle } from "../inventory/vehicle-views.ts";
import type { PricingService } from "../pricing/service.ts";

export type ComparisonOutcome =
  | { ok: true; value: { vehicle: Vehicle; payment: ComparedPayment | null }[] }
  | { ok: false; failure: { kind: "missing"; ids: number[] } };

/**
 * Two to four vehicles side by side, each with the payment its details page opens on: the three payment types
 * priced at the dealership's defaults with its fallback values (what the page's first pricing calls ask), the
 * dealership's default type for the vehicle's condition shown when it prices, else the first that does. As on
 * the details page, only a listed vehicle of the dealership itself is priced (a group vehicle or a sold one shows
 * none). Nothing is stored.
 */
export function vehicleComparisonService(deps: {
  inventory: Pick<InventoryService, "find">;
  dealerships: Pick<DealershipsService, "listingGroup">;
  pricing: Pick<PricingService, "setupFor" | "today">;
}) {
  return {
    async compare(dealership: DealershipRow, ids: number[], options: { locale: Locale; pricesShown: boolean }): Promise<ComparisonOutcome> {
      const group = await deps.dealerships.listingGroup(dealership);
      const found = await Promise.all(ids.map((id) => deps.inventory.find(group, String(id))));
      const missing = ids.filter((_, index) => !found[index]);
      if (missing.length) return { ok: false, failure: { kind: "missing", ids: missing } };
      const setup = options.pricesShown ? await deps.pricing.setupFor(dealership) : null;
      const date = deps.pricing.today(dealership);
      // The details page opens on the payment settings' default type for the condition (GET payment-settings).
      const defaults = toPaymentSettings(dealership).default_payment_type;
      const value = found.map((hit) => {
        const vehicle = toVehicle(hit!.row, hit!.dealer, options.locale);
        if (!setup || hit!.row.dealershipId !== dealership.id || !vehicle.available) return { vehicle, payment: null };
        const priced = toPricedVehicle(hit!.row);
        const quotes = new Map<PaymentType, ReturnType<typeof quoteVehicle>>(PAYMENT_TYPES.map((type) => [type, quoteVehicle(setup, priced, type, {}, { date, fallback: true })]));
        const answered = PAYMENT_TYPES.filter((type) => quotes.get(type)?.ok);
        const preferred = defaults[vehicle.is_new ? "new" : "used"];
        const type = answered.includes(preferred) ? preferred : answered[0];
        const quote = type ? quotes.get(type) : undefined;
        if (!type || !quote?.ok) return { vehicle, payment: null };
        const option = quote.quote.option;
        const amount = type === "cash" ? (option.cash?.balance_due ?? option.payment) : option.payment;
        return {
          vehicle,
          payment: { payment_type: type, amount: centsToDecimalString(amount), payment_frequency: type === "cash" ? null : option.payment_frequency, term: option.term, rate: option.rate },
        };
      });
      return { ok: true, value };
    },
  };
}
export type VehicleComparisonService = ReturnType<typeof vehicleComparisonService>;
