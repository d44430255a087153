import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import type { ApiMessageKey } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { decryptSecret, encryptSecret } from "../../platform/encryption.ts";
import type { CustomerRow, CustomersService } from "../customers/service.ts";
import type { ManufacturerIdentityProvider, ManufacturerIdentityProviders } from "./provider-config.ts";
import { manufacturerIdentityRepo, type IdentityLinkRow } from "./repo.ts";

/** A sign-in must come back within 10 minutes (the provider's login included). */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** The provider's metadata (and its keys, kept by openid-client) are read again after an hour. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const PURPOSE = "manufacturer-sign-in";

type Dealership = { id: number; code: string };
type Language = "en" | "fr";

export type SignInFailure = Extract<
  ApiMessageKey,
  | "manufacturer_identity_unavailable"
  | "manufacturer_identity_cancelled"
  | "manufacturer_identity_expired"
  | "manufacturer_identity_failed"
  | "manufacturer_identity_email_missing"
  | "manufacturer_identity_email_linked"
>;

export type CallbackOutcome =
  | { ok: true; customer: CustomerRow; returnTo: string | null; language: Language }
  | { ok: false; failure: SignInFailure; returnTo: string | null; language: Language | null };

export type CallbackQuery = { state?: string | undefined; code?: string | undefined; iss?: string | undefined; error?: string | undefined; error_description?: string | undefined; session_state?: string | undefined };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** given_name and family_name, or the full name split at its first space. */
function namesOf(claims: oidc.IDToken): { firstName: string; lastName: string } {
  const text = (v: unknown, max = 100) => (typeof v === "string" ? v.trim().slice(0, max) : "");
  const first = text(claims["given_name"]);
  const last = text(claims["family_name"]);
  if (first || last) return { firstName: first, lastName: last };
  const [head = "", ...rest] = text(claims["name"], 200).split(/\s+/);
  return { firstName: head.slice(0, 100), lastName: rest.join(" ").slice(0, 100) };
}

/**
 * Customers' sign-in with the manufacturer's identity, as a standard OpenID Connect relying party (authorization code
 * with PKCE, openid-client): the provider of each dealership is configured by the operator (MANUFACTURER_IDENTITY_PROVIDERS),
 * its endpoints discovered from /.well-known/openid-configuration, and its ID tokens' signatures checked against its JWKS.
 */
