import { and, desc, eq, sql } from "drizzle-orm";
import { outbox } from "../modules/notifications/tables.ts";
import { client, type TestApp } from "./test-app.ts";

let counter = 0;
/** An email no other test uses. */
export const uniqueEmail = (prefix = "shopper") => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  first_name: "Jeanne",
  last_name: "Tremblay",
  phone: "(416) 555-0142",
  base_consents_responses: { disclosure_tokenization: true, terms_and_conditions: true },
  ...overrides,
});

/** The newest email queued for this address. */
export async function lastEmailTo(testApp: TestApp, to: string) {
  const [row] = await testApp.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ? (row.payload as { to: string; subject: string; text: string }) : null;
}

export async function lastCodeSentTo(testApp: TestApp, to: string): Promise<string> {
  const mail = await lastEmailTo(testApp, to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A shopper who registered (and so is signed in) at the dealership. */
export async function registeredShopper(testApp: TestApp, dealerCode = "maple-auto", overrides: Record<string, unknown> = {}) {
  const shopper = client(testApp, dealerCode);
  await shopper.get("/api/i18n/");
  const body = registration(overrides);
  const response = await shopper.post("/api/customer/", body);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return { shopper, email: body.email, customer: response.json<{ id: number; email: string; tokenized_url: string }>() };
}
