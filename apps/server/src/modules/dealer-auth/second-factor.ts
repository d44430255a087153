import { staffCodeSms } from "@showroom/domain";
import { generateSecret, generateURI, verifySync } from "otplib";
import type { Db } from "../../db/client.ts";
import { decryptSecret, encryptSecret } from "../../platform/encryption.ts";
import {
  CODE_REQUESTS_PER_ACCOUNT,
  CODE_REQUEST_WINDOW_MS,
  CODE_TTL_MS,
  claimOneTimeCode,
  MAX_FAILED_SIGN_INS,
  hmacHex,
  newOneTimeCode,
  newSecretToken,
  sha256Hex,
} from "../../platform/one-time-codes.ts";
import { dealerUsersRepo, type DealerUserRow, type StaffCodeRow } from "./repo.ts";

/** Security reference: a remembered device skips the second factor for 30 days at most. */
export const REMEMBER_DEVICE_MS = 30 * 24 * 60 * 60_000;
export const TOTP_ISSUER = "Showroom";
const TOTP_PERIOD_S = 30;
const TOTP_PURPOSE = "totp-secret";

export type SmsSender = (db: Db, message: { dealershipId: number; to: string; text: string }) => Promise<void>;

type Dealership = { id: number; name: string };
type Outcome = "verified" | "incorrect" | "locked";

export const isLocked = (user: Pick<DealerUserRow, "failedSignIns">) => user.failedSignIns >= MAX_FAILED_SIGN_INS;
export const hasAuthenticator = (user: Pick<DealerUserRow, "totpSecret">) => user.totpSecret !== null;
/** A phone or an authenticator app can give this user a code. */
export const hasSecondFactor = (user: Pick<DealerUserRow, "phone" | "totpSecret">) => user.phone !== null || user.totpSecret !== null;

/**
 * The staff second factor: codes by SMS (as the customer codes: HMAC only, 10 minutes, 5 tries, bound
 * to the asking session and to the phone they went to), authenticator-app codes (RFC 6238, secret
 * encrypted at rest, each time step accepted once) and remembered devices (hashed 256-bit tokens).
 * Every wrong code counts toward the account's lock at 100 failures in a row.
 */
