import { randomUUID } from "node:crypto";
import { offeredRebates, type DealerIncentive, type PaymentType, type PricedVehicle } from "@showroom/domain";
import type { z } from "zod";
import type { rebateApplicationSchema } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { rebateApplicationsRepo, type RebateApplicationRow } from "./repo.ts";

export type RebateApplicationWire = z.infer<typeof rebateApplicationSchema>;
export type RebateDeal = { id: number; dealershipId: number; customerId: number; paymentType: PaymentType | null };

export function toRebateApplicationWire(row: RebateApplicationRow): RebateApplicationWire {
  return {
    id: row.id,
    uid: row.uid,
    order: row.orderId,
    rebate_id: row.rebateId,
    source: row.source,
    name: row.name,
    name_fr: row.nameFr,
    created: row.createdAt.toISOString(),
  };
}

/** Rebate applications of a deal: only for a rebate the dealership offers on the deal's vehicle; one per rebate. */
export function rebateApplicationsService(deps: { db: Db; now: () => Date }) {
  const repo = rebateApplicationsRepo(deps.db);
  return {
    list: async (deal: RebateDeal) => (await repo.ofOrder(deal.dealershipId, deal.id)).map(toRebateApplicationWire),
    /** `created: false` when the deal had applied for this rebate already (that application is answered). */
    async apply(input: {
      deal: RebateDeal;
      vehicle: PricedVehicle | null;
      incentives: readonly DealerIncentive[];
      rebateId: string;
      source: string;
    }): Promise<{ ok: true; value: RebateApplicationWire; created: boolean } | { ok: false; failure: { kind: "rebate_unknown" } }> {
      const offered = input.vehicle ? offeredRebates(input.incentives, input.vehicle, input.deal.paymentType) : [];
      const rebate = offered.find((i) => i.id === input.rebateId);
      if (!rebate) return { ok: false, failure: { kind: "rebate_unknown" } };
      const inserted = await repo.insert({
        uid: randomUUID(),
        dealershipId: input.deal.dealershipId,
        customerId: input.deal.customerId,
        orderId: input.deal.id,
        rebateId: rebate.id,
        name: rebate.name,
        nameFr: rebate.name_fr ?? rebate.name,
        source: input.source,
        createdAt: deps.now(),
      });
      const row = inserted ?? (await repo.find(input.deal.dealershipId, input.deal.id, rebate.id));
      return { ok: true, value: toRebateApplicationWire(row!), created: inserted !== null };
    },
  };
}
export type RebateApplicationsService = ReturnType<typeof rebateApplicationsService>;
