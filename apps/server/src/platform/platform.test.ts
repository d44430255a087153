import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, ORIGIN, createTestApp, type TestApp } from "../test/test-app.ts";
import { INTERNAL_KEY_HEADER } from "./client-address.ts";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

/** The cookie line that a response sets for one cookie name. */
function setCookieLine(setCookie: string | string[] | undefined, name: string) {
  return [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`));
}

/** A body that is plain JSON with no trace of the server's internals. */
function expectNoStackTrace(payload: string) {
  expect(payload).not.toMatch(/stack/i);
  expect(payload).not.toMatch(/\bat [\w.<>]+ \(/);
  expect(payload).not.toMatch(/\.ts:\d+/);
}

describe("tenant header", () => {
  it("refuses an API call without X-Dealer-Code with 400 and a detail", async () => {
    const response = await client(testApp, null).get("/api/quickshop/dealership/home-dealership/");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "The X-Dealer-Code header is required." });
  });

  it("refuses a blank X-Dealer-Code with 400", async () => {
    const response = await client(testApp, "   ").get("/api/quickshop/dealership/home-dealership/");
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe("string");
  });

  it("answers 404 Dealership not found for an unknown code", async () => {
    const response = await client(testApp, "no-such-dealer").get("/api/quickshop/dealership/home-dealership/");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Dealership not found." });
  });

  it("refuses a signed-in maple-auto staff user who names another dealership", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.signInAsStaff("sales-rep@maple-auto.example");

    const own = await browser.get("/api/quickshop/dealership/home-dealership/");
    expect(own.statusCode).toBe(200);
    expect(own.json().code).toBe("maple-auto");

    const other = await browser.get("/api/quickshop/dealership/home-dealership/", { "x-dealer-code": "boulevard-laval" });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: "You do not have access to this dealership." });
    expect(other.payload).not.toContain("Automobiles Boulevard Laval");
  });

  it("lets an anonymous visitor read another storefront", async () => {
    const response = await client(testApp, "boulevard-laval").get("/api/quickshop/dealership/home-dealership/");
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe("boulevard-laval");
  });

  it("serves /api/health/ without a tenant header, with or without the trailing slash", async () => {
    for (const url of ["/api/health/", "/api/health"]) {
      const response = await client(testApp, null).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: "ok", database: "ok" });
    }
  });
});

describe("CSRF", () => {
  /** A fresh browser that has read the storefront once, so it holds a session and a token. */
  async function primedBrowser() {
    const browser = client(testApp, "maple-auto");
    const first = await browser.get("/api/i18n/");
    expect(first.statusCode).toBe(200);
    expect(browser.jar.get("csrftoken")).toBeTruthy();
    return browser;
  }
  const body = { language: "en-ca" };

  /** A POST with no Origin header at all, as some same-origin browser requests are sent. */
  function postWithoutOrigin(browser: Awaited<ReturnType<typeof primedBrowser>>, extra: Record<string, string> = {}) {
    return testApp.app.inject({
      method: "POST",
      url: "/api/i18n/",
      headers: {
        "x-dealer-code": "maple-auto",
        cookie: browser.jar.header(),
        "x-csrftoken": browser.jar.get("csrftoken")!,
        "content-type": "application/json",
        ...extra,
      },
      payload: JSON.stringify(body),
    });
  }

  it("refuses a POST without X-CSRFToken", async () => {
    const browser = await primedBrowser();
    const response = await browser.post("/api/i18n/", body, { "x-csrftoken": "" });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
    expect(response.json().detail).toBe("CSRF Failed: CSRF token missing.");
  });

  it("checks the token before the body: a forged call with a bad or unparsable body learns nothing about it", async () => {
    const browser = await primedBrowser();
    for (const payload of ["{not json", JSON.stringify({ email: 42 })]) {
      const response = await browser.request("POST", "/api/customer/send_reentry_code/", { body: payload, headers: { "x-csrftoken": "" } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: "CSRF Failed: CSRF token missing." });
    }
  });

  it("refuses a POST when there is no CSRF header at all (a fresh browser)", async () => {
    const response = await client(testApp, "maple-auto").post("/api/i18n/", body);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
  });

  it("refuses a token that belongs to another client's session", async () => {
    const victim = await primedBrowser();
    const attacker = await primedBrowser();
    const foreignToken = attacker.jar.get("csrftoken")!;
    expect(foreignToken).not.toBe(victim.jar.get("csrftoken"));

    const response = await victim.post("/api/i18n/", body, { "x-csrftoken": foreignToken });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: "CSRF Failed: CSRF token incorrect." });
  });

  it.each(["garbage", "a.b", "...", `${"x".repeat(22)}.${"y".repeat(43)}`])("refuses the garbage token %j", async (token) => {
    const browser = await primedBrowser();
    const response = await browser.post("/api/i18n/", body, { "x-csrftoken": token });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
  });

  it("refuses a tampered token (the right nonce with another signature)", async () => {
    const browser = await primedBrowser();
    const [nonce, mac] = browser.jar.get("csrftoken")!.split(".");
    const flipped = `${nonce}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    const response = await browser.post("/api/i18n/", body, { "x-csrftoken": flipped });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
  });

  it("refuses a foreign Origin even with the right token", async () => {
    const browser = await primedBrowser();
    const response = await browser.post("/api/i18n/", body, { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
    expect(response.json().detail).toContain("https://evil.example");
  });

  it("refuses a request with no Origin and no Sec-Fetch-Site: same-origin", async () => {
    const browser = await primedBrowser();
    const response = await postWithoutOrigin(browser);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);

    const crossSite = await postWithoutOrigin(browser, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
  });

  it("accepts no Origin when Sec-Fetch-Site is same-origin and the token is right", async () => {
    const browser = await primedBrowser();
    const response = await postWithoutOrigin(browser, { "sec-fetch-site": "same-origin" });
    expect(response.statusCode).toBe(200);
    expect(response.json().language).toBe("en-ca");
  });

  it("accepts the right token with the right Origin", async () => {
    const browser = await primedBrowser();
    const response = await browser.post("/api/i18n/", body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: "en-ca", allowed_languages: ["en-ca", "fr-ca"] });
  });

  it("binds the token to the session: after sign-in the old token fails and the new one works", async () => {
    const browser = await primedBrowser();
    const anonymousToken = browser.jar.get("csrftoken")!;
    expect((await browser.post("/api/i18n/", body)).statusCode).toBe(200);

    await browser.signInAsStaff("sales-manager@maple-auto.example");
    const signedInToken = browser.jar.get("csrftoken")!;
    expect(signedInToken).toBeTruthy();
    expect(signedInToken).not.toBe(anonymousToken);

    const stale = await browser.post("/api/i18n/", body, { "x-csrftoken": anonymousToken });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: "CSRF Failed: CSRF token incorrect." });

    const fresh = await browser.post("/api/i18n/", body);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().language).toBe("en-ca");
  });

  it("sets a readable csrftoken cookie and an HttpOnly, SameSite=Lax sessionid cookie", async () => {
    const response = await client(testApp, "maple-auto").get("/api/i18n/");
    expect(response.statusCode).toBe(200);
    const session = setCookieLine(response.headers["set-cookie"], "sessionid");
    const csrf = setCookieLine(response.headers["set-cookie"], "csrftoken");
    expect(session).toBeDefined();
    expect(csrf).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    // 256 random bits and the server's MAC of them.
    expect(session!.split(";")[0]!.slice("sessionid=".length)).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/;\s*SameSite=Lax/i);
    // Served over http in the tests, so not Secure.
    expect(ORIGIN.startsWith("http://")).toBe(true);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it("names the session cookie __Host-sessionid over https (Secure, Path=/, no Domain)", async () => {
    const secure = await createTestApp({ publicUrl: "https://cars.example.com" });
    try {
      const response = await secure.app.inject({ method: "GET", url: "/api/i18n/", headers: { "x-dealer-code": "maple-auto" } });
      const session = setCookieLine(response.headers["set-cookie"], "__Host-sessionid");
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*Path=\//i);
      expect(session).not.toMatch(/Domain=/i);
      expect(setCookieLine(response.headers["set-cookie"], "sessionid")).toBeUndefined();
      const again = await secure.app.inject({
        method: "GET",
        url: "/api/i18n/",
        headers: { "x-dealer-code": "maple-auto", cookie: session!.split(";")[0]! },
      });
      expect(setCookieLine(again.headers["set-cookie"], "__Host-sessionid")).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it("does not re-issue the cookies on later calls of the same session", async () => {
    const browser = await primedBrowser();
    const response = await browser.get("/api/i18n/");
    expect(setCookieLine(response.headers["set-cookie"], "sessionid")).toBeUndefined();
    expect(setCookieLine(response.headers["set-cookie"], "csrftoken")).toBeUndefined();
  });
});

describe("errors", () => {
  it("answers an unknown /api/ path with a JSON 404", async () => {
    const response = await client(testApp, "maple-auto").get("/api/whatever/");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: "Not found." });
  });

  it("answers an unknown /api/ path with a JSON 404 without a tenant header too", async () => {
    for (const url of ["/api/whatever/", "/api/whatever/deeper/", "/api/quickshop/nothing-here/"]) {
      const response = await client(testApp, null).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: "Not found." });
    }
  });

  it("answers malformed JSON with 400 and a detail", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get("/api/i18n/");
    const response = await browser.post("/api/i18n/", '{"language": "fr-ca"');
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(typeof response.json().detail).toBe("string");
    expect(response.json().detail).toMatch(/JSON/);
    expectNoStackTrace(response.payload);
  });

  it("names the missing language field", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get("/api/i18n/");
    const response = await browser.post("/api/i18n/", {});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Array.isArray(body.language)).toBe(true);
    expect(body.language).toEqual(["This field is required."]);
    expectNoStackTrace(response.payload);
  });

  it.each([
    ["de", "language"],
    ["FR-CA", "language"],
    [42, "language"],
    [null, "language"],
  ])("names the language field for the value %j", async (value, field) => {
    const browser = client(testApp, "maple-auto");
    await browser.get("/api/i18n/");
    const response = await browser.post("/api/i18n/", { language: value });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toContain(field);
    expect(body[field]).toEqual([expect.any(String)]);
    expectNoStackTrace(response.payload);
  });

  it("answers a body that is not an object with 400, never 500", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get("/api/i18n/");
    for (const payload of ["[]", "\"fr-ca\"", "null", "12"]) {
      const response = await browser.post("/api/i18n/", payload);
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expectNoStackTrace(response.payload);
    }
  });

  it("answers an unsupported content type with 415, never 500", async () => {
    const browser = client(testApp, "maple-auto");
    await browser.get("/api/i18n/");
    const response = await browser.post("/api/i18n/", "language=fr-ca", { "content-type": "application/x-www-form-urlencoded" });
    expect(response.statusCode).toBe(415);
    expect(typeof response.json().detail).toBe("string");
    expectNoStackTrace(response.payload);
  });
});