export function manufacturerIdentityService(deps: {
  db: Db;
  providers: ManufacturerIdentityProviders;
  customers: Pick<CustomersService, "byId" | "byEmail" | "createFromIdentity" | "update">;
  encryptionKey: string;
  /** Only development and tests may talk to a provider over plain http. */
  allowHttpIssuers: boolean;
  now: () => Date;
  warn(message: string, details: Record<string, unknown>): void;
}) {
  const repo = manufacturerIdentityRepo(deps.db);
  const discovered = new Map<string, { config: oidc.Configuration; until: number }>();

  async function clientOf(dealership: Dealership, provider: ManufacturerIdentityProvider): Promise<oidc.Configuration> {
    const key = `${dealership.code}\n${provider.issuer}\n${provider.clientId}`;
    const cached = discovered.get(key);
    if (cached && cached.until > Date.now()) return cached.config;
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret ?? undefined,
      provider.clientSecret ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None(),
      { timeout: 10, ...(deps.allowHttpIssuers && provider.issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    // The ID token's signature is checked against the provider's keys, not taken on the word of the TLS connection alone.
    oidc.enableNonRepudiationChecks(config);
    discovered.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
    return config;
  }

  const providerOf = (dealership: Dealership) => deps.providers[dealership.code] ?? null;

  /** The customer this identity signs in: its link here, else the customer with its verified email, else a new one. */
  async function linkedCustomer(dealership: Dealership, issuer: string, claims: oidc.IDToken, language: Language): Promise<{ ok: true; customer: CustomerRow } | { ok: false; failure: SignInFailure }> {
    const at = deps.now();
    const names = namesOf(claims);
    const email = typeof claims["email"] === "string" ? claims["email"].trim().toLowerCase() : "";
    const verified = claims["email_verified"] === true && /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
    const existingLink = await repo.linkBySubject(dealership.id, issuer, claims.sub);
    if (existingLink) {
      const customer = await deps.customers.byId(dealership.id, existingLink.customerId);
      if (!customer) return { ok: false, failure: "manufacturer_identity_failed" };
      await repo.updateLink(existingLink.id, {
        lastSignInAt: at,
        ...(verified ? { email } : {}),
        ...(names.firstName || names.lastName ? names : {}),
      });
      return { ok: true, customer: customer.hasVolkswagenId ? customer : await deps.customers.update(customer.id, { hasVolkswagenId: true }) };
    }
    // An unverified email would let anyone claim another person's account here.
    if (!verified) return { ok: false, failure: "manufacturer_identity_email_missing" };
    let customer = await deps.customers.byEmail(dealership.id, email);
    if (customer && (await repo.linkOfCustomer(dealership.id, customer.id, issuer))) return { ok: false, failure: "manufacturer_identity_email_linked" };
    customer ??=
      (await deps.customers.createFromIdentity({ dealershipId: dealership.id, email, firstName: names.firstName, lastName: names.lastName, language })) ??
      (await deps.customers.byEmail(dealership.id, email));
    if (!customer) return { ok: false, failure: "manufacturer_identity_failed" };
    const link = await repo.insertLink({ dealershipId: dealership.id, customerId: customer.id, issuer, subject: claims.sub, email, ...names, linkedAt: at, lastSignInAt: at });
    if (!link) {
      // A parallel callback linked it first: fine when it is the same customer.
      const winner = await repo.linkBySubject(dealership.id, issuer, claims.sub);
      if (winner?.customerId !== customer.id) return { ok: false, failure: "manufacturer_identity_email_linked" };
    }
    return { ok: true, customer: await deps.customers.update(customer.id, { hasVolkswagenId: true }) };
  }

  return {
    isConfigured: (dealership: Dealership) => providerOf(dealership) !== null,

    /**
     * Starts a sign-in for this browser session: state, nonce and PKCE verifier are kept (the state as a hash, the
     * verifier sealed) for 10 minutes; the answer is the provider's authorization address.
     */
    async start(input: { dealership: Dealership; sessionHash: string; returnTo: string | null; language: Language; redirectUri: string }): Promise<{ ok: true; url: string } | { ok: false; failure: SignInFailure }> {
      const provider = providerOf(input.dealership);
      if (!provider) return { ok: false, failure: "manufacturer_identity_unavailable" };
      let client: oidc.Configuration;
      try {
        client = await clientOf(input.dealership, provider);
      } catch (error) {
        deps.warn("manufacturer identity provider unreachable", { dealer: input.dealership.code, issuer: provider.issuer, error: String(error) });
        return { ok: false, failure: "manufacturer_identity_unavailable" };
      }
      const at = deps.now();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const stateHash = sha256(state);
      await repo.deleteSignInsExpiredBefore(at);
      await repo.insertSignIn({
        stateHash,
        dealershipId: input.dealership.id,
        sessionHash: input.sessionHash,
        nonce,
        codeVerifierSealed: encryptSecret(deps.encryptionKey, PURPOSE, verifier, stateHash),
        returnTo: input.returnTo,
        language: input.language,
        createdAt: at,
        expiresAt: new Date(at.getTime() + SIGN_IN_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: input.redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
        ui_locales: input.language === "fr" ? "fr-CA fr en" : "en-CA en fr",
      });
      return { ok: true, url: url.href };
    },

    /**
     * The provider's answer: the sign-in of this state must be this session's, unused and alive; then the code is
     * exchanged with the verifier and the ID token checked (signature by the provider's keys, issuer, audience,
     * nonce, expiry) by openid-client. Every failure is a value naming what to tell the shopper, never a throw.
     */
    async complete(input: { dealership: Dealership; sessionHash: string; query: CallbackQuery; redirectUri: string }): Promise<CallbackOutcome> {
      const { query, dealership } = input;
      const at = deps.now();
      if (!query.state) return { ok: false, failure: "manufacturer_identity_expired", returnTo: null, language: null };
      const stateHash = sha256(query.state);
      const signIn = await repo.claimSignIn(dealership.id, stateHash, at);
      if (!signIn) return { ok: false, failure: "manufacturer_identity_expired", returnTo: null, language: null };
      const failed = (failure: SignInFailure): CallbackOutcome => ({ ok: false, failure, returnTo: signIn.returnTo, language: signIn.language });
      // Another browser (a link someone was sent) or a sign-in that took too long.
      if (signIn.sessionHash !== input.sessionHash || signIn.expiresAt <= at) return failed("manufacturer_identity_expired");
      if (query.error) return failed(query.error === "access_denied" || query.error === "login_required" ? "manufacturer_identity_cancelled" : "manufacturer_identity_failed");
      const provider = providerOf(dealership);
      if (!provider) return failed("manufacturer_identity_unavailable");
      const verifier = decryptSecret(deps.encryptionKey, PURPOSE, signIn.codeVerifierSealed, stateHash);
      if (!verifier) return failed("manufacturer_identity_failed");
      let claims: oidc.IDToken | undefined;
      try {
        const client = await clientOf(dealership, provider);
        const callbackUrl = new URL(input.redirectUri);
        for (const [name, value] of Object.entries(query)) if (typeof value === "string") callbackUrl.searchParams.set(name, value);
        const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
          pkceCodeVerifier: verifier,
          expectedState: query.state,
          expectedNonce: signIn.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        const code = (error as { code?: unknown; error?: unknown }).error ?? (error as { code?: unknown }).code;
        deps.warn("manufacturer sign-in refused", { dealer: dealership.code, issuer: provider.issuer, code: String(code ?? ""), error: error instanceof Error ? error.message : String(error) });
        return failed("manufacturer_identity_failed");
      }
      if (!claims?.sub) return failed("manufacturer_identity_failed");
      const linked = await linkedCustomer(dealership, provider.issuer, claims, signIn.language);
      if (!linked.ok) return failed(linked.failure);
      return { ok: true, customer: linked.customer, returnTo: signIn.returnTo, language: signIn.language };
    },

    /** The customer's identity as the provider last vouched for it, or null when they never signed in with it here. */
    async profile(dealershipId: number, customerId: number): Promise<IdentityLinkRow | null> {
      return repo.anyLinkOfCustomer(dealershipId, customerId);
    },
  };
}
export type ManufacturerIdentityService = ReturnType<typeof manufacturerIdentityService>;
