import type { APIRequestContext, Page } from "@playwright/test";
import { expect, seriousViolations, test, uniqueEmail } from "./fixtures.ts";

// lakeshore-buffalo (demo seed): welcome modal on, chat through Gubagoo (account lakeshore-buffalo-7731), the trade-in
// card forced to slide in, the checkout-style header. maple-auto: none of these, its trade-in card forced to a modal.
const GUBAGOO = "https://cdn.gubagoo.io";
const LAKESHORE = "Lakeshore Motors Buffalo";

async function availableVehicle(request: APIRequestContext, dealer: string): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?condition=new&page_size=1", { headers: { "x-dealer-code": dealer } });
  const [vehicle] = ((await response.json()) as { results: { id: number }[] }).results;
  return vehicle!.id;
}

/** The chat launcher appears once the page is interactive, after the start-up (the welcome's turn) has run. */
const chatLauncher = (page: Page) => page.getByRole("button", { name: "Open the chat" });

test.describe("the welcome modal", () => {
  test.use({ firstVisit: true });

  test("shows once per browser, never on the privacy policy", async ({ page }) => {
    const welcome = page.getByRole("dialog", { name: `Welcome to ${LAKESHORE}` });
    await page.goto("/lakeshore-buffalo/privacy-policy/");
    await expect(chatLauncher(page)).toBeVisible();
    await expect(welcome).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("was-visited"))).toBeNull();

    await page.goto("/lakeshore-buffalo/search/");
    await expect(welcome).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("was-visited"))).toBe("1");
    expect(await seriousViolations(page)).toEqual([]);
    await welcome.getByRole("button", { name: "Start shopping" }).click();
    await expect(welcome).toBeHidden();

    await page.goto("/lakeshore-buffalo/search/");
    await expect(chatLauncher(page)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("the chat loads its provider's script on demand, and only once targeting cookies are allowed", async ({ page }) => {
  const requested: string[] = [];
  // A stand-in for the vendor's loader, on the vendor's origin (which the page's CSP must allow).
  await page.route(`${GUBAGOO}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: "application/javascript",
      body: "window.Gubagoo = { openChat: function () { document.body.dataset.chatOpened = 'yes'; } };",
    });
  });
  const response = await page.goto("/lakeshore-buffalo/search/");
  expect(response?.headers()["content-security-policy"]).toContain(`script-src 'self' 'nonce-`);
  expect(response?.headers()["content-security-policy"]).toMatch(new RegExp(`script-src [^;]*${GUBAGOO.replace(/\./g, "\\.")}`));

  // The shopper refused targeting cookies (the fixtures' stored choice): the popover explains and offers the preferences.
  await chatLauncher(page).click();
  const panel = page.getByRole("region", { name: `Chat with ${LAKESHORE}` });
  await expect(panel.getByTestId("chat-needs-consent")).toBeVisible();
  await expect(panel.getByTestId("chat-start")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole("button", { name: "Cookie preferences" }).click();
  const preferences = page.getByRole("dialog", { name: "Your privacy choices" });
  await preferences.getByText("Targeting", { exact: true }).click();
  await expect(preferences.getByRole("checkbox", { name: /Targeting/ })).toBeChecked();
  await preferences.getByRole("button", { name: "Save my choices" }).click();
  await expect(preferences).toBeHidden();
  expect(requested).toEqual([]);

  await chatLauncher(page).click();
  await panel.getByTestId("chat-start").click();
  await expect(panel.getByTestId("chat-status")).toHaveText("The chat is open.");
  expect(requested).toEqual([`${GUBAGOO}/toolbars/lakeshore-buffalo-7731/loader.js`]);
  await expect(page.locator("body")).toHaveAttribute("data-chat-opened", "yes");
});

test("a dealership without chat shows no launcher and allows no chat host", async ({ page }) => {
  const response = await page.goto("/en/maple-auto/search/");
  expect(response?.headers()["content-security-policy"]).not.toContain(GUBAGOO);
  await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
  await expect(chatLauncher(page)).toHaveCount(0);
});

test("the privacy policy answers 200 in English and French, without the cookie consent", async ({ page }) => {
  // maple-auto asks a new browser for its cookie choice on its other pages (fresh=1: no stored choice)...
  await page.goto("/en/maple-auto/search/?fresh=1");
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  // ...but never on its privacy policy.
  for (const [language, heading, text] of [
    ["en", "Privacy policy", "Maple Auto Toronto collects the information you give us"],
    ["fr", "Politique de confidentialité", "Maple Auto Toronto recueille les renseignements"],
  ] as const) {
    const response = await page.goto(`/${language}/maple-auto/privacy-policy/?fresh=1`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId("privacy-policy")).toContainText(text);
    await expect(page.getByTestId("footer")).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  }
  // A dealership with no policy of its own gets the plain statement.
  const response = await page.goto("/lakeshore-buffalo/privacy-policy/");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("privacy-policy")).toHaveAttribute("data-policy-source", "fallback");
  await expect(page.getByTestId("privacy-policy")).toContainText(`${LAKESHORE} has not published its own privacy policy here yet.`);
});

test("the trade-in card opens as the dealership's setting forces it: a slide-in sheet or a modal", async ({ page, request }) => {
  await page.goto(`/lakeshore-buffalo/details/${await availableVehicle(request, "lakeshore-buffalo")}/`);
  await page.getByTestId("next-step-trade_in").click();
  const sheet = page.getByRole("dialog", { name: "Value your trade-in" });
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId("trade-in-slide-in")).toBeVisible();
  await expect(sheet.getByTestId("trade-in-presentation")).toHaveAttribute("data-presentation", "slide-in");
  await expect(sheet.getByTestId("trade-in-presentation-start")).toHaveAttribute("href", /\/lakeshore-buffalo\/tradein\/?$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  await page.goto(`/en/maple-auto/details/${await availableVehicle(request, "maple-auto")}/`);
  await page.getByTestId("next-step-trade_in").click();
  const modal = page.getByRole("dialog", { name: "Value your trade-in" });
  await expect(modal.getByTestId("trade-in-presentation")).toHaveAttribute("data-presentation", "modal");
  await expect(page.getByTestId("trade-in-slide-in")).toHaveCount(0);
  // A forced presentation draws nothing for this browser.
  expect(await page.evaluate(() => window.localStorage.getItem("vdp-card-experience"))).toBeNull();
  await modal.getByTestId("trade-in-presentation-start").click();
  await expect(page).toHaveURL(/\/en\/maple-auto\/tradein\/$/);
});

test("the checkout header shows the cart item only to a signed-in shopper, current on the orders page", async ({ page, request }) => {
  await page.goto(`/lakeshore-buffalo/details/${await availableVehicle(request, "lakeshore-buffalo")}/`);
  const header = page.locator('header[data-header-variant="checkout"]');
  await expect(header).toBeVisible();
  await expect(header.getByTestId("header-cart")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign in to see prices" }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in to see prices" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("cart"));
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Lee");
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = dialog.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await dialog.getByRole("button", { name: "Create my account" }).click();
  await page.getByRole("dialog", { name: "Your account is ready" }).getByRole("button", { name: "Continue" }).click();

  const cart = header.getByRole("link", { name: /^Cart \(\d+\)$/ });
  await expect(cart).toBeVisible();
  await expect(cart).not.toHaveAttribute("aria-current", "page");
  await cart.click();
  await expect(page).toHaveURL(/\/lakeshore-buffalo\/orders\//);
  await expect(cart).toHaveAttribute("aria-current", "page");
  expect(await seriousViolations(page)).toEqual([]);
});
