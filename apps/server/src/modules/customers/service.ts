import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  maskEmail,
  reentryCodeEmail,
  signInPausedEmail,
  type CustomerUser,
  type Registration,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import {
  CODE_LOCK_MS,
  CODE_REQUESTS_PER_ACCOUNT,
  CODE_REQUEST_WINDOW_MS,
  CODE_TTL_MS,
  claimOneTimeCode,
  MAX_FAILED_SIGN_INS,
  hmacHex,
  newOneTimeCode,
  sameHash,
} from "../../platform/one-time-codes.ts";
import { customersRepo, type CustomerRow } from "./repo.ts";

export type { CustomerRow };

/** A tokenized link only starts a code sign-in, so it may live long enough to be found in a mailbox. */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export type EmailMessage = { dealershipId: number; to: string; subject: string; text: string; language: "en" | "fr" };
export type Mailer = { queueEmail(db: Db, message: EmailMessage): Promise<void> };

type Dealership = { id: number; code: string; name: string };

/** How long sign-in by code stays paused for the customer; 0 when it is not. */
const lockRemainingMs = (row: CustomerRow, at: Date) => Math.max(0, (row.codeLockedUntil?.getTime() ?? 0) - at.getTime());

const fullName = (row: Pick<CustomerRow, "firstName" | "lastName">) => `${row.firstName} ${row.lastName}`.trim();

