import { and, eq, isNotNull } from "drizzle-orm";
import fc from "fast-check";
import type { Response } from "light-my-request";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTrims } from "../modules/build-and-price/tables.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { registeredShopper } from "../test/customers.ts";
import { fieldNamesOf, operationsOf, requestsFor, type FuzzRequest, type Operation } from "../test/fuzz-requests.ts";
import type { Vocabulary } from "../test/fuzz-values.ts";
import { client, createTestApp, ORIGIN, type TestApp } from "../test/test-app.ts";

/**
 * Issue 14.5, "no 500 for bad input": every operation of the OpenAPI document the app serves gets malformed
 * paths, queries and bodies from three callers (anonymous, a signed-in customer, a signed-in dealer admin),
 * with session cookie, CSRF token and Origin so unsafe calls reach their handlers. No answer may be a 5xx,
 * carry an internal error code, a stack trace or database text, and a 400 is DRF-shaped.
 * No operation is skipped: a call that signs the caller out (logout, end of an acting session, account
 * deletion) is followed by a fresh sign-in of the same caller. About 4,600 requests by default, some seconds
 * on PGlite; FUZZ_SEED and FUZZ_RUNS (runs per operation and caller) override the reproducible defaults.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Internals that must never reach a caller: Fastify codes, stack frames, SQL and driver texts. */
const LEAKS = [
  /FST_ERR/,
  /\bstack\b/i,
  /\bat \S+ \(\S+:\d+:\d+\)/,
  /\.[cm]?[jt]s:\d+/,
  /node_modules/,
  /syntax error at or near|invalid input syntax|out of range for type|violates \w+ (key )?constraint|null value in column/i,
  /value too long for type|invalid byte sequence|unsupported Unicode escape|duplicate key value|column "[^"]+" (of relation|does not exist)/i,
  /\bselect\s[^]*\sfrom\s+"|insert into\s+"|delete from\s+"|update\s+"\w+"\s+set\b/i,
  /PGlite|PostgresError|DrizzleError|DatabaseError|ZodError/,
];

let testApp: TestApp;
let operations: Operation[];
let words: Vocabulary;

type Caller = { name: string; browser: ReturnType<typeof client>; renew(): Promise<void> };
let callers: Caller[];

beforeAll(async () => {
  testApp = await createTestApp({ rateLimitPerMinute: 1e6, signInLimitPer15Minutes: 1e6 });
  const docs = await client(testApp, null).get("/api/docs/json");
  expect(docs.statusCode).toBe(200);
  const doc = docs.json();
  operations = operationsOf(doc);

  const anonymous: Caller = {
    name: "anonymous",
    browser: client(testApp),
    async renew() {
      this.browser = client(testApp);
      await this.browser.get("/api/i18n/");
    },
  };
  // A registered shopper with a saved deal. After a call that signs them out (logout, sign-in code, acting) they
  // are signed in again; should the account be gone (deleted through the API), a new shopper signs up.
  const shopper = await registeredShopper(testApp);
  const listed = (await shopper.shopper.get("/api/quickshop/inventory/"))
    .json<{ results: { id: number }[] }>()
    .results.slice(0, 3);
  const order = await shopper.shopper.post("/api/order/", { vehicle: listed[0]!.id });
  expect(order.statusCode, order.body).toBe(201);
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  let customerId = shopper.customer.id;
  const customer: Caller = {
    name: "customer",
    browser: shopper.shopper,
    async renew() {
      const browser = client(testApp);
      const { id } = await testApp.app.sessions.signIn(null, { dealershipId: maple!.id, customerId });
      browser.jar.store([`sessionid=${id}; Path=/`]);
      if ((await browser.get("/api/customer/current_user/")).statusCode === 200) {
        this.browser = browser;
      } else {
        const fresh = await registeredShopper(testApp);
        customerId = fresh.customer.id;
        this.browser = fresh.shopper;
        await tradeInsOf(fresh.shopper, null);
      }
    },
  };
  // A dealer admin with the second factor passed; signed in again after a logout or acting for a customer.
  const staff: Caller = {
    name: "staff",
    browser: client(testApp),
    async renew() {
      this.browser = client(testApp);
      await this.browser.signInAsStaff("admin@maple-auto.example");
    },
  };
  await anonymous.renew();
  await staff.renew();
  callers = [anonymous, customer, staff];
  // Ids of rows that exist (the customer, their deal, listed and configurable vehicles, catalogue trims), so
  // malformed input also reaches handlers past their lookups.
  const configurable = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, maple!.id), isNotNull(vehicles.jatoId)))
    .limit(2);
  const trims = await db.select({ id: buildTrims.unhaggleTrimId }).from(buildTrims).limit(2);

  // An appointment of the shopper's deal (a slot of the calendar), so the appointment calls reach past their lookups.
  const slot = (await shopper.shopper.get("/api/appointment/slots/")).json<{ slots: { datetime: string }[] }>().slots[0]!;
  const appointment = await shopper.shopper.post("/api/appointment/", { path: "/orders/", datetime: slot.datetime, order_id: order.json<{ id: number }>().id, kind: "dealership" });
  expect(appointment.statusCode, appointment.body).toBe(201);

  const knownIds = [
    shopper.customer.id,
    order.json<{ id: number }>().id,
    appointment.json<{ id: number }>().id,
    ...listed.map((v) => v.id),
    ...configurable.map((v) => v.id),
    ...trims.map((t) => t.id),
  ];
  words = { fieldNames: fieldNamesOf(doc), knownIds };
  // Trade-ins of the shopper's (one towards the deal), so the trade-in calls read their bodies: a draft takes photos.
  await tradeInsOf(shopper.shopper, order.json<{ id: number }>().id);
}, 120_000);

