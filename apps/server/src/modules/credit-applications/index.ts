import { randomBytes } from "node:crypto";
import { PERIODS_PER_YEAR, PERSONAL_DATA_RETENTION_DAYS, creditOrderStatus, dateInZone, dollarsToCents, isFinalCreditStatus } from "@showroom/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { creditApplicationLeads } from "../../workflows/credit-application-lead.ts";
import { WorkflowFailed } from "../../workflows/runner/step-runner.ts";
import { creditStepStatus, sendCreditApplication } from "../../workflows/credit-submission.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { creditApplicationLink, decisionEmail } from "./emails.ts";
import { simulatedLender } from "./lender.ts";
import type { CreditApplicationRow } from "./repo.ts";
import { creditApplicationRoutes } from "./routes.ts";
import { creditApplicationsService, resendDelayMs, type CreditApplicationsService, type CreditDeal } from "./service.ts";
import { creditApplicationStaffRoutes } from "./staff-routes.ts";

export type CreditJobsReport = { sent: number; stillQueued: number; decided: number; purged: number; idleDraftsDeleted: number; disposed: number };

declare module "fastify" {
  interface FastifyInstance {
    creditApplications: CreditApplicationsService & {
      /** The jobs runner's pass: sends queued applications, records lenders' answers, purges and disposes on time. */
      runJobs(): Promise<CreditJobsReport>;
    };
  }
}

const DAY_MS = 86_400_000;
const SYSTEM = { dealershipId: 0, sessionHash: "", staffOfDealership: true };

/**
 * Credit applications: the shopper's screens auto-saved with the SIN and the date of birth sealed, checked by the
 * shared schemas, sent to a lender (the built-in simulated one) by a workflow that never sends one twice, and
 * decided in about a minute; personal information goes 14 days after submission.
 */
