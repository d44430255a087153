import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { client, type TestApp } from "./test-app.ts";

type Browser = ReturnType<typeof client>;

export async function dealershipRow(testApp: TestApp, code: string) {
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, code));
  return row!;
}

/** Changes a dealership's profile (and its enabled modules) for the rest of the file's tests; returns what to restore. */
export async function setDealership(
  testApp: TestApp,
  code: string,
  changes: Record<string, unknown>,
  enabledModules?: string[],
) {
  const row = await dealershipRow(testApp, code);
  await testApp.database.db
    .update(dealerships)
    .set({
      profile: { ...row.profile, ...changes },
      ...(enabledModules && { moduleSettings: { ...row.moduleSettings, enabled_modules: enabledModules as never } }),
    })
    .where(eq(dealerships.id, row.id));
  testApp.app.dealerships.invalidate();
  return async () => {
    await testApp.database.db
      .update(dealerships)
      .set({ profile: row.profile, moduleSettings: row.moduleSettings })
      .where(eq(dealerships.id, row.id));
    testApp.app.dealerships.invalidate();
  };
}

/** The id of one of the dealership's listed vehicles (the `offset`-th priced above $20,000; in stock only: none reserved). */
export async function availableVehicle(testApp: TestApp, code: string, offset = 0, options: { inStock?: boolean } = {}) {
  const dealership = await dealershipRow(testApp, code);
  const rows = await testApp.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.dealershipId, dealership.id),
        eq(vehicles.available, true),
        sql`${vehicles.priceCents} > 2000000`,
        options.inStock ? eq(vehicles.stockStatus, "I") : undefined,
      ),
    )
    .orderBy(vehicles.id)
    .limit(1)
    .offset(offset);
  return rows[0]!.id;
}

/** A saved deal of the shopper's, with a finance payment they priced. */
export async function savedDeal(testApp: TestApp, shopper: Browser, code = "maple-auto", offset = 0, options: { inStock?: boolean } = {}) {
  const vehicle = await availableVehicle(testApp, code, offset, options);
  const priced = await shopper.post("/api/payment-type/finance/pricing/", {
    inventory: vehicle,
    use_fallback_values: true,
  });
  expect(priced.statusCode, priced.body).toBe(200);
  const saved = await shopper.post("/api/order/", { vehicle, payment_option: priced.json().id });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json<{
    id: number;
    vehicle: { id: number };
    payment: { payment: string; payment_type: string } | null;
  }>();
}

/** A browser signed in as a seeded staff user (second factor passed) at a dealership. */
export async function staffAt(testApp: TestApp, email: string, code = "maple-auto") {
  const staff = client(testApp, code);
  await staff.get("/api/i18n/");
  await staff.signInAsStaff(email);
  return staff;
}

/** A multipart/form-data body: the fields, then the file part. */
export function multipart(fields: Record<string, string>, file?: { filename: string; type: string; bytes: Buffer }) {
  const boundary = `----showroom${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A request with a raw body (multipart) as the browser sends it: cookies, tenant, CSRF token and Origin. */
export async function sendRaw(
  testApp: TestApp,
  browser: Browser,
  method: "POST" | "PATCH" | "GET" | "DELETE",
  url: string,
  body?: { payload: Buffer | string; contentType: string },
  dealerCode = "maple-auto",
) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: {
      "x-dealer-code": dealerCode,
      cookie: browser.jar.header(),
      ...(method !== "GET"
        ? { origin: "http://localhost:3000", "x-csrftoken": browser.jar.get("csrftoken") ?? "" }
        : {}),
      ...(body ? { "content-type": body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
  browser.jar.store(response.headers["set-cookie"]);
  return response;
}
