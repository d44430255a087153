import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAt, createStaffUser, DEMO_PASSWORD, lastSmsCode, lastSmsTo, STAFF, staffSignIn } from "../../test/staff.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerUsers, staffRememberedDevices } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const userRow = async (id: number) => (await testApp.database.db.select().from(dealerUsers).where(eq(dealerUsers.id, id)))[0]!;
const liveDevices = async (id: number) => (await testApp.database.db.select().from(staffRememberedDevices).where(eq(staffRememberedDevices.dealerUserId, id))).filter((d) => d.revokedAt === null);
const totpNow = (secret: string, offsetSeconds = 0) => generateSync({ secret, epoch: Math.floor(testApp.clock.now.getTime() / 1000) + offsetSeconds });

describe("send_otp", () => {
  it("texts a fresh code for this sign-in attempt, 5 codes per user in 15 minutes at most", async () => {
    const user = await createStaffUser(testApp);
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD }); // code 1
    const first = await lastSmsCode(testApp);
    for (let i = 0; i < 4; i += 1) {
      const sent = await browser.post(STAFF.sendOtp);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ sent: true, masked_phone: "(***) ***-0199", verified: false });
    }
    const throttled = await browser.post(STAFF.sendOtp, undefined, { "accept-language": "en" });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers["retry-after"]).toBe("900");
    expect(throttled.json().detail).toMatch(/throttled/);
    // A login meanwhile says so instead of texting.
    const again = await browserAt(testApp);
    expect((await again.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD })).json()).toMatchObject({ sent: false, reason: "throttled" });
    testApp.clock.advance(15 * 60_000 + 1000);
    expect((await browser.post(STAFF.sendOtp)).statusCode).toBe(200);
    // The newest code works; an older one of the same attempt does not take its place.
    const newest = await lastSmsCode(testApp);
    if (first !== newest) expect((await browser.post(STAFF.verification, { token: first })).statusCode).toBe(400);
    expect((await browser.post(STAFF.verification, { token: newest })).statusCode).toBe(200);
  });

  it("needs the password step, and a phone", async () => {
    const anonymous = await browserAt(testApp);
    expect((await anonymous.post(STAFF.sendOtp)).statusCode).toBe(403);
    const phoneless = await createStaffUser(testApp, { phone: null });
    const browser = await browserAt(testApp);
    const login = await browser.post(STAFF.login, { email: phoneless.email, password: DEMO_PASSWORD });
    expect(login.json()).toMatchObject({ has_device: false, masked_phone: null, sent: false, reason: "no_device" });
    const response = await browser.post(STAFF.sendOtp, undefined, { "accept-language": "en" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ["No phone is set up for sign-in codes. Add a phone first."], code: "no_device" });
  });

  it("answers 429 past the configured number of calls from one address", async () => {
    const limited = await createTestApp({ signInLimitPer15Minutes: 3 });
    try {
      const browser = client(limited, "maple-auto");
      await browser.get("/api/i18n/");
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await browser.post(STAFF.login, { email: "nobody@maple-auto.example", password: "x" })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("setting up a phone", () => {
  it("lets a user without a second factor set up a phone with a code sent to it, which signs them in", async () => {
    const user = await createStaffUser(testApp, { phone: null });
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    const bad = await browser.post(STAFF.setupOtp, { phone: "123" }, { "accept-language": "en" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().phone[0]).toMatch(/10-digit phone/);
    const setup = await browser.post(STAFF.setupOtp, { phone: "(647) 555-0123" });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toMatchObject({ setup_sent: true, verified: false });
    const code = await lastSmsCode(testApp, "+16475550123");
    // The code is for that phone only.
    expect((await browser.post(STAFF.confirmOtpDevice, { token: code, remember_device: false, phone: "(647) 555-0124" })).statusCode).toBe(400);
    const confirmed = await browser.post(STAFF.confirmOtpDevice, { token: code, remember_device: true, phone: "647-555-0123" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ has_device: true, masked_phone: "(***) ***-0123", verified: true, fully_authenticated: true });
    expect((await userRow(user.id)).phone).toBe("+16475550123");
    expect(await liveDevices(user.id)).toHaveLength(1);
  });

  it("asks for the second factor before changing a phone, and a changed phone revokes remembered devices", async () => {
    const user = await createStaffUser(testApp);
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    // The password alone cannot move the codes to another phone.
    const early = await browser.post(STAFF.setupOtp, { phone: "(647) 555-0199" }, { "accept-language": "en" });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe("Confirm your sign-in with your one-time code first.");
    expect((await browser.post(STAFF.verification, { token: await lastSmsCode(testApp), remember_device: true })).statusCode).toBe(200);
    expect(await liveDevices(user.id)).toHaveLength(1);

    expect((await browser.post(STAFF.setupOtp, { phone: "(647) 555-0199" })).statusCode).toBe(200);
    const sms = await lastSmsTo(testApp, "+16475550199");
    expect(sms!.text).toMatch(/sign-in code is \d{6}/);
    expect((await browser.post(STAFF.confirmOtpDevice, { token: sms!.text.match(/\d{6}/)![0], remember_device: false, phone: "(647) 555-0199" })).statusCode).toBe(200);
    expect((await userRow(user.id)).phone).toBe("+16475550199");
    expect(await liveDevices(user.id)).toHaveLength(0);

    // The revoked device no longer skips the code.
    await browser.post(STAFF.logout);
    const login = await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect(login.json()).toMatchObject({ verified: false, sent: true, masked_phone: "(***) ***-0199" });
    expect((await lastSmsTo(testApp, "+16475550199"))!.id).toBeGreaterThan(sms!.id);
  });
});

describe("authenticator app", () => {
  it("sets up with a first code, then signs in with the app's codes, each accepted once", async () => {
    const user = await createStaffUser(testApp);
    const browser = await browserAt(testApp);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect((await browser.post(STAFF.setupTotp)).statusCode).toBe(403);
    await browser.post(STAFF.verification, { token: await lastSmsCode(testApp) });

    const notStarted = await browser.post(STAFF.confirmTotp, { token: "123456" }, { "accept-language": "en" });
    expect(notStarted.json()).toEqual({ non_field_errors: ["Start the authenticator app setup first."] });
    const setup = await browser.post(STAFF.setupTotp);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Showroom:staff\..*\?secret=[A-Z2-7]+/);
    const stored = await userRow(user.id);
    expect(stored.totpPendingSecret).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect((await browser.post(STAFF.confirmTotp, { token: totpNow(secret, 300) })).statusCode).toBe(400);
    const confirmed = await browser.post(STAFF.confirmTotp, { token: totpNow(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ has_authenticator: true, verified: true });

    testApp.clock.advance(60_000);
    await browser.post(STAFF.logout);
    const login = await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect(login.json()).toMatchObject({ sent: false, reason: "authenticator", has_authenticator: true });
    const token = totpNow(secret);
    expect((await browser.post(STAFF.verification, { token })).statusCode).toBe(200);
    // The same code, replayed in another attempt, is refused; a code from 30 seconds ago is fine once.
    const replay = await browserAt(testApp);
    await replay.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect((await replay.post(STAFF.verification, { token })).statusCode).toBe(400);
    testApp.clock.advance(30_000);
    expect((await replay.post(STAFF.verification, { token: totpNow(secret) })).statusCode).toBe(200);
  });

  it("still offers the SMS code to a user with an app", async () => {
    const user = await createStaffUser(testApp);
    const browser = await staffSignIn(testApp, "maple-auto", user.email);
    const { secret } = (await browser.post(STAFF.setupTotp)).json();
    expect((await browser.post(STAFF.confirmTotp, { token: totpNow(secret) })).statusCode).toBe(200);
    await browser.post(STAFF.logout);
    await browser.post(STAFF.login, { email: user.email, password: DEMO_PASSWORD });
    expect((await browser.post(STAFF.sendOtp)).statusCode).toBe(200);
    expect((await browser.post(STAFF.verification, { token: await lastSmsCode(testApp) })).statusCode).toBe(200);
  });
});
