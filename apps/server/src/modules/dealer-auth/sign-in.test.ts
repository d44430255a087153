import { dealerUserSchema, staffLoginResultSchema } from "@showroom/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAt, createStaffUser, DEMO_PASSWORD, DEMO_STAFF_PHONE, lastSmsCode, lastSmsTo, STAFF, staffSignIn } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { outbox } from "../notifications/tables.ts";
import { dealerUsers, staffCodes, staffRememberedDevices } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  // Address limits are tested apart (second-factor.test.ts): here every call comes from one address.
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const MINUTE = 60_000;
const userByEmail = async (email: string) => (await testApp.database.db.select().from(dealerUsers).where(sql`lower(${dealerUsers.email}) = ${email}`))[0]!;
const smsCount = async () => (await testApp.database.db.select().from(outbox).where(eq(outbox.kind, "sms"))).length;
const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

const ownStaffUser = (overrides: Partial<typeof dealerUsers.$inferInsert> = {}) => createStaffUser(testApp, overrides);

describe("staff login", () => {
  it("answers the staff user and the two-factor record, starts a new session id and texts a code", async () => {
    const browser = await browserAt(testApp, "maple-auto");
    const anonymousId = browser.jar.get("sessionid");
    const before = await smsCount();
    const response = await browser.post(STAFF.login, { email: "Sales-Manager@maple-auto.example", password: DEMO_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const body = staffLoginResultSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      email: "sales-manager@maple-auto.example",
      role: "dealer_sales_manager",
      is_super_admin: false,
      has_device: true,
      has_authenticator: false,
      masked_phone: "(***) ***-0199",
      verified: false,
      fully_authenticated: false,
      sent: true,
      reason: null,
      setup_sent: false,
      redirect_url: null,
    });
    expect(response.payload).not.toMatch(/password|argon2/i);
    expect(browser.jar.get("sessionid")).not.toBe(anonymousId);
    expect(await smsCount()).toBe(before + 1);
    const sms = await lastSmsTo(testApp, DEMO_STAFF_PHONE);
    expect(sms!.text).toMatch(/^Maple Auto.*: your sign-in code is \d{6}\. It expires in 10 minutes\./);

    // Not signed in yet: the current user says so, and staff-only calls refuse.
    const current = await browser.get(STAFF.currentUser);
    expect(dealerUserSchema.parse(current.json()).fully_authenticated).toBe(false);
    expect((await browser.get(STAFF.verification)).json()).toEqual({ verified: false });
    expect((await browser.get("/api/dealer/customers/")).statusCode).toBe(403);
  });

  it("keeps only a hash of the code", async () => {
    const browser = await browserAt(testApp);
    const user = await userByEmail("admin@maple-auto.example");
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    const code = await lastSmsCode(testApp);
    const rows = await testApp.database.db.select().from(staffCodes).where(eq(staffCodes.dealerUserId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("answers one generic 400 to a wrong password or an unknown email", async () => {
    const browser = await browserAt(testApp);
    const wrong = await browser.post(STAFF.login, { email: "sales-rep@maple-auto.example", password: "not-the-password" });
    const unknown = await browser.post(STAFF.login, { email: "nobody@maple-auto.example", password: DEMO_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    expect((await browser.get(STAFF.currentUser)).statusCode).toBe(403);
  });

  it("names each bad field, in French for a French caller", async () => {
    const browser = await browserAt(testApp, "boulevard-laval");
    const missing = await browser.post(STAFF.login, { email: "not an email" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(["email", "password"]);
    const fr = { "accept-language": "fr-CA" };
    const french = await browser.post(STAFF.login, { email: "x", password: "" }, fr);
    expect(french.json()).toEqual({ email: ["Entrez une adresse courriel valide."], password: ["Ce champ est obligatoire."] });
    const wrong = await browser.post(STAFF.login, { email: "sales-rep@boulevard-laval.example", password: "nope" }, fr);
    expect(wrong.json()).toEqual({ non_field_errors: ["Impossible de se connecter avec les informations fournies."] });
  });
});

describe("the second factor", () => {
  it("signs in with the texted code under a new session id; the same code does not work twice", async () => {
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: (await ownStaffUser()).email, password: DEMO_PASSWORD });
    const afterPassword = browser.jar.get("sessionid");
    const code = await lastSmsCode(testApp);
    const verified = await browser.post(STAFF.verification, { token: code, remember_device: false });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verified: true, fully_authenticated: true, redirect_url: "/en/maple-auto/dealer/customers/" });
    expect(browser.jar.get("sessionid")).not.toBe(afterPassword);
    expect(browser.jar.get("staff_device")).toBeUndefined();
    expect((await browser.get(STAFF.verification)).json()).toEqual({ verified: true });
    expect((await browser.get(STAFF.currentUser)).json().fully_authenticated).toBe(true);

    const again = await browser.post(STAFF.verification, { token: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ["Code is incorrect"] });
  });

  it("refuses a wrong code (in French too) and names a malformed one", async () => {
    const browser = await browserAt(testApp, "boulevard-laval");
    await browser.post(STAFF.login, { email: "sales-rep@boulevard-laval.example", password: DEMO_PASSWORD });
    const wrong = await browser.post(STAFF.verification, { token: wrongCodeFor(await lastSmsCode(testApp)) }, { "accept-language": "fr-CA" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: ["Le code est incorrect"] });
    const malformed = await browser.post(STAFF.verification, { token: "12ab", remember_device: "yes" }, { "accept-language": "en" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().token[0]).toMatch(/6-digit/);
    expect(malformed.json()).toHaveProperty("remember_device");
    expect((await browser.get(STAFF.verification)).json()).toEqual({ verified: false });
  });

  it("accepts a code within 10 minutes and refuses it after", async () => {
    const late = await browserAt(testApp);
    await late.post(STAFF.login, { email: (await ownStaffUser()).email, password: DEMO_PASSWORD });
    const lateCode = await lastSmsCode(testApp);
    const onTime = await browserAt(testApp);
    await onTime.post(STAFF.login, { email: (await ownStaffUser()).email, password: DEMO_PASSWORD });
    const onTimeCode = await lastSmsCode(testApp);

    testApp.clock.advance(9 * MINUTE + 50_000);
    expect((await onTime.post(STAFF.verification, { token: onTimeCode })).statusCode).toBe(200);
    testApp.clock.advance(11_000);
    // The session is still alive (idle 30 minutes); only the code died.
    const expired = await late.post(STAFF.verification, { token: lateCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: ["Code is incorrect"] });
  });

  it("kills a code after 5 wrong tries", async () => {
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: "admin@maple-auto.example", password: DEMO_PASSWORD });
    const code = await lastSmsCode(testApp);
    for (let i = 0; i < 5; i += 1) expect((await browser.post(STAFF.verification, { token: wrongCodeFor(code) })).statusCode).toBe(400);
    expect((await browser.post(STAFF.verification, { token: code })).statusCode).toBe(400);
  });

  it("binds the code to the sign-in attempt that asked for it", async () => {
    const { email } = await ownStaffUser();
    const asker = await browserAt(testApp);
    await asker.post(STAFF.login, { email, password: DEMO_PASSWORD });
    const code = await lastSmsCode(testApp);
    // Someone else who knows the password signs in too: the code texted to the first attempt is not theirs.
    const other = await browserAt(testApp);
    await other.post(STAFF.login, { email, password: DEMO_PASSWORD });
    expect((await other.post(STAFF.verification, { token: code })).statusCode).toBe(400);
    expect((await asker.post(STAFF.verification, { token: code })).statusCode).toBe(200);
  });

  it("needs the password step first", async () => {
    const browser = await browserAt(testApp);
    const response = await browser.post(STAFF.verification, { token: "123456" });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("Sign in with your email and password first.");
  });
});

describe("locking after 100 failures in a row", () => {
  it("counts wrong passwords and wrong codes, locks the account at 100, and a full sign-in resets the count", async () => {
    const user = await ownStaffUser();
    const browser = await browserAt(testApp);
    for (let i = 0; i < 3; i += 1) await browser.post(STAFF.login, { email: user.email, password: "wrong password" });
    expect((await userByEmail(user.email)).failedSignIns).toBe(3);
    await staffSignIn(testApp, "maple-auto", user.email, { browser });
    expect((await userByEmail(user.email)).failedSignIns).toBe(0);

    const attacker = await browserAt(testApp);
    for (let i = 0; i < 60; i += 1) {
      expect((await attacker.post(STAFF.login, { email: user.email, password: `guess ${i}` })).statusCode).toBe(400);
    }
    // The password is right but the code is not: 40 more failures.
    expect((await attacker.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const code = await lastSmsCode(testApp);
    for (let i = 0; i < 40; i += 1) expect((await attacker.post(STAFF.verification, { token: wrongCodeFor(code) })).statusCode).toBe(400);
    expect((await userByEmail(user.email)).failedSignIns).toBe(100);

    const locked = await attacker.post(STAFF.verification, { token: code });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: "account_locked", detail: expect.stringMatching(/locked/) });
    const owner = await browserAt(testApp);
    const login = await owner.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe("account_locked");
    const french = await owner.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD }, { "accept-language": "fr" });
    expect(french.json().detail).toMatch(/bloquée/);
  }, 120_000);
});

describe("remembered devices", () => {
  it("skips the code for 30 days on the device that asked, for that user only", async () => {
    const user = await ownStaffUser();
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    const verified = await browser.post(STAFF.verification, { token: await lastSmsCode(testApp), remember_device: true });
    expect(verified.statusCode).toBe(200);
    const cookieLine = [verified.headers["set-cookie"] ?? []].flat().find((l) => l.startsWith("staff_device="))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Strict/i);
    expect(cookieLine).toMatch(/Max-Age=2592000/);
    const token = browser.jar.get("staff_device")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const stored = await testApp.database.db.select().from(staffRememberedDevices).where(eq(staffRememberedDevices.dealerUserId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await browser.post(STAFF.logout)).statusCode).toBe(204);
    const before = await smsCount();
    const again = await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect(again.json()).toMatchObject({ verified: true, fully_authenticated: true, sent: false, reason: "remembered_device", redirect_url: "/en/maple-auto/dealer/customers/" });
    expect(await smsCount()).toBe(before);
    expect((await browser.get("/api/dealer/customers/")).statusCode).toBe(200);

    // Still only the second factor: a wrong password is refused.
    expect((await browser.post(STAFF.login, { email: user.email, password: "wrong password" })).statusCode).toBe(400);
    // Another user on the same device still needs a code.
    const other = await browser.post(STAFF.login, { email: (await ownStaffUser()).email, password: DEMO_PASSWORD });
    expect(other.json()).toMatchObject({ verified: false, sent: true });

    testApp.clock.advance(30 * 24 * 60 * MINUTE + MINUTE);
    const expired = await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect(expired.json()).toMatchObject({ verified: false, sent: true });
  });
});

