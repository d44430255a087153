import type { Page } from "@playwright/test";
import { expect, isPhone, seriousViolations, test } from "./fixtures.ts";

/**
 * Cookie consent and analytics (issue 24, points 1 and 2). boulevard-laval has a Google Tag Manager container and a
 * GA4 property (invented ids); Google's host is answered here by a tiny fake tag, so the test sees every request the
 * page makes to it. Every address carries ?fresh=1: the fixture then leaves the cookie choice unmade.
 */
const GOOGLE = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//;

async function watchGoogle(page: Page) {
  const requests: string[] = [];
  await page.route(GOOGLE, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: "application/javascript", body: "window.__fakeTagRuns = (window.__fakeTagRuns || 0) + 1;" });
  });
  return requests;
}

/** The data layer as plain values (gtag queues arguments objects). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
const consentCommands = async (page: Page) =>
  (await dataLayer(page)).filter((e): e is [string, string, Record<string, string>] => Array.isArray(e) && e[0] === "consent");
const vehicleViews = async (page: Page) =>
  (await dataLayer(page)).filter((e) => !Array.isArray(e) && (e as { event?: string }).event === "vehicle_view");

const DENIED = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };

async function firstVehicleId(page: Page, code: string) {
  const search = await page.request.get("/api/quickshop/inventory/", { headers: { "x-dealer-code": code } });
  expect(search.ok()).toBe(true);
  return ((await search.json()) as { results: { id: number }[] }).results[0]!.id;
}

async function openCookiePreferences(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cookie preferences" }).click();
  } else {
    await page.getByTestId("footer").getByRole("button", { name: "Cookie preferences" }).click();
  }
}

test("no analytics before consent, none after rejecting, the tag and the granted signal after allowing performance; one event per vehicle", async ({ page }, testInfo) => {
  const requests = await watchGoogle(page);
  const response = await page.goto("/en/boulevard-laval/search/?fresh=1");
  // The page may load Google's tag (this dealership has ids) — and loads nothing until the shopper allows it.
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  expect(response?.headers()["content-security-policy"]).toContain("https://*.googletagmanager.com");

  const banner = page.getByRole("dialog", { name: "Your privacy choices" });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute("aria-modal", "false");
  // Not blocking: the page behind scrolls and its links work.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  expect(await seriousViolations(page)).toEqual([]);
  // The data layer (fetched for a dealership with tag ids) opens with every signal denied.
  await expect.poll(() => consentCommands(page)).toEqual([["consent", "default", { ...DENIED, wait_for_update: 500 }]]);

  // Reject all: nothing loads, on this page or the next.
  await banner.getByRole("button", { name: "Reject all" }).click();
  await expect(banner).toBeHidden();
  const vehicle = await firstVehicleId(page, "boulevard-laval");
  await page.goto(`/en/boulevard-laval/details/${vehicle}/?fresh=1`);
  await expect(page.getByTestId("vehicle-title")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => consentCommands(page)).toEqual([["consent", "default", { ...DENIED, wait_for_update: 500 }], ["consent", "update", DENIED]]);
  expect(await vehicleViews(page)).toEqual([]);
  expect(requests).toEqual([]);

  // Cookie preferences: performance only. The tag loads now, after the update granting analytics storage alone.
  await openCookiePreferences(page, isPhone(testInfo.project.name));
  const manage = page.getByRole("dialog", { name: "Your privacy choices" });
  await expect(manage.getByRole("checkbox", { name: /Performance/ })).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await manage.getByText("Performance", { exact: true }).click();
  await manage.getByRole("button", { name: "Save my choices" }).click();
  await expect(manage).toBeHidden();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  expect(requests.some((url) => url.startsWith("https://www.googletagmanager.com/gtm.js?id=GTM-BLVD7Q2"))).toBe(true);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __fakeTagRuns?: number }).__fakeTagRuns ?? 0)).toBeGreaterThan(0);
  await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
  // The vehicle's view asked before the choice is sent once it is made, once.
  await expect.poll(async () => (await vehicleViews(page)).length).toBe(1);
  expect((await vehicleViews(page))[0]).toMatchObject({ vehicle_id: vehicle, dealer_code: "boulevard-laval" });

  // The same vehicle again: no second event. A stored choice is applied at once, the default first.
  await page.goto(`/en/boulevard-laval/details/${vehicle}/?fresh=1`);
  await expect(page.getByTestId("vehicle-title")).toBeVisible();
  await expect.poll(async () => (await consentCommands(page)).length).toBe(2);
  expect(await consentCommands(page)).toEqual([
    ["consent", "default", { ...DENIED, wait_for_update: 500 }],
    ["consent", "update", { ...DENIED, analytics_storage: "granted" }],
  ]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __fakeTagRuns?: number }).__fakeTagRuns ?? 0)).toBeGreaterThan(0);
  expect(await vehicleViews(page)).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("analytics-sent") ?? "[]"))).toEqual([`vehicle_view:${vehicle}`]);
});

test("en français : tout accepter accorde chaque signal et charge la balise", async ({ page }) => {
  const requests = await watchGoogle(page);
  await page.goto("/fr/boulevard-laval/search/?fresh=1");
  const banner = page.getByRole("dialog", { name: "Vos choix en matière de confidentialité" });
  await expect(banner).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(requests).toEqual([]);
  await banner.getByRole("button", { name: "Tout accepter" }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual([
    "consent",
    "update",
    { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
  ]);
});

test("a dealership without tag ids names no Google host in its pages' policy, and its banner loads nothing; never asked on the privacy policy", async ({ page }) => {
  const requests = await watchGoogle(page);
  await page.goto("/en/maple-auto/privacy-policy/?fresh=1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Whatever the banner would need has had the time to load.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: "Your privacy choices" })).toHaveCount(0);
  const response = await page.goto("/en/maple-auto/search/?fresh=1");
  expect(response?.headers()["content-security-policy"]).not.toContain("google");
  await page.getByRole("dialog", { name: "Your privacy choices" }).getByRole("button", { name: "Accept all" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await dataLayer(page)).toEqual([]);
  expect(requests).toEqual([]);
});
