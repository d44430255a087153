import { randomBytes } from "node:crypto";
import { decideCredit, lenderDelayMs, type CreditDecision, type CreditReason, type LenderRequest } from "@showroom/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { simulatedLenderFiles } from "./tables.ts";

/** What a lender receives: the figures it decides on, and who the applicants are (the SIN only when given). */
export type LenderFile = {
  dealershipId: number;
  applicationId: number;
  request: LenderRequest;
  identity: { role: "applicant" | "co_applicant"; first_name: string; last_name: string; date_of_birth: string; sin: string | null }[];
};

export type LenderAnswer = { state: "pending" } | { state: "decided"; status: CreditDecision; reasons: CreditReason[]; score: number | null };

/**
 * A lender (or a credit platform reaching several) as this product calls it. `submit` must honour the idempotency
 * key: called again with it (a retry after a timeout or a crash), it answers the file the first call made.
 */
export interface CreditLender {
  readonly name: string;
  /** A stand-in for a real lender: its decisions are labelled as a demonstration. */
  readonly demonstration: boolean;
  submit(idempotencyKey: string, file: LenderFile): Promise<{ reference: string }>;
  status(reference: string): Promise<LenderAnswer>;
}

/**
 * The built-in lender: it decides by the documented rules of `decideCredit` (income against payments, amount
 * financed, time at job and address, and in the US the deal's credit score) and answers 15 to 35 seconds later.
 */
export function simulatedLender(deps: { db: Db; now: () => Date }): CreditLender {
  const { db, now } = deps;
  return {
    name: "simulated",
    demonstration: true,
    async submit(idempotencyKey, file) {
      const answer = decideCredit(file.request);
      const receivedAt = now();
      await db
        .insert(simulatedLenderFiles)
        .values({
          idempotencyKey,
          reference: `SIM-${randomBytes(6).toString("hex").toUpperCase()}`,
          dealershipId: file.dealershipId,
          decision: { status: answer.decision, reasons: answer.reasons, score: file.request.country === "US" ? file.request.creditScore : null },
          receivedAt,
          answersAt: new Date(receivedAt.getTime() + lenderDelayMs(file.applicationId)),
        })
        .onConflictDoNothing();
      const [row] = await db.select({ reference: simulatedLenderFiles.reference }).from(simulatedLenderFiles).where(eq(simulatedLenderFiles.idempotencyKey, idempotencyKey));
      return { reference: row!.reference };
    },
    async status(reference) {
      const [row] = await db.select().from(simulatedLenderFiles).where(eq(simulatedLenderFiles.reference, reference));
      if (!row) throw new Error(`the lender has no file ${reference}`);
      if (row.answersAt > now()) return { state: "pending" };
      return { state: "decided", ...row.decision };
    },
  };
}