export const creditApplicationsModule = fp(
  async (app: FastifyInstance) => {
    const { db, config, customers, orders, notifications } = app;
    const lender = simulatedLender({ db, now: app.now });
    const credit = creditApplicationsService({ db, now: app.now, encryptionKey: config.dataEncryptionKey, lender });

    const workflow = sendCreditApplication({ credit, orders, now: app.now });
    app.workflows.register(workflow as never);

    /** The deal's figures, from its stored payment option as priced (amount financed, the program's last day). */
    async function dealOf(owner: { dealershipId: number; customerId: number }, orderId: number, dealership: DealershipRow): Promise<CreditDeal | null> {
      const order = await orders.find(owner, orderId);
      if (!order) return null;
      const paymentType = order.paymentType ?? order.payment?.payment_type ?? null;
      const stored = order.paymentOptionUid && paymentType !== "cash" ? await app.pricing.usableOption(order.paymentOptionUid, { ...SYSTEM, dealershipId: dealership.id }) : null;
      const option = stored?.option ?? null;
      const financed = option?.finance ? dollarsToCents(option.finance.amount_financed) : option?.lease ? dollarsToCents(option.lease.adjusted_cap_cost) : null;
      const payment = order.payment;
      return {
        orderId,
        paymentType,
        amountFinancedCents: paymentType === "cash" ? null : financed,
        monthlyPaymentCents: payment ? Math.round((dollarsToCents(payment.payment) * PERIODS_PER_YEAR[payment.payment_frequency ?? "monthly"]) / 12) : null,
        programValidTo: option?.expiry_date ?? null,
        creditScore: order.paymentCreditScore,
        today: dateInZone(app.now().getTime(), dealership.timeZone),
      };
    }

    /** Runs the sending workflow; a technical error leaves the application queued, to be sent again later. */
    async function send(row: CreditApplicationRow): Promise<boolean> {
      const attempt = row.sendAttempts + 1;
      await credit.repo.update(row.id, { sendAttempts: attempt, updatedAt: app.now() });
      try {
        await app.workflows.run(workflow, `${row.id}:${attempt}:${randomBytes(4).toString("hex")}`, {
          applicationId: row.id,
          dealershipId: row.dealershipId,
          customerId: row.customerId,
          orderId: row.orderId,
          lenderKey: `credit-application:${row.id}:${row.submittedAt!.getTime()}`,
        });
        return true;
      } catch (error) {
        if (!(error instanceof WorkflowFailed)) throw error;
        const retryAt = new Date(app.now().getTime() + resendDelayMs(attempt));
        await credit.repo.updateIfStatus(row.id, ["queued"], { nextAttemptAt: retryAt, lastError: error.reason.slice(0, 500), updatedAt: app.now() });
        // Support is told (an alert on the error log): the shopper was told it is saved and will be sent.
        app.log.error({ alert: "credit_application_not_sent", application: row.id, step: error.step, reason: error.reason, retry_at: retryAt }, "a credit application could not be sent; it stays queued");
        return false;
      }
    }

    async function decided(dealership: DealershipRow, row: CreditApplicationRow) {
      const owner = { dealershipId: row.dealershipId, customerId: row.customerId };
      await orders.setCreditApplication(
        owner,
        row.orderId,
        {
          credit_application_status: creditOrderStatus(row.status).order,
          decision_datetime: row.decidedAt?.toISOString() ?? null,
          ...(row.status === "further_verification" && { verify_request_datetime: row.decidedAt?.toISOString() ?? null }),
        },
        creditStepStatus(row.status),
      );
      const customer = await customers.byId(dealership.id, row.customerId);
      if (!customer || !row.decision) return;
      const mail = decisionEmail({
        language: row.language,
        dealerName: dealership.name,
        firstName: customer.firstName || String(row.screens.applicant?.["first_name"] ?? ""),
        link: creditApplicationLink(config.publicUrl, dealership.code, row.orderId, row.language),
        decision: row.decision.status,
        notice: row.adverseAction,
        demonstration: lender.demonstration,
      });
      await notifications.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language: row.language });
    }

    async function refreshDecision(dealership: DealershipRow, row: CreditApplicationRow) {
      const synced = await credit.syncDecision(row, { name: dealership.name, address: dealership.profile.full_address, phone: dealership.profile.phone });
      if (synced.decidedNow) await decided(dealership, synced.row);
      return synced.row;
    }

    async function runJobs(): Promise<CreditJobsReport> {
      const report: CreditJobsReport = { sent: 0, stillQueued: 0, decided: 0, purged: 0, idleDraftsDeleted: 0, disposed: 0 };
      const at = app.now();
      for (const row of await credit.repo.dueToSend(at)) {
        if (await send(row)) report.sent++;
        else report.stillQueued++;
      }
      for (const row of await credit.repo.awaitingLender()) {
        const dealership = await app.dealerships.byId(row.dealershipId);
        if (!dealership) continue;
        const after = await refreshDecision(dealership, row);
        if (isFinalCreditStatus(after.status)) report.decided++;
      }
      const retentionStart = new Date(at.getTime() - PERSONAL_DATA_RETENTION_DAYS * DAY_MS);
      for (const row of await credit.repo.dueForPurge(retentionStart)) {
        if (await credit.purgePersonalData(row)) report.purged++;
      }
      // A draft left alone as long goes whole (a new one starts empty if the shopper comes back).
      for (const { id } of await credit.repo.idleDrafts(retentionStart)) {
        await credit.repo.remove(id);
        report.idleDraftsDeleted++;
      }
      for (const row of await credit.repo.dueForDisposal(at)) {
        await credit.repo.remove(row.id);
        report.disposed++;
      }
      return report;
    }

    app.decorate("creditApplications", Object.assign(credit, { runJobs }));

    await app.register(
      creditApplicationRoutes({
        credit,
        dealOf,
        send,
        refreshDecision,
        submitted: creditApplicationLeads({ db, dealerships: app.dealerships, inventory: app.inventory, now: app.now, customers, orders }),
        now: app.now,
      }),
    );
    await app.register(creditApplicationStaffRoutes({ credit, customers, now: app.now }));
  },
  { name: "credit-applications", dependencies: ["customers", "orders", "pricing", "inventory", "notifications", "dealerships", "workflows"] },
);