describe("sessions", () => {
  it("logout ends the session on the server", async () => {
    const browser = await staffSignIn(testApp, "maple-auto", (await ownStaffUser()).email);
    const id = browser.jar.get("sessionid")!;
    expect((await browser.post(STAFF.logout)).statusCode).toBe(204);
    expect((await browser.get(STAFF.currentUser)).statusCode).toBe(403);
    const replay = await testApp.app.inject({ method: "GET", url: STAFF.currentUser, headers: { "x-dealer-code": "maple-auto", cookie: `sessionid=${id}` } });
    expect(replay.statusCode).toBe(403);
  });

  it("answers 440 with user_kind dealer once a staff session idles 30 minutes", async () => {
    const browser = await staffSignIn(testApp, "maple-auto", (await ownStaffUser()).email);
    testApp.clock.advance(29 * MINUTE);
    expect((await browser.get("/api/dealer/customers/")).statusCode).toBe(200);
    testApp.clock.advance(31 * MINUTE);
    const expired = await browser.get("/api/dealer/customers/", { "accept-language": "fr" });
    expect(expired.statusCode).toBe(440);
    expect(expired.json()).toEqual({ detail: "Votre session a expiré. Veuillez vous reconnecter.", code: "session_expired", user_kind: "dealer" });
  });

  it("does not extend a sign-in's 12 hours when the second factor renews the session id", async () => {
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: (await ownStaffUser()).email, password: DEMO_PASSWORD });
    for (let elapsed = 0; elapsed < 11 * 60; elapsed += 20) {
      testApp.clock.advance(20 * MINUTE);
      expect((await browser.get(STAFF.currentUser)).statusCode).toBe(200);
    }
    expect((await browser.post(STAFF.sendOtp)).statusCode).toBe(200);
    expect((await browser.post(STAFF.verification, { token: await lastSmsCode(testApp) })).statusCode).toBe(200);
    // 11 hours 40 minutes after the password: still alive; at 12 hours: expired, whatever the renewal.
    for (let i = 0; i < 2; i += 1) {
      testApp.clock.advance(20 * MINUTE);
      expect((await browser.get(STAFF.currentUser)).statusCode).toBe(200);
    }
    testApp.clock.advance(20 * MINUTE);
    expect((await browser.get(STAFF.currentUser)).statusCode).toBe(440);
  });
});

