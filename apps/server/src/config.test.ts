import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const secrets = { SESSION_SECRET: "s".repeat(40), DATA_ENCRYPTION_KEY: "k".repeat(40) };

describe("configuration", () => {
  it("requires PUBLIC_URL in production, so no emailed link is built from a request's Host", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ...secrets })).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: "production", ...secrets, PUBLIC_URL: "https://cars.example.com/" }).publicUrl).toBe("https://cars.example.com");
    expect(loadConfig({ NODE_ENV: "development", ...secrets, PORT: "3400" }).publicUrl).toBe("http://localhost:3400");
    expect(() => loadConfig({ NODE_ENV: "production", ...secrets, PUBLIC_URL: "ftp://cars.example.com" })).toThrow(/PUBLIC_URL/);
  });

  it("trusts no proxy unless TRUST_PROXY names them", () => {
    expect(loadConfig({ ...secrets }).trustProxy).toBe(false);
    expect(loadConfig({ ...secrets, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...secrets, TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    expect(() => loadConfig({ ...secrets, TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });

  it("runs several server processes only on PostgreSQL (the embedded database opens in one process)", () => {
    expect(loadConfig({ ...secrets }).workers).toBe(1);
    expect(loadConfig({ ...secrets, WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/showroom" }).workers).toBe(2);
    expect(() => loadConfig({ ...secrets, WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ ...secrets, WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/showroom" })).toThrow(/WEB_CONCURRENCY/);
  });
});
