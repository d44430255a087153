import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper, uniqueEmail } from "../../test/customers.ts";
import { startOidcProvider, type TestOidcProvider, type TokenFault } from "../../test/oidc-provider.ts";
import { client, createTestApp, ORIGIN, type TestApp } from "../../test/test-app.ts";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { manufacturerIdentityLinks, manufacturerSignIns } from "./tables.ts";

const VW = "maple-vw-ottawa";
const START = "/api/customer/manufacturer-identity/sign-in/";
const CALLBACK = "/api/customer/manufacturer-identity/callback/";
const PROFILE = "/api/customer/manufacturer-identity/profile/";

let provider: TestOidcProvider;
let testApp: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [
      { client_id: "showroom-vw", client_secret: "vw-client-secret", redirect_uris: [`${ORIGIN}/${VW}/vw/id-callback/`] },
      // Another dealership of the same provider, as a public client (PKCE only).
      { client_id: "showroom-maple-auto", redirect_uris: [`${ORIGIN}/maple-auto/vw/id-callback/`] },
    ],
  });
  testApp = await createTestApp({
    signInLimitPer15Minutes: 10_000,
    manufacturerIdentity: {
      [VW]: { issuer: provider.issuer, clientId: "showroom-vw", clientSecret: "vw-client-secret" },
      "maple-auto": { issuer: provider.issuer, clientId: "showroom-maple-auto", clientSecret: null },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});

let users = 0;
/** A provider user nobody signed in as yet. */
function nextUser(overrides: Partial<TestOidcProvider["state"]["user"]> = {}) {
  users += 1;
  provider.state.user = { sub: `vw-${Date.now().toString(36)}-${users}`, email: uniqueEmail("vwid"), email_verified: true, given_name: "Jeanne", family_name: "Tremblay", ...overrides };
  return provider.state.user;
}

async function shopperAt(dealerCode = VW) {
  const shopper = client(testApp, dealerCode);
  await shopper.get("/api/i18n/");
  return shopper;
}
type Shopper = Awaited<ReturnType<typeof shopperAt>>;

/** Starts the sign-in and follows the authorization address at the provider: the query it sends back to the callback. */
async function authorize(shopper: Shopper, returnTo?: string) {
  const started = await shopper.post(START, returnTo === undefined ? {} : { return_to: returnTo });
  expect(started.statusCode, started.body).toBe(200);
  const authorization = new URL(started.json<{ redirect_to: string }>().redirect_to);
  const answer = await fetch(authorization, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  return { authorization, back, query: back.search };
}

async function callback(shopper: Shopper, query: string) {
  const response = await shopper.get(`${CALLBACK}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<{ redirect_to: string }>().redirect_to, ORIGIN);
}

async function roundTrip(shopper: Shopper, options: { returnTo?: string; fault?: TokenFault } = {}) {
  const { query } = await authorize(shopper, options.returnTo);
  if (options.fault) provider.state.nextFault = options.fault;
  return callback(shopper, query);
}

describe("a sign-in round trip against the provider", () => {
  it("asks for a code with PKCE (S256), state and nonce at the discovered authorization endpoint, back to the dealership's callback", async () => {
    const shopper = await shopperAt();
    const { authorization, back } = await authorize(shopper, "/en/maple-vw-ottawa/details/12/");
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = authorization.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe("showroom-vw");
    expect(q.get("redirect_uri")).toBe(`${ORIGIN}/${VW}/vw/id-callback/`);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(q.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    expect(back.searchParams.get("code")).toBeTruthy();
    // Only a hash of the state is kept, and the PKCE verifier is sealed.
    const [row] = await testApp.database.db.select().from(manufacturerSignIns).where(eq(manufacturerSignIns.nonce, q.get("nonce")!));
    expect(row?.stateHash).not.toBe(q.get("state"));
    expect(row?.codeVerifierSealed).toMatch(/^v1\./);
  });

  it("creates the customer of this dealership, signs them in under a new session and goes back to where they started", async () => {
    const user = nextUser();
    const shopper = await shopperAt();
    const before = shopper.jar.get("sessionid");
    const next = await roundTrip(shopper, { returnTo: "/en/maple-vw-ottawa/details/12/?paymentType=cash" });
    expect(`${next.pathname}${next.search}`).toBe("/en/maple-vw-ottawa/details/12/?paymentType=cash");
    expect(shopper.jar.get("sessionid")).not.toBe(before);
    const current = await shopper.get("/api/customer/current_user/");
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ email: user.email, first_name: "Jeanne", last_name: "Tremblay", has_volkswagen_id: true, dealership: VW });
    const profile = await shopper.get(PROFILE);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ full_name: "Jeanne Tremblay", email: user.email });
    expect(Date.parse(profile.json().linked_at)).not.toBeNaN();
    // The client authenticated at the token endpoint with its secret (a wrong one would be invalid_client).
    expect(provider.state.tokenRequests.at(-1)).toEqual({ ok: true });
  });

  it("without a return path it opens the identity profile, in the language the sign-in started in", async () => {
    nextUser();
    const shopper = await shopperAt();
    await shopper.post("/api/i18n/", { language: "fr-ca" });
    const next = await roundTrip(shopper);
    expect(next.pathname).toBe("/fr/maple-vw-ottawa/vw/id-profile/");
  });

  it("signs the same person in again as the same customer, by the provider's sub, even with a changed email", async () => {
    const user = nextUser();
    const first = await shopperAt();
    await roundTrip(first);
    const id = (await first.get("/api/customer/current_user/")).json().id;
    provider.state.user = { ...user, email: uniqueEmail("changed"), given_name: "Jeanne-Marie" };
    const again = await shopperAt();
    await roundTrip(again);
    expect((await again.get("/api/customer/current_user/")).json().id).toBe(id);
    expect((await again.get(PROFILE)).json().first_name).toBe("Jeanne-Marie");
  });

  it("links an existing customer of this dealership by their verified email", async () => {
    const { customer, email } = await registeredShopper(testApp, VW);
    nextUser({ email: email.toUpperCase() });
    const shopper = await shopperAt();
    await roundTrip(shopper);
    const current = (await shopper.get("/api/customer/current_user/")).json();
    expect(current.id).toBe(customer.id);
    expect(current.has_volkswagen_id).toBe(true);
  });

  it("never links an existing customer by an unverified email", async () => {
    const { email } = await registeredShopper(testApp, VW);
    nextUser({ email, email_verified: false });
    const shopper = await shopperAt();
    const next = await roundTrip(shopper);
    expect(next.pathname).toBe("/en/maple-vw-ottawa/vw/id-login/");
    expect(next.searchParams.get("sso_error")).toMatch(/no verified email address/);
    expect((await shopper.get("/api/customer/current_user/")).statusCode).not.toBe(200);
  });

  it("does not reuse another dealership's link: the same person is another customer there", async () => {
    const user = nextUser();
    const atVw = await shopperAt(VW);
    await roundTrip(atVw);
    const vwCustomer = (await atVw.get("/api/customer/current_user/")).json();
    const atMaple = await shopperAt("maple-auto");
    await roundTrip(atMaple);
    const mapleCustomer = (await atMaple.get("/api/customer/current_user/")).json();
    expect(mapleCustomer.dealership).toBe("maple-auto");
    expect(mapleCustomer.id).not.toBe(vwCustomer.id);
    const links = await testApp.database.db.select().from(manufacturerIdentityLinks).where(eq(manufacturerIdentityLinks.subject, user.sub));
    expect(links.map((l) => l.customerId).sort()).toEqual([vwCustomer.id, mapleCustomer.id].sort());
  });
});

describe("what the callback refuses, always with an sso_error redirect (never a 500)", () => {
  async function refused(fault: TokenFault) {
    nextUser();
    const shopper = await shopperAt();
    const next = await roundTrip(shopper, { returnTo: "/en/maple-vw-ottawa/search/", fault });
    expect(next.pathname).toBe("/en/maple-vw-ottawa/search/");
    expect(next.searchParams.get("sso_error")).toBe("We could not sign you in with Volkswagen ID. Please try again.");
    const current = await shopper.get("/api/customer/current_user/");
    expect(current.statusCode).not.toBe(200);
  }

  it.each<TokenFault>(["wrong-nonce", "wrong-audience", "wrong-issuer", "expired", "tampered-signature", "foreign-key"])("an ID token with %s", async (fault) => {
    await refused(fault);
  });

  it("a state this session never started (a forged or someone else's callback)", async () => {
    nextUser();
    const victim = await shopperAt();
    const attacker = await shopperAt();
    const { query } = await authorize(attacker);
    const next = await callback(victim, query);
    expect(next.searchParams.get("sso_error")).toMatch(/expired or was already used/);
    expect((await victim.get("/api/customer/current_user/")).statusCode).not.toBe(200);
  });

  it("an unknown or missing state", async () => {
    const shopper = await shopperAt();
    expect((await callback(shopper, "?state=made-up&code=x")).searchParams.get("sso_error")).toMatch(/expired/);
    expect((await callback(shopper, "?code=x")).searchParams.get("sso_error")).toMatch(/expired/);
  });

  it("the same callback twice (a replayed state and code)", async () => {
    nextUser();
    const shopper = await shopperAt();
    const { query } = await authorize(shopper);
    expect((await callback(shopper, query)).searchParams.get("sso_error")).toBeNull();
    const replay = await callback(shopper, query);
    expect(replay.searchParams.get("sso_error")).toMatch(/expired or was already used/);
  });

  it("a code already used, under a fresh state of the same session: the provider refuses it", async () => {
    nextUser();
    const shopper = await shopperAt();
    const first = await authorize(shopper);
    await callback(shopper, first.query);
    const usedCode = first.back.searchParams.get("code")!;
    const second = await authorize(shopper);
    const replayed = new URLSearchParams(second.back.search);
    replayed.set("code", usedCode);
    const next = await callback(shopper, `?${replayed}`);
    expect(next.searchParams.get("sso_error")).toMatch(/could not sign you in/);
    expect(provider.state.tokenRequests.at(-1)).toEqual({ ok: false, error: "invalid_grant" });
  });

  it("a sign-in that took more than 10 minutes", async () => {
    nextUser();
    const shopper = await shopperAt();
    const { query } = await authorize(shopper);
    testApp.clock.advance(11 * 60_000);
    const next = await callback(shopper, query);
    expect(next.searchParams.get("sso_error")).toMatch(/expired/);
  });

  it("the provider's error (the shopper declined), in their language", async () => {
    const shopper = await shopperAt();
    await shopper.post("/api/i18n/", { language: "fr-ca" });
    provider.state.nextAuthorizationError = "access_denied";
    const { back, query } = await authorize(shopper, "/fr/maple-vw-ottawa/tradein/");
    expect(back.searchParams.get("error")).toBe("access_denied");
    const next = await callback(shopper, query);
    expect(next.pathname).toBe("/fr/maple-vw-ottawa/tradein/");
    expect(next.searchParams.get("sso_error")).toBe("La connexion avec Volkswagen ID a été annulée. Vous pouvez réessayer quand vous le souhaitez.");
  });

  it("an identity without an email", async () => {
    nextUser({ email: undefined, email_verified: undefined });
    const next = await roundTrip(await shopperAt());
    expect(next.searchParams.get("sso_error")).toMatch(/no verified email/);
  });

  it("a verified email already linked to another identity here", async () => {
    const first = nextUser();
    await roundTrip(await shopperAt());
    nextUser({ email: first.email });
    const next = await roundTrip(await shopperAt());
    expect(next.searchParams.get("sso_error")).toMatch(/already linked to another Volkswagen ID/);
  });
});

describe("the return path", () => {
  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/api/customer/logout/"])("refuses %s and opens the profile instead", async (returnTo) => {
    nextUser();
    const next = await roundTrip(await shopperAt(), { returnTo });
    expect(next.origin).toBe(ORIGIN);
    expect(next.pathname).toBe("/en/maple-vw-ottawa/vw/id-profile/");
  });
});

describe("who may call", () => {
  it("refuses dealer staff", async () => {
    const staff = client(testApp, VW);
    await staff.get("/api/i18n/");
    await staff.signInAsStaff(`sales-rep@${VW}.example`);
    const response = await staff.post(START, {});
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("Dealer staff cannot sign in with Volkswagen ID.");
  });

  it("answers 404 at a dealership without a provider, 400 for a return path too long", async () => {
    const shopper = await shopperAt("lakeshore-buffalo");
    const response = await shopper.post(START, {});
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/not available at this dealership/);
    const long = await (await shopperAt()).post(START, { return_to: `/${"a".repeat(2001)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toHaveProperty("return_to");
  });

  it("the profile: 403 without a customer, 404 for a customer who never used the manufacturer's sign-in", async () => {
    const anonymous = await shopperAt();
    expect((await anonymous.get(PROFILE)).statusCode).toBe(403);
    const { shopper } = await registeredShopper(testApp, VW);
    const response = await shopper.get(PROFILE);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe("You have not signed in with Volkswagen ID.");
  });

  it("a signed-in customer's profile is theirs only: another dealership's session sees nothing", async () => {
    nextUser();
    const shopper = await shopperAt();
    await roundTrip(shopper);
    const elsewhere = await shopper.get(PROFILE, { "x-dealer-code": "maple-auto" });
    expect(elsewhere.statusCode).toBe(403);
  });

  it("a customer removed with their account takes the link along", async () => {
    const user = nextUser();
    const shopper = await shopperAt();
    await roundTrip(shopper);
    const [vw] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, VW));
    const [row] = await testApp.database.db.select().from(customers).where(and(eq(customers.dealershipId, vw!.id), eq(customers.email, user.email!)));
    await testApp.database.db.delete(customers).where(eq(customers.id, row!.id));
    const links = await testApp.database.db.select().from(manufacturerIdentityLinks).where(eq(manufacturerIdentityLinks.subject, user.sub));
    expect(links).toEqual([]);
  });
});