export function customersService(deps: { db: Db; secret: string; now: () => Date; mailer: Mailer }) {
  const { db, secret, now, mailer } = deps;
  const repo = customersRepo(db);
  const removalListeners: ((customer: { dealershipId: number; id: number }) => Promise<void>)[] = [];

  const emailHash = (dealershipId: number, email: string) => createHash("sha256").update(`${dealershipId}:${email}`).digest("hex");
  const codeHash = (hashOfEmail: string, code: string) => hmacHex(secret, "code", hashOfEmail, code);
  const sign = (payload: string) => createHmac("sha256", secret).update(`reentry:${payload}`).digest("base64url");

  function tokenFor(row: CustomerRow): string {
    const payload = Buffer.from(JSON.stringify({ c: row.id, d: row.dealershipId, e: now().getTime() + TOKEN_TTL_MS })).toString("base64url");
    return `${payload}.${sign(payload)}`;
  }

  /** The customer a re-entry token names, or null when it is malformed, tampered with, expired or of another dealership. */
  async function customerOfToken(dealershipId: number, token: string): Promise<CustomerRow | null> {
    const [payload, mac] = token.split(".");
    if (!payload || !mac) return null;
    if (!sameHash(sign(payload), mac)) return null;
    let claims: { c?: unknown; d?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
    } catch {
      return null;
    }
    if (typeof claims.c !== "number" || claims.d !== dealershipId || typeof claims.e !== "number" || claims.e <= now().getTime()) return null;
    return repo.byId(dealershipId, claims.c);
  }

  function tokenizedUrl(origin: string, dealership: Dealership, row: CustomerRow) {
    return `${origin}/${row.language}/${dealership.code}/orders/?expired=1&token=${tokenFor(row)}`;
  }

  function toCustomerUser(row: CustomerRow, dealership: Dealership, origin: string, salespersonEmail: string | null = null): CustomerUser {
    const name = fullName(row);
    return {
      id: row.id,
      uid: row.uid,
      dealership: dealership.code,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: name,
      name_or_email: name || row.email,
      phone: row.phone,
      language: row.language,
      lead_type: row.leadType,
      postal_code: row.postalCode,
      preferred_method_of_contact: row.preferredMethodOfContact,
      adobe_tracking_id: row.adobeTrackingId,
      dealer_user: row.dealerUserId,
      email_sha_256: createHash("sha256").update(row.email).digest("hex"),
      has_volkswagen_id: row.hasVolkswagenId,
      send_invitation_email: row.sendInvitationEmail,
      send_lead_to_crm: row.sendLeadToCrm,
      tokenized_url: tokenizedUrl(origin, dealership, row),
      source: row.source,
      cat_id: row.catId,
      salesperson_email: salespersonEmail,
    };
  }

  return {
    toCustomerUser,
    tokenizedUrl,
    /** The customer as a deal names them (with their re-entry link), or null when not of this dealership. */
    async dealCustomer(dealership: Dealership, customerId: number, origin: string) {
      const row = await repo.byId(dealership.id, customerId);
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        full_name: `${row.firstName} ${row.lastName}`.trim(),
        phone: row.phone,
        firstName: row.firstName,
        language: row.language,
        tokenized_url: tokenizedUrl(origin, dealership, row),
      };
    },
    customerOfToken,
    byId: (dealershipId: number, id: number) => repo.byId(dealershipId, id),
    byEmail: (dealershipId: number, email: string) => repo.byEmail(dealershipId, email),
    search: (dealershipId: number, filter: { text?: string | undefined; visibleTo?: number | undefined }, offset: number, limit: number) =>
      repo.search(dealershipId, filter, offset, limit),

    /** Creates the customer with the consents it gave; null when the email is taken at this dealership. */
    async register(tx: Db, input: { dealership: Dealership; registration: Registration; language: "en" | "fr"; staffUserId: number | null }) {
      const { registration: r } = input;
      const at = now();
      const txRepo = customersRepo(tx);
      const row = await txRepo.insertCustomer({
        uid: randomBytes(12).toString("hex"),
        dealershipId: input.dealership.id,
        email: r.email,
        firstName: r.first_name ?? "",
        lastName: r.last_name ?? "",
        phone: r.phone ?? null,
        postalCode: r.postal_code ?? null,
        language: input.language,
        leadType: r.lead_type ?? null,
        preferredMethodOfContact: r.preferred_method_of_contact,
        adobeTrackingId: r.adobe_tracking_id ?? null,
        dealerUserId: input.staffUserId,
        sendInvitationEmail: input.staffUserId !== null && r.send_invitation_email === true,
        sendLeadToCrm: r.send_lead_to_crm,
        notifyMe: r.notify_me,
        source: input.staffUserId !== null ? "dealer" : "storefront",
        catId: r.cat_id ?? null,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) return null;
      const consent = r.base_consents_responses;
      if (consent.disclosure_tokenization !== undefined || consent.terms_and_conditions != null) {
        await txRepo.insertConsent({
          dealershipId: input.dealership.id,
          customerId: row.id,
          disclosureTokenization: consent.disclosure_tokenization ?? null,
          termsAndConditions: consent.terms_and_conditions ?? null,
          createdAt: at,
        });
      }
      return row;
    },

    /**
     * Sends a 6-digit code to a known email. Whatever the email, the answer is the same masked email and
     * the same work is done (a code row, at most one mail), so the call does not reveal who has an
     * account. Throttled per email. While sign-in is paused the owner is told so by email instead.
     */
    async requestCode(input: { dealership: Dealership; email: string; sessionHash: string }) {
      const at = now();
      const hashOfEmail = emailHash(input.dealership.id, input.email);
      const recent = await repo.codeRequestsSince(input.dealership.id, hashOfEmail, new Date(at.getTime() - CODE_REQUEST_WINDOW_MS));
      if (recent >= CODE_REQUESTS_PER_ACCOUNT) return { outcome: "throttled" as const, retryAfterSeconds: CODE_REQUEST_WINDOW_MS / 1000 };
      const customer = await repo.byEmail(input.dealership.id, input.email);
      const pausedMs = customer ? lockRemainingMs(customer, at) : 0;
      const code = newOneTimeCode();
      await db.transaction(async (tx) => {
        await customersRepo(tx).insertCode({
          dealershipId: input.dealership.id,
          emailHash: hashOfEmail,
          customerId: customer?.id ?? null,
          codeHash: customer && pausedMs === 0 ? codeHash(hashOfEmail, code) : null,
          sessionHash: input.sessionHash,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        });
        if (!customer) return;
        const mail =
          pausedMs > 0
            ? signInPausedEmail({ language: customer.language, dealerName: input.dealership.name, firstName: customer.firstName, minutes: Math.ceil(pausedMs / 60_000) })
            : reentryCodeEmail({ language: customer.language, dealerName: input.dealership.name, firstName: customer.firstName, code, minutes: CODE_TTL_MS / 60_000 });
        await mailer.queueEmail(tx, { dealershipId: input.dealership.id, to: customer.email, ...mail, language: customer.language });
      });
      // Phone and name would tell who has an account (and the code goes by email only).
      return { outcome: "sent" as const, masked: { email: maskEmail(input.email), phone: null, name: null } };
    },

    /**
     * Checks a code asked for by this session. Each try is claimed atomically before comparing, so
     * parallel guesses cannot exceed the 5 tries; a right code works once. Only a wrong guess at a code
     * really sent to the customer counts towards pausing sign-in, so nobody can lock out an account by
     * guessing at an email; a paused account answers like any wrong code.
     */
    async verifyCode(input: { dealership: Dealership; email: string; code: string; sessionHash: string }) {
      const at = now();
      const hashOfEmail = emailHash(input.dealership.id, input.email);
      const customer = await repo.byEmail(input.dealership.id, input.email);
      if (!customer || lockRemainingMs(customer, at) > 0) return { outcome: "incorrect" as const };
      const row = await repo.latestCode(input.dealership.id, hashOfEmail, input.sessionHash);
      const sent = row !== null && row.codeHash !== null && row.customerId === customer.id && row.expiresAt > at;
      const claim = sent ? await claimOneTimeCode(repo, { id: row.id, codeHash: row.codeHash! }, codeHash(hashOfEmail, input.code), at) : "spent";
      if (claim === "spent") return { outcome: "incorrect" as const };
      if (claim === "accepted") {
        const signedIn = await repo.updateCustomer(customer.id, { failedCodeAttempts: 0, codeLockedUntil: null, updatedAt: at });
        return { outcome: "verified" as const, customer: signedIn };
      }
      await repo.addFailedCodeAttempt(customer.id, MAX_FAILED_SIGN_INS, new Date(at.getTime() + CODE_LOCK_MS));
      return { outcome: "incorrect" as const };
    },

    /** A customer the manufacturer's identity provider vouched for (a verified email); null when the email is taken here. */
    async createFromIdentity(input: { dealershipId: number; email: string; firstName: string; lastName: string; language: "en" | "fr" }) {
      const at = now();
      return repo.insertCustomer({
        uid: randomBytes(12).toString("hex"),
        dealershipId: input.dealershipId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language,
        source: "volkswagen_id",
        hasVolkswagenId: true,
        createdAt: at,
        updatedAt: at,
      });
    },
    async update(id: number, values: Parameters<ReturnType<typeof customersRepo>["updateCustomer"]>[1]) {
      return repo.updateCustomer(id, { ...values, updatedAt: now() });
    },
    /** Runs before a customer is deleted, for what other modules keep outside the database (a trade-in's photo files). */
    beforeRemove(listener: (customer: { dealershipId: number; id: number }) => Promise<void>) {
      removalListeners.push(listener);
    },
    async remove(row: { dealershipId: number; id: number }) {
      for (const listener of removalListeners) await listener(row);
      await repo.deleteCustomer(row.id);
    },
    async recordConsent(values: { dealershipId: number; customerId: number; disclosureTokenization: boolean | null; termsAndConditions: boolean | null }) {
      return repo.insertConsent({ ...values, createdAt: now() });
    },
    async logCrmEvent(values: { dealershipId: number; customerId: number | null; event: string; orderId: number | null; vehicleId: number | null }) {
      await repo.insertCrmEvent({ ...values, createdAt: now() });
    },
    /** Links an external trade-in estimate to the customer; the campaign id is kept only when none is on file. */
    async linkEstimate(row: CustomerRow, input: { cat_id: string; eti_id: string }) {
      return repo.updateCustomer(row.id, {
        etiIds: row.etiIds.includes(input.eti_id) ? row.etiIds : [...row.etiIds, input.eti_id],
        catId: row.catId ?? input.cat_id,
        updatedAt: now(),
      });
    },
  };
}
export type CustomersService = ReturnType<typeof customersService>;
