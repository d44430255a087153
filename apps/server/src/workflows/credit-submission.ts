import { STEP_STATUS, creditOrderStatus, lenderRequestOf, type CreditApplicationStatus, type StepStatuses } from "@showroom/domain";
import type { CreditApplicationsService } from "../modules/credit-applications/service.ts";
import { resendDelayMs } from "../modules/credit-applications/service.ts";
import type { OrdersService } from "../modules/orders/service.ts";
import { defineWorkflow, type Step } from "./runner/step-runner.ts";

/**
 * Sending a credit application: the lender receives it, then the deal shows it. The lender is called with a key
 * made once per submission (`lenderKey`), so every retry of this workflow (a timeout, a crash recovered at start-up,
 * the jobs runner after a technical error) reaches the same file at the lender: never lost, never sent twice. Undoing
 * the lender step does not withdraw the file: the application goes back to the queue and is sent again with the key.
 */
export type CreditSubmissionDeps = {
  credit: Pick<CreditApplicationsService, "repo" | "lender" | "fullScreens">;
  orders: Pick<OrdersService, "find" | "setCreditApplication">;
  now: () => Date;
};

export type CreditSubmissionInput = { applicationId: number; dealershipId: number; customerId: number; orderId: number; lenderKey: string };

const SYSTEM = { kind: "system", id: null } as const;

/** The credit-app step of the deal for an application's status (the contract's numbers). */
export function creditStepStatus(status: CreditApplicationStatus): StepStatuses["credit-app"] {
  const step = creditOrderStatus(status).step;
  if (step === "awaiting-dealer") return STEP_STATUS.awaiting_dealer;
  if (step === "awaiting-customer") return STEP_STATUS.awaiting_customer;
  if (step === "initial") return STEP_STATUS.initial;
  return STEP_STATUS.completed;
}

function sendStep(deps: CreditSubmissionDeps): Step<CreditSubmissionInput> {
  const { repo, lender } = deps.credit;
  return {
    name: "send-to-lender",
    async invoke({ input }) {
      const row = await repo.byId(input.applicationId);
      if (!row) throw new Error("the application is gone");
      if (row.status !== "queued" && row.lenderReference) return { reference: row.lenderReference };
      if (row.status !== "queued") throw new Error(`the application is ${row.status}, not queued`);
      // The intent first: a crash after the lender answered is recovered by calling again with the same key.
      await repo.submissionIntent({ applicationId: row.id, lender: lender.name, idempotencyKey: input.lenderKey, at: deps.now() });
      const screens = await deps.credit.fullScreens(row, "submission", SYSTEM);
      const withCoApplicant = row.screens.acknowledgement?.with_co_applicant === true;
      const request = lenderRequestOf({
        country: row.country,
        screens,
        withCoApplicant,
        amountFinancedCents: row.amountFinancedCents ?? 0,
        monthlyPaymentCents: row.monthlyPaymentCents ?? 0,
        creditScore: row.creditScore,
      });
      const identity = (withCoApplicant ? (["applicant", "co_applicant"] as const) : (["applicant"] as const)).map((person) => ({
        role: person,
        first_name: String(screens[person]?.["first_name"] ?? ""),
        last_name: String(screens[person]?.["last_name"] ?? ""),
        date_of_birth: String(screens[person]?.["date_of_birth"] ?? ""),
        sin: typeof screens[person]?.["sin"] === "string" ? String(screens[person]?.["sin"]) : null,
      }));
      const { reference } = await lender.submit(input.lenderKey, { dealershipId: row.dealershipId, applicationId: row.id, request, identity });
      await repo.submissionSent(input.lenderKey, reference, deps.now());
      await repo.updateIfStatus(row.id, ["queued"], { status: "pending", lenderReference: reference, nextAttemptAt: null, lastError: null, updatedAt: deps.now() });
      return { reference };
    },
    async compensate(_output, { input }) {
      const row = await repo.byId(input.applicationId);
      await repo.updateIfStatus(input.applicationId, ["pending"], { status: "queued", nextAttemptAt: new Date(deps.now().getTime() + resendDelayMs(row?.sendAttempts ?? 1)), updatedAt: deps.now() });
    },
  };
}

type DealBefore = { details: Record<string, unknown>; step: number | null };

function dealStep(deps: CreditSubmissionDeps): Step<CreditSubmissionInput> {
  const owner = (input: CreditSubmissionInput) => ({ dealershipId: input.dealershipId, customerId: input.customerId });
  return {
    name: "update-deal",
    async invoke({ input }): Promise<DealBefore> {
      const order = await deps.orders.find(owner(input), input.orderId);
      const row = await deps.credit.repo.byId(input.applicationId);
      if (!order || !row) throw new Error("the deal is gone");
      const before: DealBefore = {
        details: {
          credit_application_status: order.details["credit_application_status"] ?? null,
          submit_datetime: order.details["submit_datetime"] ?? null,
          show_credit_app_result: order.details["show_credit_app_result"] ?? false,
        },
        step: order.stepStatuses["credit-app"] ?? null,
      };
      await deps.orders.setCreditApplication(
        owner(input),
        input.orderId,
        { credit_application_status: creditOrderStatus("pending").order, submit_datetime: row.submittedAt?.toISOString() ?? null, show_credit_app_result: true },
        creditStepStatus("pending"),
      );
      return before;
    },
    async compensate(output, { input }) {
      const before = output as DealBefore;
      await deps.orders.setCreditApplication(owner(input), input.orderId, before.details, (before.step ?? STEP_STATUS.initial) as StepStatuses["credit-app"]);
    },
  };
}

export const sendCreditApplication = (deps: CreditSubmissionDeps) => defineWorkflow<CreditSubmissionInput>("credit-application-send", [sendStep(deps), dealStep(deps)]);
