import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCodeSentTo, lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { customerCodes, customers } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

async function freshClient() {
  const c = client(testApp, "maple-auto");
  await c.get("/api/i18n/");
  return c;
}
const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("pausing sign-in after wrong codes (NIST SP 800-63B throttling)", () => {
  it("does not count guesses for an email that was sent no code: 100 of them leave the owner free to sign in", async () => {
    const { email, customer } = await registeredShopper(testApp);
    const attacker = await freshClient();
    for (let i = 0; i < 100; i += 1) {
      const guess = await attacker.post("/api/customer/verify_reentry_code/", { email, code: String(i).padStart(6, "0") });
      expect(guess.statusCode).toBe(400);
    }
    const [row] = await testApp.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ failedCodeAttempts: 0, codeLockedUntil: null });

    const owner = await freshClient();
    await owner.post("/api/customer/send_reentry_code/", { email });
    const signedIn = await owner.post("/api/customer/verify_reentry_code/", { email, code: await lastCodeSentTo(testApp, email) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("does not count guesses past a code's 5 tries", async () => {
    const { email, customer } = await registeredShopper(testApp);
    const attacker = await freshClient();
    await attacker.post("/api/customer/send_reentry_code/", { email });
    const wrong = wrongCodeFor(await lastCodeSentTo(testApp, email));
    for (let i = 0; i < 30; i += 1) await attacker.post("/api/customer/verify_reentry_code/", { email, code: wrong });
    const [row] = await testApp.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.failedCodeAttempts).toBe(5);
  });

  it("pauses sign-in for an hour at the 100th wrong code, tells the owner by email, and lets them back in with a new code afterwards", async () => {
    const { email, customer } = await registeredShopper(testApp);
    await testApp.database.db.update(customers).set({ failedCodeAttempts: 99 }).where(eq(customers.id, customer.id));
    const c = await freshClient();
    await c.post("/api/customer/send_reentry_code/", { email });
    const code = await lastCodeSentTo(testApp, email);
    expect((await c.post("/api/customer/verify_reentry_code/", { email, code: wrongCodeFor(code) })).statusCode).toBe(400);

    // Paused: even the right code answers like a wrong one, so the answer tells nobody the account exists.
    const paused = await c.post("/api/customer/verify_reentry_code/", { email, code });
    expect(paused.statusCode).toBe(400);
    expect(paused.json().code).toEqual(["Code is incorrect"]);
    expect((await c.get("/api/customer/current_user/")).statusCode).toBe(403);

    // Asking for a code while paused answers as always; the owner gets an explanation instead of a code.
    testApp.clock.advance(20 * 60_000);
    const asked = await c.post("/api/customer/send_reentry_code/", { email });
    expect(asked.statusCode).toBe(200);
    const mail = await lastEmailTo(testApp, email);
    expect(mail?.subject).toMatch(/Sign-in paused/);
    expect(mail?.text).toMatch(/another 40 minutes/);
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);

    testApp.clock.advance(40 * 60_000 + 1000);
    const owner = await freshClient();
    await owner.post("/api/customer/send_reentry_code/", { email });
    const fresh = await lastCodeSentTo(testApp, email);
    const back = await owner.post("/api/customer/verify_reentry_code/", { email, code: fresh });
    expect(back.statusCode, back.body).toBe(200);
    const [row] = await testApp.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ failedCodeAttempts: 0, codeLockedUntil: null });
  });
});

describe("send_reentry_code does not tell who has an account", () => {
  it("answers a known and an unknown email with the same body and headers, each writing one code row", async () => {
    const { email: known } = await registeredShopper(testApp, "maple-auto", { email: `sam.${Date.now()}@example.com` });
    const unknown = `sue.${Date.now()}@example.com`;
    const c = await freshClient();
    const codeRows = async () => (await testApp.database.db.select({ n: count() }).from(customerCodes))[0]!.n;
    const before = await codeRows();
    const a = await c.post("/api/customer/send_reentry_code/", { email: known });
    const afterKnown = await codeRows();
    const b = await c.post("/api/customer/send_reentry_code/", { email: unknown });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ email: "s***@e***.com", phone: null, name: null });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect([afterKnown - before, (await codeRows()) - afterKnown]).toEqual([1, 1]);
    expect(await lastEmailTo(testApp, unknown)).toBeNull();
  });
});
