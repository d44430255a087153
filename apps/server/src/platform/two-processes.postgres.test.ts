import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { queueEmail } from "../modules/notifications/service.ts";
import { outbox } from "../modules/notifications/tables.ts";
import { registration } from "../test/customers.ts";
import { client, freshDatabase, testAppOn, type TestApp } from "../test/test-app.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("two server processes on one PostgreSQL database behave as one server", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const fresh = await freshDatabase({ seeded: true });
    const overrides = { rateLimitPerMinute: 6, signInLimitPer15Minutes: 1_000 };
    a = await testAppOn(fresh.database, overrides, fresh.drop);
    // The second process: its own app and its own connection pool to the same database.
    b = await testAppOn(await openDatabase({ databaseUrl: fresh.url! }), overrides);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("accepts a session and a CSRF token started on one process on the other", async () => {
    const shopperA = client(a);
    await shopperA.get("/api/i18n/");
    const signedUp = await shopperA.post("/api/customer/", registration());
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const shopperB = client(b);
    shopperB.jar.store([`sessionid=${shopperA.jar.get("sessionid")}`, `csrftoken=${shopperA.jar.get("csrftoken")}`]);
    const current = await shopperB.get("/api/customer/current_user/");
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(signedUp.json().id);
    // An unsafe call on B with the token A issued.
    const changed = await shopperB.request("PATCH", `/api/customer/${signedUp.json().id}/`, { body: { first_name: "Josée" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await shopperA.get("/api/customer/current_user/")).json().first_name).toBe("Josée");
  });

  it("counts one rate limit across both", async () => {
    // A fresh minute on both clocks: the calls above do not count.
    a.clock.advance(61_000);
    b.clock.advance(61_000);
    const visitors = [client(a), client(b)];
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await visitors[i % 2]!.get("/api/quickshop/dealership/home-dealership/")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it("delivers each outbox message once when both deliver at the same time", async () => {
    await a.app.notifications.deliverPending({ limit: 100 }); // what earlier tests queued
    const [maple] = await a.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
    for (let i = 0; i < 40; i++) {
      await queueEmail(a.database.db, { dealershipId: maple!.id, to: `twice${i}@example.com`, subject: "s", text: `m${i}`, language: "en", now: a.clock.now });
    }
    const [fromA, fromB] = await Promise.all([a.app.notifications.deliverPending({ limit: 100 }), b.app.notifications.deliverPending({ limit: 100 })]);
    const sent = await a.database.db.select().from(outbox).where(like(sql`${outbox.payload}->>'to'`, "twice%"));
    expect(fromA.sent + fromB.sent).toBe(40);
    expect(sent).toHaveLength(40);
    expect(sent.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe.skipIf(!adminUrl)("searches on two server processes", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const fresh = await freshDatabase({ seeded: true });
    a = await testAppOn(fresh.database, {}, fresh.drop);
    b = await testAppOn(await openDatabase({ databaseUrl: fresh.url! }));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("answers a search on one with a vehicle changed on the other the moment the change has committed", async () => {
    const shopper = client(b);
    const search = async (query: string) => {
      const answer = await shopper.get(`/api/quickshop/inventory/${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { count: number; results: { id: number; make: string }[] };
    };
    const [listed] = (await search("")).results;
    const [before] = await a.database.db.select({ make: vehicles.make }).from(vehicles).where(eq(vehicles.id, listed!.id));
    try {
      for (let i = 0; i < 25; i++) {
        const make = `Zephyr${i}`;
        // B has answered this search (and kept the answer) before the write.
        expect((await search(`?make=${make}`)).count).toBe(0);
        await a.database.db.update(vehicles).set({ make }).where(eq(vehicles.id, listed!.id));
        expect((await search(`?make=${make}`)).count).toBe(1);
      }
    } finally {
      await a.database.db.update(vehicles).set({ make: before!.make }).where(eq(vehicles.id, listed!.id));
    }
  });
});