let tradeInIds: number[] = [];
/** Two draft trade-ins of this shopper, whose ids the later operations' paths may name (instead of those of a shopper gone). */
async function tradeInsOf(browser: ReturnType<typeof client>, orderId: number | null) {
  words.knownIds = words.knownIds.filter((id) => !tradeInIds.includes(id));
  tradeInIds = [];
  for (const body of [{ order: orderId }, {}]) {
    const response = await browser.post("/api/trade-in/", body);
    expect(response.statusCode, response.body).toBe(201);
    tradeInIds.push(response.json<{ id: number }>().id);
  }
  words.knownIds.push(...tradeInIds);
}

afterAll(async () => {
  await testApp?.close();
});

let sent = 0;

/**
 * Sends the request as the caller's browser would, but with exactly the content type (or none) the case names,
 * and from an address of its own: routes keep fixed limits of their own (10 lead forms a minute from one
 * address, 5 order links in 15 minutes) that would otherwise answer 429 before the input is even read.
 */
async function send(caller: Caller, request: FuzzRequest): Promise<Response> {
  const jar = caller.browser.jar;
  sent += 1;
  const response = await testApp.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    headers: {
      "x-dealer-code": "maple-auto",
      cookie: jar.header(),
      ...(request.method !== "GET" ? { origin: ORIGIN, "x-csrftoken": jar.get("csrftoken") ?? "" } : {}),
      ...(request.contentType ? { "content-type": request.contentType } : {}),
    },
    ...(request.payload !== null ? { payload: request.payload } : {}),
  });
  jar.store(response.headers["set-cookie"]);
  return response;
}

/** What is wrong with an answer to bad input, or null. */
function problemWith(response: Response): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  const leak = LEAKS.find((pattern) => pattern.test(response.body));
  if (leak) return `leaks ${leak}`;
  if (response.statusCode === 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return "400 that is not JSON";
    }
    const drf =
      body !== null &&
      typeof body === "object" &&
      !Array.isArray(body) &&
      Object.values(body).every(
        (v) => typeof v === "string" || (Array.isArray(v) && v.every((m) => typeof m === "string")),
      );
    if (!drf) return "400 that is not DRF-shaped";
  }
  return null;
}

const signsOutOrIn = (response: Response) =>
  [response.headers["set-cookie"] ?? []].flat().some((line) => line.startsWith("sessionid="));

it(
  "answers malformed requests to every operation without a 5xx or a leak of internals",
  { timeout: 90_000 },
  async () => {
    const started = Date.now();
    const statuses = new Map<number, number>();
    const failures = new Map<string, string>();
    let property = 0;
    expect(operations.length).toBeGreaterThan(50);

    for (const caller of callers) {
      for (const operation of operations) {
        property += 1;
        await fc.assert(
          fc.asyncProperty(requestsFor(operation, words), async (request) => {
            const response = await send(caller, request);
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const problem = problemWith(response);
            const key = `${caller.name} ${operation.method} ${operation.path}: ${problem}`;
            if (problem && !failures.has(key)) {
              const payload =
                request.payload === null
                  ? ""
                  : ` ${request.contentType} ${JSON.stringify(request.payload.slice(0, 300))}`;
              failures.set(
                key,
                `${request.method} ${request.url.slice(0, 300)}${payload} -> ${response.body.slice(0, 300)}`,
              );
            }
            // A call that signed the caller out, or in as someone else, is followed by a fresh sign-in.
            if (signsOutOrIn(response)) await caller.renew();
          }),
          { seed: SEED + property, numRuns: RUNS },
        );
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const seen = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    console.log(
      `openapi fuzz (seed ${SEED}, ${RUNS} runs per operation and caller): ${sent} requests to ${operations.length} operations in ${seconds} s; ${seen}`,
    );
    expect([...failures].map(([key, example]) => `${key}\n    ${example}`)).toEqual([]);
    expect(sent).toBe(operations.length * callers.length * RUNS);
  },
);
