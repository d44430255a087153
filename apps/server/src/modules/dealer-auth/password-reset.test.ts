import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo } from "../../test/customers.ts";
import { browserAt, createStaffUser, DEMO_PASSWORD, STAFF, staffSignIn } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { outbox } from "../notifications/tables.ts";
import { dealerUsers, staffPasswordResets, staffRememberedDevices } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const NEW_PASSWORD = "a brand new passphrase";

async function resetLinkFor(email: string) {
  const mail = await lastEmailTo(testApp, email);
  const link = mail?.text.match(/https?:\/\/\S+reset-password\/\?token=([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`no reset link sent to ${email}`);
  return { url: link[0], token: link[1]! };
}

describe("password reset", () => {
  it("answers the same to every email, and mails a link only to an account", async () => {
    const user = await createStaffUser(testApp);
    const browser = await browserAt(testApp);
    const known = await browser.post(STAFF.resetPassword, { email: user.email.toUpperCase() }, { "accept-language": "en" });
    const unknown = await browser.post(STAFF.resetPassword, { email: "nobody@maple-auto.example" }, { "accept-language": "en" });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().detail).toMatch(/If an account exists/);
    expect(await lastEmailTo(testApp, "nobody@maple-auto.example")).toBeNull();
    const { url, token } = await resetLinkFor(user.email);
    expect(url).toMatch(/^http:\/\/localhost:3000\/en\/maple-auto\/dealer\/reset-password\/\?token=/);
    const rows = await testApp.database.db.select().from(staffPasswordResets).where(eq(staffPasswordResets.dealerUserId, user.id));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Staff of another dealership get no link from this storefront.
    const other = await createStaffUser(testApp, { dealerCode: "boulevard-laval" });
    await browser.post(STAFF.resetPassword, { email: other.email });
    expect(await lastEmailTo(testApp, other.email)).toBeNull();
    const bad = await browser.post(STAFF.resetPassword, { email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("email");
  });

  it("builds the link from PUBLIC_URL alone: a forged Host header never carries a reset token elsewhere", async () => {
    const user = await createStaffUser(testApp);
    const browser = await browserAt(testApp);
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", origin: "http://evil.example" };
    const sent = await browser.post(STAFF.resetPassword, { email: user.email }, forged);
    expect(sent.statusCode).toBe(200);
    const mail = await lastEmailTo(testApp, user.email);
    expect(mail?.text).not.toContain("evil.example");
    expect((await resetLinkFor(user.email)).url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it("sets a new password once, signs every device out and revokes remembered devices", async () => {
    const user = await createStaffUser(testApp);
    const signedIn = await staffSignIn(testApp, "maple-auto", user.email, { rememberDevice: true });
    const browser = await browserAt(testApp);
    await browser.post(STAFF.resetPassword, { email: user.email });
    const { token } = await resetLinkFor(user.email);

    const short = await browser.post(STAFF.resetPasswordConfirm, { token, password: "too short" }, { "accept-language": "en" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ["Use at least 12 characters."] });
    const done = await browser.post(STAFF.resetPasswordConfirm, { token, password: NEW_PASSWORD }, { "accept-language": "en" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ detail: "Your password has been changed. Please sign in." });
    const stored = (await testApp.database.db.select().from(dealerUsers).where(eq(dealerUsers.id, user.id)))[0]!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await browser.post(STAFF.resetPasswordConfirm, { token, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await signedIn.get(STAFF.currentUser)).statusCode).toBe(403);
    const devices = await testApp.database.db.select().from(staffRememberedDevices).where(eq(staffRememberedDevices.dealerUserId, user.id));
    expect(devices.every((d) => d.revokedAt !== null)).toBe(true);

    expect((await signedIn.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD })).statusCode).toBe(400);
    // The remembered device of that browser no longer skips the code.
    const login = await signedIn.post(STAFF.login, { email: user.email, password: NEW_PASSWORD });
    expect(login.json()).toMatchObject({ verified: false, sent: true });
  });

  it("refuses a link after 30 minutes, and a made-up one, in French too", async () => {
    const user = await createStaffUser(testApp, { dealerCode: "boulevard-laval" });
    const browser = await browserAt(testApp, "boulevard-laval");
    await browser.post(STAFF.resetPassword, { email: user.email }, { "accept-language": "fr-CA" });
    const mail = await lastEmailTo(testApp, user.email);
    expect(mail!.subject).toMatch(/Réinitialisation/);
    const { token } = await resetLinkFor(user.email);
    testApp.clock.advance(30 * 60_000 + 1000);
    const late = await browser.post(STAFF.resetPasswordConfirm, { token, password: NEW_PASSWORD }, { "accept-language": "fr-CA" });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ token: ["Ce lien est invalide ou expiré. Demandez-en un nouveau."] });
    expect((await browser.post(STAFF.resetPasswordConfirm, { token: "made-up", password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it("unlocks a locked account, and sends at most 3 links in 15 minutes", async () => {
    const user = await createStaffUser(testApp, { failedSignIns: 100 });
    const browser = await browserAt(testApp);
    expect((await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD })).statusCode).toBe(403);
    const before = (await testApp.database.db.select().from(outbox)).length;
    for (let i = 0; i < 5; i += 1) expect((await browser.post(STAFF.resetPassword, { email: user.email })).statusCode).toBe(200);
    expect((await testApp.database.db.select().from(outbox)).length).toBe(before + 3);
    const { token } = await resetLinkFor(user.email);
    expect((await browser.post(STAFF.resetPasswordConfirm, { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await browser.post(STAFF.login, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