describe("roles and dealerships", () => {
  it("refuses staff of one dealership at another's storefront, before and after signing in", async () => {
    const browser = await browserAt(testApp, "boulevard-laval");
    const refused = await browser.post(STAFF.login, { email: "sales-rep@maple-auto.example", password: DEMO_PASSWORD }, { "accept-language": "en" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("You do not have access to this dealership.");
    const signedIn = await staffSignIn(testApp, "maple-auto", (await ownStaffUser()).email);
    expect((await signedIn.get("/api/dealer/customers/", { "x-dealer-code": "boulevard-laval" })).statusCode).toBe(403);
  });

  it("lets organization staff sign in at their group's dealerships only, and a super admin anywhere", async () => {
    for (const code of ["maple-auto", "maple-vw-ottawa"]) {
      const browser = await browserAt(testApp, code);
      const response = await browser.post(STAFF.login, { email: "org-admin@maple-group.example", password: DEMO_PASSWORD });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(200);
      expect(response.json().role).toBe("organization_admin");
    }
    const outside = await browserAt(testApp, "boulevard-laval");
    expect((await outside.post(STAFF.login, { email: "org-assistant@maple-group.example", password: DEMO_PASSWORD })).statusCode).toBe(403);
    const superAdmin = await outside.post(STAFF.login, { email: "super-admin@showroom.example", password: DEMO_PASSWORD });
    expect(superAdmin.statusCode).toBe(200);
    expect(superAdmin.json()).toMatchObject({ role: "super_admin", is_super_admin: true });
  });

  it("lets a staff user switch storefronts by signing in again", async () => {
    const browser = await staffSignIn(testApp, "maple-auto", "org-admin@maple-group.example");
    const response = await browser.post(STAFF.login, { email: "org-admin@maple-group.example", password: DEMO_PASSWORD }, { "x-dealer-code": "maple-vw-ottawa" });
    expect(response.statusCode, response.body).toBe(200);
    expect((await browser.get(STAFF.currentUser, { "x-dealer-code": "maple-vw-ottawa" })).statusCode).toBe(200);
    expect((await browser.get(STAFF.currentUser, { "x-dealer-code": "maple-auto" })).statusCode).toBe(403);
  });

  it("puts is_super_admin before the role, and refuses a role it does not know", async () => {
    const flagged = await ownStaffUser({ isSuperAdmin: true });
    const browser = await browserAt(testApp, "boulevard-laval");
    const login = await browser.post(STAFF.login, { email: flagged.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: "super_admin", is_super_admin: true });

    const unknown = await ownStaffUser({ role: "dealer_owner" as never });
    const refused = await (await browserAt(testApp)).post(STAFF.login, { email: unknown.email, password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("You do not have permission to perform this action.");
  });
});
