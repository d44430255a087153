import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./security-headers.ts";

describe("a page's Content-Security-Policy", () => {
  it("allows only its own pictures: feed photos come through the image route, so no feed's host is named", () => {
    const policy = pageContentSecurityPolicy("n0nce");
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).toContain("script-src 'self' 'nonce-n0nce'");
  });

  it("never lets configured text add a directive or widen img-src", () => {
    const forged = [
      "https://x.example; script-src *",
      "https://x.example 'unsafe-inline'",
      "https:",
      "*",
      "https://*.example",
      "javascript:alert(1)",
      "https://x.example/path",
    ];
    const policy = pageContentSecurityPolicy("n", { chatOrigins: forged });
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy.split(";").filter((d) => d.trim().startsWith("script-src"))).toEqual([" script-src 'self' 'nonce-n'"]);
  });

  it("lets Stripe.js and its card frames load only when the deposits take cards through Stripe", () => {
    const sandbox = pageContentSecurityPolicy("n");
    expect(sandbox).not.toContain("stripe");
    expect(sandbox).not.toContain("frame-src");
    const stripe = pageContentSecurityPolicy("n", { stripe: true });
    expect(stripe).toContain("script-src 'self' 'nonce-n' https://js.stripe.com;");
    expect(stripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;");
  });
});
