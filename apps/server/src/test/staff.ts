import { and, desc, eq, sql } from "drizzle-orm";
import { DEMO_PASSWORD } from "../seed/demo-dealerships.ts";
import { outbox } from "../modules/notifications/tables.ts";
import { dealerUsers } from "../modules/dealer-auth/tables.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { client, type TestApp } from "./test-app.ts";

export { DEMO_PASSWORD };
/** Every demo staff user's phone. */
export const DEMO_STAFF_PHONE = "+14165550199";

export const STAFF = {
  login: "/api/quickshop/user/login/",
  logout: "/api/quickshop/user/logout/",
  currentUser: "/api/quickshop/user/current_user/",
  sendOtp: "/api/quickshop/user/send_otp/",
  verification: "/api/quickshop/user/verification/",
  setupOtp: "/api/quickshop/user/setup_otp/",
  confirmOtpDevice: "/api/quickshop/user/confirm_otp_device/",
  setupTotp: "/api/quickshop/user/setup_totp/",
  confirmTotp: "/api/quickshop/user/confirm_totp/",
  resetPassword: "/api/quickshop/reset-password/",
  resetPasswordConfirm: "/api/quickshop/reset-password/confirm/",
  endCustomerSession: "/api/quickshop/user/end_customer_session/",
  backToDealerPanel: "/api/quickshop/user/back_to_dealer_panel/",
} as const;

export type Browser = ReturnType<typeof client>;

/** The newest SMS queued for this number. */
export async function lastSmsTo(testApp: TestApp, to: string) {
  const [row] = await testApp.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "sms"), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ? { id: row.id, ...(row.payload as { to: string; text: string }) } : null;
}

export async function lastSmsCode(testApp: TestApp, to = DEMO_STAFF_PHONE): Promise<string> {
  const code = (await lastSmsTo(testApp, to))?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A browser that has loaded a page (so it holds a session and its CSRF token). */
export async function browserAt(testApp: TestApp, dealerCode = "maple-auto") {
  const browser = client(testApp, dealerCode);
  await browser.get("/api/i18n/");
  return browser;
}

let staffCounter = 0;
/**
 * A staff user of the test's own (the demo password, the demo phone unless given), so tests of limits,
 * locks and devices touch nobody else. Dealership staff by default, of `dealerCode`.
 */
export async function createStaffUser(testApp: TestApp, options: Partial<typeof dealerUsers.$inferInsert> & { dealerCode?: string } = {}) {
  const { dealerCode = "maple-auto", ...overrides } = options;
  const db = testApp.database.db;
  const [template] = await db.select().from(dealerUsers).where(sql`lower(${dealerUsers.email}) = ${"sales-rep@maple-auto.example"}`);
  const [dealership] = await db.select().from(dealerships).where(eq(dealerships.code, dealerCode));
  const unique = `${Date.now().toString(36)}.${(staffCounter += 1)}`;
  const [row] = await db
    .insert(dealerUsers)
    .values({
      uid: `staff-test-${unique}`,
      email: `staff.${unique}@${dealerCode}.example`,
      firstName: "Sam",
      lastName: `Lee ${staffCounter}`,
      role: "dealer_sales_rep",
      dealershipId: dealership!.id,
      phone: DEMO_STAFF_PHONE,
      passwordHash: template!.passwordHash,
      ...overrides,
    })
    .returning();
  return row!;
}

/** The whole staff sign-in: password, then the SMS code it sent. */
export async function staffSignIn(testApp: TestApp, dealerCode: string, email: string, options: { rememberDevice?: boolean; browser?: Browser } = {}) {
  const browser = options.browser ?? (await browserAt(testApp, dealerCode));
  const login = await browser.post(STAFF.login, { email, password: DEMO_PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  if (login.json().reason === "throttled") throw new Error(`too many codes for ${email} in 15 minutes: use createStaffUser`);
  if (!login.json().verified) {
    const verified = await browser.post(STAFF.verification, { token: await lastSmsCode(testApp), remember_device: options.rememberDevice ?? false });
    if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  }
  return browser;
}
