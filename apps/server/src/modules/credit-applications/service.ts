import {
  CONSENT_SECTIONS,
  CREDIT_REASON_TEXT,
  MIN_AMOUNT_FINANCED_CENTS,
  PERSONAL_DATA_RETENTION_DAYS,
  US_RECORD_RETENTION_MONTHS,
  adverseActionNotice,
  cents,
  centsToDecimalString,
  creditApplicationBlock,
  creditCustomerState,
  creditOrderStatus,
  isFinalCreditStatus,
  isSin,
  maskSin,
  personalDataPurgeAt,
  usRecordDisposalAt,
  validationMessage,
  type CreditApplicationWire,
  type CreditDraftScreens,
  type CreditScreen,
  type PaymentType,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { decryptSecret, encryptSecret } from "../../platform/encryption.ts";
import { SchemaErrors } from "../../platform/http-errors.ts";
import type { CreditLender } from "./lender.ts";
import { creditApplicationsRepo, type CreditApplicationRow, type CreditOwner } from "./repo.ts";
import type { SealedField } from "./tables.ts";

/** Who opens personal data: recorded with every decryption. */
export type CreditActor = { kind: "customer" | "staff" | "system"; id: number | null };

/** The deal's figures an application is checked and sent with (the stored payment option, as priced). */
export type CreditDeal = {
  orderId: number;
  paymentType: PaymentType | null;
  amountFinancedCents: number | null;
  monthlyPaymentCents: number | null;
  /** The last day of the rate program the payment was priced with (YYYY-MM-DD), or null. */
  programValidTo: string | null;
  creditScore: number;
  /** The dealership's today (YYYY-MM-DD). */
  today: string;
};

const PURPOSE = "credit-application";
const PEOPLE = ["applicant", "co_applicant"] as const;
type Person = (typeof PEOPLE)[number];
const CO_APPLICANT_SCREENS = ["co_applicant_acknowledgement", "co_applicant", "co_applicant_employment", "co_applicant_residential"] as const;
/** What a new application copies from the customer's earlier one: who they are, where they live and work, never consents. */
const PREFILLED_SCREENS = ["applicant", "employment", "residential", "co_applicant", "co_applicant_employment", "co_applicant_residential"] as const;
const SEALED_FIELDS: SealedField[] = ["applicant.sin", "applicant.date_of_birth", "co_applicant.sin", "co_applicant.date_of_birth"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** When a queued application is tried again after a technical error: 1, 2, 4 ... minutes, at most an hour. */
export const resendDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export function creditApplicationsService(deps: { db: Db; now: () => Date; encryptionKey: string; lender: CreditLender }) {
  const { now, encryptionKey, lender } = deps;
  const repo = creditApplicationsRepo(deps.db);
  const bound = (id: number, field: SealedField) => `credit_application:${id}:${field}`;
  const seal = (id: number, field: SealedField, value: string) => encryptSecret(encryptionKey, PURPOSE, value, bound(id, field));

  /** Decrypts the sealed fields asked for that the row holds; each one opened is recorded first. */
  async function open(row: CreditApplicationRow, fields: readonly SealedField[], purpose: "owner_read" | "staff_read" | "submission" | "prefill", actor: CreditActor) {
    const present = fields.filter((f) => row.sealed[f]);
    await repo.recordAccess(present.map((field) => ({ dealershipId: row.dealershipId, applicationId: row.id, field, purpose, actorKind: actor.kind, actorId: actor.id, at: now() })));
    const opened: Partial<Record<SealedField, string>> = {};
    for (const field of present) {
      const value = decryptSecret(encryptionKey, PURPOSE, row.sealed[field]!, bound(row.id, field));
      if (value !== null) opened[field] = value;
    }
    return opened;
  }

  /** The screens with the people's sealed fields put back (for checking and sending). */
  async function fullScreens(row: CreditApplicationRow, purpose: "submission" | "staff_read" | "owner_read", actor: CreditActor): Promise<CreditDraftScreens> {
    const opened = await open(row, SEALED_FIELDS, purpose, actor);
    const screens: CreditDraftScreens = { ...row.screens };
    for (const person of PEOPLE) {
      const sin = opened[`${person}.sin`];
      const dob = opened[`${person}.date_of_birth`];
      if (sin === undefined && dob === undefined) continue;
      screens[person] = { ...screens[person], ...(sin !== undefined && { sin }), ...(dob !== undefined && { date_of_birth: dob }) };
    }
    return screens;
  }

  async function createDraft(input: { owner: CreditOwner; orderId: number; variant: "FULL" | "SIMPLIFIED"; country: "CA" | "US"; language: "en" | "fr"; actor: CreditActor }) {
    const at = now();
    const created = await repo.insert({
      dealershipId: input.owner.dealershipId,
      customerId: input.owner.customerId,
      orderId: input.orderId,
      variant: input.variant,
      country: input.country,
      language: input.language,
      privacyNoticeShownAt: at,
      createdAt: at,
      updatedAt: at,
    });
    if (!created) return (await repo.ofOrder(input.owner, input.orderId))!;
    // The pre-filled notice: answers of the customer's earlier application (consents are always asked again).
    const earlier = await repo.latestWithAnswers(input.owner, input.orderId);
    if (!earlier) return created;
    const screens: CreditDraftScreens = {};
    for (const screen of PREFILLED_SCREENS) if (earlier.screens[screen]) screens[screen] = earlier.screens[screen];
    if (Object.keys(screens).length === 0) return created;
    const opened = await open(earlier, SEALED_FIELDS, "prefill", input.actor);
    const sealed: CreditApplicationRow["sealed"] = {};
    for (const [field, value] of Object.entries(opened) as [SealedField, string][]) sealed[field] = seal(created.id, field, value);
    const withCoApplicant = earlier.screens.acknowledgement?.with_co_applicant === true && earlier.screens.co_applicant !== undefined;
    if (!withCoApplicant) for (const screen of CO_APPLICANT_SCREENS) delete screens[screen];
    return (await repo.update(created.id, {
      screens: withCoApplicant ? { ...screens, acknowledgement: { with_co_applicant: true } } : screens,
      sealed: withCoApplicant ? sealed : { "applicant.sin": sealed["applicant.sin"], "applicant.date_of_birth": sealed["applicant.date_of_birth"] },
      sinLastThree: withCoApplicant ? earlier.sinLastThree : { applicant: earlier.sinLastThree.applicant },
      prefilled: true,
      updatedAt: now(),
    }))!;
  }

  /**
   * Merges what the shopper typed into the draft: each screen sent replaces the stored one. The SIN and the date of
   * birth are sealed, never stored readable; "" or null removes one; without a co-applicant their screens go.
   */
  async function saveDraft(row: CreditApplicationRow, input: { screens: CreditDraftScreens; current_screen?: CreditScreen | undefined }) {
    const screens: CreditDraftScreens = { ...row.screens };
    const sealed = { ...row.sealed };
    const lastThree = { ...row.sinLastThree };
    const problems: { path: string[]; message: string }[] = [];
    for (const [screen, given] of Object.entries(input.screens) as [keyof CreditDraftScreens, Record<string, string | number | boolean | null>][]) {
      const values = { ...given };
      if (screen === "applicant" || screen === "co_applicant") {
        const person: Person = screen;
        if ("sin" in values) {
          const sin = values["sin"];
          delete values["sin"];
          if (sin === "" || sin === null) {
            delete sealed[`${person}.sin`];
            delete lastThree[person];
          } else if (typeof sin === "string" && isSin(sin)) {
            const digits = sin.replace(/\D/g, "");
            sealed[`${person}.sin`] = seal(row.id, `${person}.sin`, digits);
            lastThree[person] = digits.slice(-3);
          } else problems.push({ path: ["screens", screen, "sin"], message: validationMessage("sin") });
        }
        if ("date_of_birth" in values) {
          const dob = values["date_of_birth"];
          delete values["date_of_birth"];
          if (dob === "" || dob === null) delete sealed[`${person}.date_of_birth`];
          else if (typeof dob === "string" && DATE.test(dob)) sealed[`${person}.date_of_birth`] = seal(row.id, `${person}.date_of_birth`, dob);
          else problems.push({ path: ["screens", screen, "date_of_birth"], message: validationMessage("date") });
        }
      }
      screens[screen] = values;
    }
    if (problems.length > 0) throw new SchemaErrors(problems);
    // Removing the co-applicant removes everything they gave.
    if (screens.acknowledgement?.with_co_applicant === false) {
      for (const screen of CO_APPLICANT_SCREENS) delete screens[screen];
      delete sealed["co_applicant.sin"];
      delete sealed["co_applicant.date_of_birth"];
      delete lastThree.co_applicant;
    }
    return (await repo.update(row.id, { screens, sealed, sinLastThree: lastThree, ...(input.current_screen && { currentScreen: input.current_screen }), updatedAt: now() }))!;
  }

  /** The application as the contract shows it: the SIN masked; the date of birth opened (and recorded) for the reader. */
  async function present(row: CreditApplicationRow, context: { deal: CreditDeal | null; viewer: CreditActor; demonstration: boolean }): Promise<CreditApplicationWire> {
    const purged = row.personalDataPurgedAt !== null;
    const opened = purged ? {} : await open(row, ["applicant.date_of_birth", "co_applicant.date_of_birth"], context.viewer.kind === "staff" ? "staff_read" : "owner_read", context.viewer);
    const screens: CreditDraftScreens = { ...row.screens };
    for (const person of PEOPLE) {
      const dob = opened[`${person}.date_of_birth`];
      if (dob !== undefined) screens[person] = { ...screens[person], date_of_birth: dob };
    }
    const order = creditOrderStatus(row.status);
    const deal = context.deal;
    const amountFinanced = row.submittedAt ? row.amountFinancedCents : (deal?.amountFinancedCents ?? null);
    const consents = await repo.consentsOf(row.id);
    return {
      id: row.id,
      order: row.orderId,
      variant: row.variant,
      country: row.country,
      status: row.status,
      customer_state: creditCustomerState(row.status, row.submittedAt, now()),
      order_status: order.order,
      screens,
      current_screen: row.currentScreen,
      with_co_applicant: row.variant === "FULL" && row.screens.acknowledgement?.with_co_applicant === true,
      sin_on_file: {
        applicant: row.sinLastThree.applicant ? maskSin(row.sinLastThree.applicant) : null,
        co_applicant: row.sinLastThree.co_applicant ? maskSin(row.sinLastThree.co_applicant) : null,
      },
      prefilled: row.prefilled,
      consents: consents.map((c) => ({ applicant: c.applicant, section: c.section, answer: c.answer, language: c.language, recorded_at: c.recordedAt.toISOString() })),
      payment_type: row.submittedAt ? row.paymentType : (deal?.paymentType ?? null),
      amount_financed: amountFinanced === null ? null : centsToDecimalString(cents(amountFinanced)),
      minimum_amount_financed: centsToDecimalString(cents(MIN_AMOUNT_FINANCED_CENTS)),
      blocked: row.status === "draft" && deal ? creditApplicationBlock(deal) : null,
      submitted_at: row.submittedAt?.toISOString() ?? null,
      decided_at: row.decidedAt?.toISOString() ?? null,
      decision: row.decision && {
        status: row.decision.status,
        reasons: row.decision.reasons.map((code) => ({ code, text: CREDIT_REASON_TEXT[code][row.language] })),
      },
      adverse_action_notice: row.adverseAction,
      personal_data_purge_at: row.submittedAt && !purged ? personalDataPurgeAt(row.submittedAt, PERSONAL_DATA_RETENTION_DAYS).toISOString() : null,
      personal_data_purged: purged,
      demonstration_lender: context.demonstration,
      last_updated: row.updatedAt.toISOString(),
    };
  }

  /**
   * Asks the lender about a pending application and records a final answer once (a conditional update, so two
   * processes do not both act on it). A US decline gets its adverse-action notice in the dealership's name.
   */
  async function syncDecision(row: CreditApplicationRow, dealer: { name: string; address: string; phone: string }): Promise<{ row: CreditApplicationRow; decidedNow: boolean }> {
    if (row.status !== "pending" || !row.lenderReference) return { row, decidedNow: false };
    const answer = await lender.status(row.lenderReference);
    if (answer.state === "pending") return { row, decidedNow: false };
    const at = now();
    const applicant = row.screens.applicant ?? {};
    const notice =
      answer.status === "declined" && row.country === "US"
        ? adverseActionNotice({
            language: row.language,
            applicantName: [applicant["first_name"], applicant["last_name"]].filter((p) => typeof p === "string" && p).join(" "),
            date: at.toISOString().slice(0, 10),
            dealer,
            reasons: answer.reasons,
            score: answer.score ? { value: answer.score, date: at.toISOString().slice(0, 10) } : null,
          })
        : null;
    const decided = await repo.updateIfStatus(row.id, ["pending"], {
      status: answer.status,
      decision: { status: answer.status, reasons: answer.reasons, score: answer.score },
      adverseAction: notice,
      decidedAt: at,
      updatedAt: at,
    });
    return decided ? { row: decided, decidedNow: true } : { row: (await repo.byId(row.id)) ?? row, decidedNow: false };
  }

  /**
   * Fourteen days after submission the personal information goes: in Canada it is deleted; a US application's
   * record (answers, sealed fields and notice) is first sealed whole and kept 25 months (Reg B 1002.12(b)).
   */
  async function purgePersonalData(row: CreditApplicationRow) {
    const at = now();
    const archive =
      row.country === "US"
        ? encryptSecret(encryptionKey, `${PURPOSE}-archive`, JSON.stringify({ screens: row.screens, sealed: row.sealed, sin_last_three: row.sinLastThree, adverse_action: row.adverseAction }), `credit_application:${row.id}:archive`)
        : null;
    return repo.update(row.id, {
      screens: {},
      sealed: {},
      sinLastThree: {},
      adverseAction: null,
      currentScreen: null,
      archive,
      disposeAt: archive && row.submittedAt ? usRecordDisposalAt(row.submittedAt, US_RECORD_RETENTION_MONTHS) : null,
      personalDataPurgedAt: at,
      updatedAt: at,
    });
  }

  /**
   * The application leaves the shopper's hands: each applicant's consents are recorded (before any bureau pull, in
   * the language they were given in), the deal's figures are kept as sent, and it waits in the queue for the lender.
   * Null when it was no longer a draft (sent twice at once).
   */
  async function queue(row: CreditApplicationRow, deal: CreditDeal, context: { language: "en" | "fr" }) {
    const at = now();
    const withCoApplicant = row.variant === "FULL" && row.screens.acknowledgement?.with_co_applicant === true;
    const given = [
      { applicant: "applicant" as const, answers: row.screens.consent ?? {}, joint: withCoApplicant ? row.screens.acknowledgement?.joint_intent : undefined },
      ...(withCoApplicant ? [{ applicant: "co_applicant" as const, answers: row.screens.co_applicant_acknowledgement ?? {}, joint: row.screens.co_applicant_acknowledgement?.joint_intent }] : []),
    ];
    const queued = await repo.updateIfStatus(row.id, ["draft"], {
      status: "queued",
      submittedAt: at,
      language: context.language,
      paymentType: deal.paymentType,
      amountFinancedCents: deal.amountFinancedCents,
      monthlyPaymentCents: deal.monthlyPaymentCents,
      // Canada has no credit scores (spec 5).
      creditScore: row.country === "US" && deal.creditScore > 0 ? deal.creditScore : null,
      sendAttempts: 0,
      nextAttemptAt: at,
      updatedAt: at,
    });
    if (!queued) return null;
    await repo.recordConsents(
      given.flatMap(({ applicant, answers, joint }) => [
        ...CONSENT_SECTIONS.map((section) => ({ applicationId: row.id, applicant, section, answer: answers[section] === "yes" ? ("yes" as const) : ("no" as const), language: context.language, recordedAt: at })),
        ...(joint === undefined ? [] : [{ applicationId: row.id, applicant, section: "joint_intent", answer: joint === true ? ("yes" as const) : ("no" as const), language: context.language, recordedAt: at }]),
      ]),
    );
    return queued;
  }

  return { repo, lender, open, queue, blockOf: creditApplicationBlock, fullScreens, createDraft, saveDraft, present, syncDecision, purgePersonalData, isFinal: isFinalCreditStatus };
}
export type CreditApplicationsService = ReturnType<typeof creditApplicationsService>;
