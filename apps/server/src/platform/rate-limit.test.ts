import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { windowMs } from "./rate-limit.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ rateLimitPerMinute: 5 });
});

afterAll(async () => {
  await testApp?.close();
});

describe("rate limiting", () => {
  it("answers 429 with a detail to the 6th request within a minute", async () => {
    const browser = client(testApp, "maple-auto");
    for (let i = 1; i <= 5; i++) {
      const response = await browser.get("/api/quickshop/dealership/home-dealership/");
      expect(response.statusCode, `request ${i}`).toBe(200);
    }
    const limited = await browser.get("/api/quickshop/dealership/home-dealership/");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toMatch(/^application\/json/);
    const body = limited.json();
    expect(typeof body.detail).toBe("string");
    expect(body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.payload).not.toMatch(/stack/i);
  });

  it("keeps /api/health/ out of the limit", async () => {
    for (let i = 0; i < 8; i++) {
      const response = await client(testApp, null).get("/api/health/");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok", database: "ok" });
    }
  });
});

describe("the address a limit counts", () => {
  const codeRequest = (c: ReturnType<typeof client>, headers: Record<string, string>, i: number) =>
    c.post("/api/customer/send_reentry_code/", { email: `nobody.${i}@example.com` }, headers);

  it("ignores X-Forwarded-For when no proxy is trusted (the default)", async () => {
    const limited = await createTestApp({ signInLimitPer15Minutes: 3 });
    try {
      const c = client(limited, "maple-auto");
      await c.get("/api/i18n/");
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await codeRequest(c, { "x-forwarded-for": `203.0.113.${i + 1}` }, i)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("believes X-Forwarded-For from a proxy named in TRUST_PROXY, and the web tier's address only with its key", async () => {
    const limited = await createTestApp({ signInLimitPer15Minutes: 2, trustProxy: ["127.0.0.1"] });
    try {
      const c = client(limited, "maple-auto");
      await c.get("/api/i18n/");
      const forwarded = [];
      for (let i = 0; i < 4; i += 1) forwarded.push((await codeRequest(c, { "x-forwarded-for": `203.0.113.${i + 1}` }, i)).statusCode);
      expect(forwarded).toEqual([200, 200, 200, 200]);
      // A client that copies the web tier's header without its key is counted by its own address.
      const forged = [];
      for (let i = 0; i < 3; i += 1) forged.push((await codeRequest(c, { "x-showroom-client-address": `198.51.100.${i}`, "x-showroom-internal-key": "guess" }, 10 + i)).statusCode);
      expect(forged).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("each limit's own window, on the app's clock", () => {
  it("keeps the sign-in limit for 15 minutes, not one", async () => {
    const limited = await createTestApp({ signInLimitPer15Minutes: 2 });
    try {
      const c = client(limited, "maple-auto");
      await c.get("/api/i18n/");
      const ask = (i: number) => c.post("/api/customer/send_reentry_code/", { email: `window.${i}@example.com` });
      expect([(await ask(1)).statusCode, (await ask(2)).statusCode]).toEqual([200, 200]);
      const limitedNow = await ask(3);
      expect(limitedNow.statusCode).toBe(429);
      expect(Number(limitedNow.headers["retry-after"])).toBeGreaterThan(14 * 60);
      limited.clock.advance(62_000);
      expect((await ask(4)).statusCode).toBe(429);
      limited.clock.advance(14 * 60_000);
      expect((await ask(5)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("keeps the general limit to a minute, and counts API calls only", async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      const c = client(limited, "maple-auto");
      for (let i = 0; i < 5; i += 1) await c.get("/favicon.ico");
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await c.get("/api/i18n/")).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      limited.clock.advance(61_000);
      expect((await c.get("/api/i18n/")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts a signed-in visitor apart from the others behind the same address", async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 4 });
    try {
      const staff = client(limited, "maple-auto");
      await staff.signInAsStaff("sales-rep@maple-auto.example");
      const neighbour = client(limited, "maple-auto");
      for (let i = 0; i < 4; i += 1) await neighbour.get("/api/i18n/");
      expect((await neighbour.get("/api/i18n/")).statusCode).toBe(429);
      expect((await staff.get("/api/i18n/")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("a route's own limit", () => {
  it("counts its calls instead of the general limit, not as well", async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3, signInLimitPer15Minutes: 5 });
    try {
      const c = client(limited, "maple-auto");
      const general = [];
      for (let i = 0; i < 4; i += 1) general.push((await c.get("/api/i18n/")).statusCode);
      expect(general).toEqual([200, 200, 200, 429]);
      // The code requests count against their own 5 an address, untouched by the general limit used up above.
      const codes = [];
      for (let i = 0; i < 6; i += 1) codes.push((await c.post("/api/customer/send_reentry_code/", { email: `own.${i}@example.com` })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("reads its window as milliseconds or a number of seconds, minutes or hours", () => {
    expect(windowMs(1500)).toBe(1500);
    expect(windowMs("1 minute")).toBe(60_000);
    expect(windowMs("15 minutes")).toBe(900_000);
    expect(windowMs("30 seconds")).toBe(30_000);
    expect(windowMs("2 hours")).toBe(7_200_000);
    expect(() => windowMs("a fortnight")).toThrow(/N minutes/);
  });
});
