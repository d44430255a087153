import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";

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
