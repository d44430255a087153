import { CHAT_PROVIDER_ORIGINS, homeDealershipSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { pageContentSecurityPolicy } from "./security-headers.ts";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? null;

describe("a page's Content-Security-Policy and the dealership's chat provider", () => {
  it("allows no chat host at all without a provider", () => {
    const policy = pageContentSecurityPolicy("n");
    for (const origin of Object.values(CHAT_PROVIDER_ORIGINS)) expect(policy).not.toContain(origin);
    expect(directive(policy, "frame-src")).toBeNull();
  });

  it("allows only the configured provider's origin to load its script, frames, calls and pictures", () => {
    const gubagoo = CHAT_PROVIDER_ORIGINS.GUBAGOO;
    const policy = pageContentSecurityPolicy("n", { chatOrigins: [gubagoo] });
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-n' ${gubagoo}`);
    expect(directive(policy, "frame-src")).toBe(`frame-src ${gubagoo}`);
    expect(directive(policy, "connect-src")).toBe(`connect-src 'self' ${gubagoo}`);
    expect(directive(policy, "img-src")).toBe(`img-src 'self' data: blob: ${gubagoo}`);
    for (const [provider, origin] of Object.entries(CHAT_PROVIDER_ORIGINS)) {
      if (provider !== "GUBAGOO") expect(policy).not.toContain(origin);
    }
  });

  it("keeps Stripe's sources beside the chat's, and never lets a forged origin in", () => {
    const policy = pageContentSecurityPolicy("n", { stripe: true, chatOrigins: [CHAT_PROVIDER_ORIGINS.LIVEPERSON, "https://x.example; script-src *", "*"] });
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-n' https://js.stripe.com ${CHAT_PROVIDER_ORIGINS.LIVEPERSON}`);
    expect(directive(policy, "frame-src")).toBe(`frame-src https://js.stripe.com https://hooks.stripe.com ${CHAT_PROVIDER_ORIGINS.LIVEPERSON}`);
    expect(policy).not.toContain("x.example");
    expect(policy.split(";").filter((d) => d.trim().startsWith("script-src"))).toHaveLength(1);
  });
});

describe("the dealer info's chat settings", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("names the provider and the account of a dealership that has chat, and none for one that has not", async () => {
    const lakeshore = homeDealershipSchema.parse((await client(testApp, "lakeshore-buffalo").get("/api/quickshop/dealership/home-dealership/")).json());
    expect(lakeshore).toMatchObject({ customer_messaging: "GUBAGOO", customer_messaging_account_id: "lakeshore-buffalo-7731" });
    expect(lakeshore.header_variant).toBe("checkout");
    expect(lakeshore.vdp_modular_card_experience).toBe("slide-in");
    expect(lakeshore.welcome_modal).toBe(true);
    const maple = homeDealershipSchema.parse((await client(testApp, "maple-auto").get("/api/quickshop/dealership/home-dealership/")).json());
    expect(maple).toMatchObject({ customer_messaging: null, customer_messaging_account_id: null, header_variant: "classic" });
    expect(maple.privacy_policy?.fr).toContain("Maple Auto Toronto recueille");
  });
});
