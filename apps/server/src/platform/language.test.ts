import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

async function negotiated(dealerCode: string, acceptLanguage?: string) {
  const response = await client(testApp, dealerCode).get("/api/i18n/", acceptLanguage ? { "accept-language": acceptLanguage } : undefined);
  expect(response.statusCode).toBe(200);
  return response.json() as { language: string; allowed_languages: string[] };
}

/** A browser that has read the storefront once, so it holds a session and a CSRF token. */
async function browserOf(dealerCode: string) {
  const browser = client(testApp, dealerCode);
  expect((await browser.get("/api/i18n/")).statusCode).toBe(200);
  return browser;
}

describe("negotiation from Accept-Language", () => {
  it("picks French on maple-auto for a French-Canadian browser", async () => {
    expect(await negotiated("maple-auto", "fr-CA,fr;q=0.9")).toEqual({ language: "fr-ca", allowed_languages: ["en-ca", "fr-ca"] });
  });

  it("honours quality weights", async () => {
    expect((await negotiated("maple-auto", "en;q=0.5,fr;q=0.8")).language).toBe("fr-ca");
    expect((await negotiated("maple-auto", "fr;q=0.5,en-CA;q=0.8")).language).toBe("en-ca");
  });

  it("falls back to en-ca on maple-auto for a language it does not offer", async () => {
    expect((await negotiated("maple-auto", "de-DE")).language).toBe("en-ca");
    expect((await negotiated("maple-auto")).language).toBe("en-ca");
  });

  it("answers en-us on lakeshore-buffalo even for a French browser", async () => {
    expect(await negotiated("lakeshore-buffalo", "fr-CA")).toEqual({ language: "en-us", allowed_languages: ["en-us"] });
    expect((await negotiated("lakeshore-buffalo", "en-GB")).language).toBe("en-us");
  });

  it("answers boulevard-laval's first language, French, when the browser says nothing", async () => {
    expect(await negotiated("boulevard-laval")).toEqual({ language: "fr-ca", allowed_languages: ["fr-ca", "en-ca"] });
  });

  it("answers English on boulevard-laval for an English browser", async () => {
    expect((await negotiated("boulevard-laval", "en-US,en;q=0.9")).language).toBe("en-ca");
  });

  it("ignores a malformed Accept-Language header", async () => {
    expect((await negotiated("maple-auto", ";;;,q=abc,*;q=x")).language).toBe("en-ca");
  });
});

describe("choosing a language", () => {
  it("stores the choice in a language cookie that wins over Accept-Language", async () => {
    const browser = await browserOf("maple-auto");
    const chosen = await browser.post("/api/i18n/", { language: "fr-ca" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: "fr-ca", allowed_languages: ["en-ca", "fr-ca"] });
    const cookie = [chosen.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("language="));
    expect(cookie).toMatch(/^language=fr-ca;/);
    expect(browser.jar.get("language")).toBe("fr-ca");

    const later = await browser.get("/api/i18n/", { "accept-language": "en" });
    expect(later.statusCode).toBe(200);
    expect(later.json().language).toBe("fr-ca");
  });

  it("accepts a bare language and maps it onto the offered locale", async () => {
    const browser = await browserOf("maple-auto");
    const chosen = await browser.post("/api/i18n/", { language: "fr" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe("fr-ca");
  });

  it("switches back to English", async () => {
    const browser = await browserOf("boulevard-laval");
    expect((await browser.post("/api/i18n/", { language: "fr-ca" })).json().language).toBe("fr-ca");
    expect((await browser.post("/api/i18n/", { language: "en-ca" })).json().language).toBe("en-ca");
    expect((await browser.get("/api/i18n/", { "accept-language": "fr-CA" })).json().language).toBe("en-ca");
  });

  it("answers errors in French once French is chosen", async () => {
    const browser = await browserOf("maple-auto");
    expect((await browser.post("/api/i18n/", { language: "fr-ca" })).statusCode).toBe(200);

    const notFound = await browser.get("/api/whatever/");
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ detail: "Introuvable." });

    const anonymous = await browser.get("/api/quickshop/user/current_user/");
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().detail).toBe("Les informations d’authentification n’ont pas été fournies.");

    const missing = await browser.post("/api/i18n/", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().language).toEqual(["Ce champ est obligatoire."]);

    const csrf = await browser.post("/api/i18n/", { language: "fr-ca" }, { "x-csrftoken": "" });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().detail).toMatch(/^Échec CSRF/);
  });

  it("answers errors in French for a French browser", async () => {
    const response = await client(testApp, "maple-auto").get("/api/whatever/", { "accept-language": "fr-CA" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Introuvable." });
  });

  it("answers tenant errors in French too", async () => {
    const unknown = await client(testApp, "no-such-dealer").get("/api/i18n/", { "accept-language": "fr-CA" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Concession introuvable." });

    const missing = await client(testApp, null).get("/api/i18n/", { "accept-language": "fr" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: "L’en-tête X-Dealer-Code est obligatoire." });

    const staff = client(testApp, "maple-auto");
    await staff.signInAsStaff("sales-rep@maple-auto.example");
    const mismatch = await staff.get("/api/i18n/", { "x-dealer-code": "boulevard-laval", "accept-language": "fr-CA" });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toEqual({ detail: "Vous n’avez pas accès à cette concession." });
  });

  it("keeps the choice of a signed-in staff user", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-rep@maple-auto.example");
    expect((await browser.post("/api/i18n/", { language: "fr-ca" })).statusCode).toBe(200);
    const current = await browser.get("/api/quickshop/user/current_user/", { "accept-language": "en" });
    expect(current.statusCode).toBe(200);
    expect(current.json().role_verbose).toBe("Représentant des ventes");
  });

  it("refuses French on lakeshore-buffalo, naming the language field", async () => {
    const browser = await browserOf("lakeshore-buffalo");
    const response = await browser.post("/api/i18n/", { language: "fr-ca" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ language: ["This dealership does not offer that language."] });
    expect(browser.jar.get("language")).toBeUndefined();
    expect((await browser.get("/api/i18n/")).json().language).toBe("en-us");
  });

  it("accepts en-us on lakeshore-buffalo", async () => {
    const browser = await browserOf("lakeshore-buffalo");
    const response = await browser.post("/api/i18n/", { language: "en-us" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: "en-us", allowed_languages: ["en-us"] });
  });

  it("refuses a language no dealership offers", async () => {
    const browser = await browserOf("maple-auto");
    const response = await browser.post("/api/i18n/", { language: "de" });
    expect(response.statusCode).toBe(400);
    expect(response.json().language).toEqual([expect.any(String)]);
  });
});