export function secondFactor(deps: { db: Db; secret: string; encryptionKey: string; now: () => Date; sendSms: SmsSender }) {
  const { db, secret, encryptionKey, now } = deps;
  const repo = dealerUsersRepo(db);
  const codeHash = (user: DealerUserRow, purpose: string, phone: string, code: string) => hmacHex(secret, "staff-code", user.id, purpose, phone, code);
  const sealTotp = (user: DealerUserRow, value: string) => encryptSecret(encryptionKey, TOTP_PURPOSE, value, `dealer_user:${user.id}`);
  const openTotp = (user: DealerUserRow, sealed: string | null) => (sealed ? decryptSecret(encryptionKey, TOTP_PURPOSE, sealed, `dealer_user:${user.id}`) : null);

  async function failed(user: DealerUserRow): Promise<"incorrect"> {
    await repo.addFailedSignIn(user.id);
    return "incorrect";
  }

  /** Checks a code of this purpose asked for by this session (and, for setup, sent to this phone). */
  async function checkCode(user: DealerUserRow, purpose: StaffCodeRow["purpose"], sessionHash: string, code: string, phone?: string): Promise<boolean> {
    const row = await repo.latestCode(user.id, purpose, sessionHash);
    if (!row || row.expiresAt <= now() || (phone !== undefined && row.phone !== phone)) return false;
    return (await claimOneTimeCode(repo, row, codeHash(user, purpose, row.phone, code), now())) === "accepted";
  }

  /** An authenticator code for this secret, accepted once (one step of clock drift either way). */
  async function checkTotp(user: DealerUserRow, totpSecret: string, token: string): Promise<boolean> {
    const result = verifySync({ secret: totpSecret, token, epoch: Math.floor(now().getTime() / 1000), period: TOTP_PERIOD_S, epochTolerance: TOTP_PERIOD_S });
    if (!result.valid || !("timeStep" in result)) return false;
    return repo.claimTotpStep(user.id, result.timeStep);
  }

  async function sendCode(user: DealerUserRow, input: { dealership: Dealership; purpose: StaffCodeRow["purpose"]; phone: string; sessionHash: string; language: "en" | "fr" }) {
    const at = now();
    if ((await repo.codesSince(user.id, new Date(at.getTime() - CODE_REQUEST_WINDOW_MS))) >= CODE_REQUESTS_PER_ACCOUNT) {
      return { outcome: "throttled" as const, retryAfterSeconds: CODE_REQUEST_WINDOW_MS / 1000 };
    }
    const code = newOneTimeCode();
    await db.transaction(async (transaction) => {
      const tx: Db = transaction;
      await dealerUsersRepo(tx).insertCode({
        dealerUserId: user.id,
        purpose: input.purpose,
        phone: input.phone,
        codeHash: codeHash(user, input.purpose, input.phone, code),
        sessionHash: input.sessionHash,
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        createdAt: at,
      });
      const text = staffCodeSms({ language: input.language, dealerName: input.dealership.name, code, minutes: CODE_TTL_MS / 60_000 });
      await deps.sendSms(tx, { dealershipId: input.dealership.id, to: input.phone, text });
    });
    return { outcome: "sent" as const };
  }

  return {
    /** Sends a sign-in code to the user's phone; throttled per user (5 in 15 minutes). */
    async sendSignInCode(user: DealerUserRow, input: { dealership: Dealership; sessionHash: string; language: "en" | "fr" }) {
      if (isLocked(user)) return { outcome: "locked" as const };
      if (!user.phone) return { outcome: "no_phone" as const };
      return sendCode(user, { ...input, purpose: "sign_in", phone: user.phone });
    },

    /** Sends a code to a phone being set up (shares the per-user throttle). */
    async sendSetupCode(user: DealerUserRow, input: { dealership: Dealership; phone: string; sessionHash: string; language: "en" | "fr" }) {
      if (isLocked(user)) return { outcome: "locked" as const };
      return sendCode(user, { ...input, purpose: "setup" });
    },

    /** The second factor: the SMS code this session asked for, or the authenticator app's current code. */
    async verify(user: DealerUserRow, input: { token: string; sessionHash: string }): Promise<Outcome> {
      if (isLocked(user)) return "locked";
      const totp = openTotp(user, user.totpSecret);
      const ok = (totp !== null && (await checkTotp(user, totp, input.token))) || (await checkCode(user, "sign_in", input.sessionHash, input.token));
      return ok ? "verified" : failed(user);
    },

    /** Confirms a phone with the code sent to it; a changed phone revokes every remembered device. */
    async confirmPhone(user: DealerUserRow, input: { token: string; phone: string; sessionHash: string }): Promise<Outcome> {
      if (isLocked(user)) return "locked";
      if (!(await checkCode(user, "setup", input.sessionHash, input.token, input.phone))) return failed(user);
      if (user.phone !== input.phone) {
        await repo.update(user.id, { phone: input.phone });
        await repo.revokeDevices(user.id, now());
      }
      return "verified";
    },

    /** Starts authenticator setup: a new secret, kept encrypted until a first code confirms it; shown this once. */
    async startTotp(user: DealerUserRow) {
      const totpSecret = generateSecret();
      await repo.update(user.id, { totpPendingSecret: sealTotp(user, totpSecret) });
      return { secret: totpSecret, otpauth_uri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret: totpSecret, period: TOTP_PERIOD_S, digits: 6 }) };
    },

    async confirmTotp(user: DealerUserRow, token: string): Promise<Outcome | "not_started"> {
      if (isLocked(user)) return "locked";
      const pending = openTotp(user, user.totpPendingSecret);
      if (!pending) return "not_started";
      if (!(await checkTotp(user, pending, token))) return failed(user);
      await repo.update(user.id, { totpSecret: user.totpPendingSecret, totpPendingSecret: null });
      return "verified";
    },

    /** A new remembered-device token for the user: the cookie gets the token, the database its hash. */
    async rememberDevice(user: DealerUserRow): Promise<{ token: string; maxAgeSeconds: number }> {
      const token = newSecretToken();
      const at = now();
      await repo.insertDevice({ dealerUserId: user.id, tokenHash: sha256Hex(token), createdAt: at, expiresAt: new Date(at.getTime() + REMEMBER_DEVICE_MS) });
      return { token, maxAgeSeconds: REMEMBER_DEVICE_MS / 1000 };
    },

    /** Whether this cookie value is a live remembered device of this user (another user's token does not count). */
    async isRememberedDevice(user: DealerUserRow, token: string | undefined): Promise<boolean> {
      if (!token || token.length > 100) return false;
      const row = await repo.liveDevice(user.id, sha256Hex(token), now());
      if (!row) return false;
      await repo.touchDevice(row.id, now());
      return true;
    },

    revokeDevices: (user: DealerUserRow) => repo.revokeDevices(user.id, now()),
  };
}
export type SecondFactor = ReturnType<typeof secondFactor>;
