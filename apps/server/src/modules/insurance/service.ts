import { BODY_TYPES, centsToDecimalString, type BodyType, type Cents, type Country, type InsuranceQuoteRequest, type InsuranceQuoteWire } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { InsuranceProvider } from "./provider.ts";
import { insuranceRepo, type InsuranceQuoteRow } from "./repo.ts";

export type InsuranceDeal = { id: number; dealershipId: number; customerId: number };
export type InsuredVehicle = { priceCents: number | null; msrpCents: number | null; year: number; bodyType: string };
export type InsuranceFailure =
  | { kind: "field"; field: "postal_code" | "liability_limit"; key: "insurance_region_unknown" | "insurance_limit_unknown" }
  | { kind: "vehicle_unpriced" }
  | { kind: "not_found" };

const money = (c: number) => centsToDecimalString(c as Cents);

export function toInsuranceQuoteWire(row: InsuranceQuoteRow, binding: boolean): InsuranceQuoteWire {
  return {
    id: row.id,
    order: row.orderId,
    provider: row.provider,
    status: row.status,
    yearly_premium: money(row.yearlyCents),
    monthly_premium: money(row.monthlyCents),
    liability_premium: money(row.liabilityCents),
    own_damage_premium: money(row.ownDamageCents),
    currency: row.currency,
    region: row.region,
    request: row.request,
    vehicle_value: money(row.vehicleValueCents),
    is_binding: binding,
    created: row.createdAt.toISOString(),
    saved_at: row.savedAt?.toISOString() ?? null,
  };
}

/** Insurance quotes of a deal: rated by the provider, kept as asked, one saved on the deal. */
export function insuranceService(deps: { db: Db; provider: InsuranceProvider; now: () => Date }) {
  const repo = insuranceRepo(deps.db);
  const { provider } = deps;
  const wire = (row: InsuranceQuoteRow) => toInsuranceQuoteWire(row, provider.binding);
  return {
    provider,
    /** Rates the deal's vehicle for this driver and keeps the answer as a `quoted` quote. */
    async create(input: {
      deal: InsuranceDeal;
      vehicle: InsuredVehicle;
      country: Country;
      currency: "CAD" | "USD";
      request: InsuranceQuoteRequest;
      factorOverrides: unknown;
      staffUserId: number | null;
    }): Promise<{ ok: true; value: InsuranceQuoteWire } | { ok: false; failure: InsuranceFailure }> {
      const value = input.vehicle.priceCents ?? input.vehicle.msrpCents;
      if (value === null || value <= 0) return { ok: false, failure: { kind: "vehicle_unpriced" } };
      const bodyType: BodyType = (BODY_TYPES as readonly string[]).includes(input.vehicle.bodyType) ? (input.vehicle.bodyType as BodyType) : "Other";
      const at = deps.now();
      const answer = await provider.quote({
        country: input.country,
        vehicle: { value: value as Cents, modelYear: input.vehicle.year, bodyType },
        request: input.request,
        quotedOn: at,
        factorOverrides: input.factorOverrides,
      });
      if (!answer.ok) return { ok: false, failure: { kind: "field", field: answer.field, key: answer.key } };
      const { premium } = answer;
      const row = await repo.insert({
        dealershipId: input.deal.dealershipId,
        customerId: input.deal.customerId,
        orderId: input.deal.id,
        provider: provider.name,
        request: input.request,
        vehicleValueCents: value,
        yearlyCents: premium.yearly,
        monthlyCents: premium.monthly,
        liabilityCents: premium.liability,
        ownDamageCents: premium.ownDamage,
        currency: input.currency,
        region: premium.region,
        answer: { ...premium.details, body_type: bodyType, model_year: input.vehicle.year },
        staffUserId: input.staffUserId,
        createdAt: at,
      });
      return { ok: true, value: wire(row) };
    },
    list: async (deal: InsuranceDeal) => (await repo.ofOrder(deal.dealershipId, deal.id)).map(wire),
    /** Keeps one of the deal's quotes on it (saved); another saved before goes back to quoted. */
    async save(deal: InsuranceDeal, quoteId: number): Promise<{ ok: true; value: InsuranceQuoteWire } | { ok: false; failure: InsuranceFailure }> {
      const row = await repo.save(deal.dealershipId, deal.id, quoteId, deps.now());
      return row ? { ok: true, value: wire(row) } : { ok: false, failure: { kind: "not_found" } };
    },
  };
}
export type InsuranceService = ReturnType<typeof insuranceService>;
