import { dealerUserSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

const CURRENT_USER = "/api/quickshop/user/current_user/";

describe("anonymous", () => {
  it.each(["maple-auto", "boulevard-laval", "lakeshore-buffalo", "maple-vw-ottawa"])("answers 403 on %s", async (code) => {
    const response = await client(testApp, code).get(CURRENT_USER, { "accept-language": "en" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "Authentication credentials were not provided." });
  });
});

describe("signed-in staff", () => {
  it.each([
    ["sales-rep", "dealer_sales_rep", "Sales representative"],
    ["sales-manager", "dealer_sales_manager", "Sales manager"],
    ["admin", "dealer_admin", "Dealer administrator"],
  ])("answers the %s of maple-auto with role %s", async (prefix, role, roleVerbose) => {
    const browser = client(testApp, "maple-auto");
    const user = await browser.signInAsStaff(`${prefix}@maple-auto.example`, { secondFactorVerified: false });
    const response = await browser.get(CURRENT_USER);
    expect(response.statusCode).toBe(200);
    const body = dealerUserSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      id: user.id,
      email: `${prefix}@maple-auto.example`,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: `${user.firstName} ${user.lastName}`,
      role,
      role_verbose: roleVerbose,
      is_super_admin: false,
      fully_authenticated: false,
    });
  });

  it("answers the role in French for a French browser", async () => {
    const browser = client(testApp, "boulevard-laval");
    await browser.signInAsStaff("admin@boulevard-laval.example");
    const response = await browser.get(CURRENT_USER, { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(200);
    expect(dealerUserSchema.parse(response.json()).role_verbose).toBe("Administrateur de la concession");
  });

  it("answers each dealership's own staff user, and never hands out the password hash", async () => {
    for (const code of ["boulevard-laval", "lakeshore-buffalo", "maple-vw-ottawa"]) {
      const browser = client(testApp, code);
      await browser.signInAsStaff(`sales-rep@${code}.example`);
      const response = await browser.get(CURRENT_USER);
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(`sales-rep@${code}.example`);
      expect(response.payload).not.toMatch(/password|argon2/i);
    }
  });

  it("refuses a staff user's session on another storefront", async () => {
    const browser = client(testApp, "lakeshore-buffalo");
    await browser.signInAsStaff("sales-rep@lakeshore-buffalo.example");
    const response = await browser.get(CURRENT_USER, { "x-dealer-code": "maple-auto" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "You do not have access to this dealership." });
  });
});
