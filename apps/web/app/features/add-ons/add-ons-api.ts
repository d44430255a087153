import {
  ADD_ON_PAGE_SIZE_MAX,
  type AccessoryQuestion,
  type AccessoryConflictBody,
  type AccessoryPage,
  type AccessoryWire,
  type PaymentType,
  type ProtectionPlanWire,
} from "@showroom/domain";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";

/** The deal a plan's price is asked for: the payment shown (its type, term and yearly distance). */
export type PlanDealQuery = { payment_type: PaymentType; term: number | null; distance_allowance: number | null };

export type ConfigureOutcome =
  | { status: "ok"; selected: number[]; removed: number[] }
  | { status: "conflict"; conflicts: AccessoryConflictBody["conflicts"] };

/** The accessory and protection-plan calls (contract section 7), on the shell's quiet client: the dialogs show their own errors. */
export function createAddOnsApi(client: ApiClient) {
  return {
    /** Every accessory that fits the vehicle: the first page says how many there are, the others are fetched in parallel. */
    async accessories(vehicleId: number): Promise<{ items: AccessoryWire[]; preInstalled: AccessoryWire[] }> {
      const page = (n: number) => client.get<AccessoryPage>(`/api/accessories/?vehicle=${vehicleId}&page=${n}&page_size=${ADD_ON_PAGE_SIZE_MAX}`);
      const first = await page(1);
      const rest = await Promise.all(Array.from({ length: first.last - 1 }, (_, i) => page(i + 2)));
      return { items: [first, ...rest].flatMap((p) => p.results), preInstalled: first.pre_installed };
    },

    /** Adds or removes one accessory (force: replacing what conflicts with it); a conflict is an answer, not an error. */
    async configure(vehicleId: number, body: { selected: number[]; operand: "add" | "remove"; accessory_id: number; force: boolean }): Promise<ConfigureOutcome> {
      try {
        const answer = await client.post<{ selected_accessories: number[]; removed: number[] }>(`/api/accessories/configure/?vehicle=${vehicleId}`, {
          force_operation: body.force,
          selected_accessories: body.selected,
          operand: body.operand,
          accessory_id: body.accessory_id,
        });
        return { status: "ok", selected: answer.selected_accessories, removed: answer.removed };
      } catch (error) {
        if (error instanceof ApiRequestError && error.failure.kind === "http" && error.failure.status === 409) {
          return { status: "conflict", conflicts: (error.failure.body as AccessoryConflictBody).conflicts };
        }
        throw error;
      }
    },

    /** The dealership's answers to what shoppers ask about accessories. */
    questions: () => client.get<{ results: AccessoryQuestion[] }>("/api/accessories/get_questions/").then((answer) => answer.results),

    /** Tells the dealership a plan was shown at its fallback price (no price entry fitted); a failure is swallowed, as the contract says. */
    logFallbackPrice(vehicleId: number, plan: ProtectionPlanWire, paymentType: PaymentType): void {
      if (plan.matched_price?.source !== "fallback") return;
      client
        .post("/api/protection-plans/log-fallback-price/", { plan: plan.id, vehicle: vehicleId, payment_type: paymentType, price: plan.matched_price.price })
        .catch(() => {});
    },

    /** Every plan offered for the vehicle, each priced for the deal (the one entry that fits, or why none does). */
    async plans(vehicleId: number, deal: PlanDealQuery): Promise<ProtectionPlanWire[]> {
      const answer = await client.post<{ plans: ProtectionPlanWire[] }>("/api/protection-plans/prepare-data/", {
        vehicle: vehicleId,
        payment: deal.payment_type,
        ...(deal.term !== null ? { term: deal.term } : {}),
        ...(deal.distance_allowance !== null ? { distance_allowance: deal.distance_allowance } : {}),
      });
      return answer.plans;
    },
  };
}
export type AddOnsApi = ReturnType<typeof createAddOnsApi>;