describe("security headers", () => {
  it("closes JSON responses with a strict policy and no server banner", async () => {
    const responses = [
      await client(testApp, "maple-auto").get("/api/quickshop/dealership/home-dealership/"),
      await client(testApp, null).get("/api/health/"),
      await client(testApp, null).get("/api/whatever/"),
      await client(testApp, "no-such-dealer").get("/api/i18n/"),
    ];
    for (const response of responses) {
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(String(response.headers["content-security-policy"])).toContain("default-src 'none'");
      expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      // Helmet's set, errors included.
      expect(response.headers).toMatchObject({
        "x-frame-options": "SAMEORIGIN",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "x-permitted-cross-domain-policies": "none",
      });
      expect(response.headers["permissions-policy"]).toMatch(/camera=\(\), .*geolocation=\(\), .*microphone=\(\), .*payment=\(self\)/);
      expect(response.headers["x-powered-by"]).toBeUndefined();
      expect(response.headers["server"]).toBeUndefined();
    }
  });

  it("leaves them and the timing off a page's in-process call, whose answer only the page reads", async () => {
    const url = "/api/quickshop/dealership/home-dealership/";
    const headers = { "x-dealer-code": "maple-auto" };
    const internal = await testApp.app.inject({ url, headers: { ...headers, [INTERNAL_KEY_HEADER]: testApp.app.internalKey } });
    expect(internal.statusCode).toBe(200);
    for (const name of ["content-security-policy", "permissions-policy", "x-frame-options", "x-content-type-options", "server-timing"]) expect(internal.headers[name], name).toBeUndefined();
    // The key is what makes a call internal: a guessed one is answered as a browser is.
    const forged = await testApp.app.inject({ url, headers: { ...headers, [INTERNAL_KEY_HEADER]: "guess" } });
    expect(forged.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(forged.headers["server-timing"]).toMatch(/^app;dur=/);
  });

  it("publishes an OpenAPI document listing the dealership calls", async () => {
    const response = await client(testApp, null).get("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.paths)).toContain("/api/quickshop/dealership/home-dealership/");
    expect(Object.keys(document.paths)).toContain("/api/i18n/");
    expect(document.paths["/api/quickshop/dealership/home-dealership/"].get).toBeDefined();
  });
});
