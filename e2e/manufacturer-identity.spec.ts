import type { Page } from "@playwright/test";
import { startOidcProvider, type TestOidcProvider } from "../apps/server/src/test/oidc-provider.ts";
import { expect, isPhone, seriousViolations, test, uniqueEmail } from "./fixtures.ts";

/**
 * The manufacturer's sign-in (Volkswagen ID) at maple-vw-ottawa, a full OpenID Connect round trip in the browser against
 * a local provider started here, on the port the e2e server's MANUFACTURER_IDENTITY_PROVIDERS names (its own + 1000,
 * playwright.config.ts).
 */
const DEALER = "maple-vw-ottawa";
let provider: TestOidcProvider;

test.beforeAll(async ({ baseURL }) => {
  const origin = new URL(baseURL!);
  provider = await startOidcProvider({
    port: Number(origin.port) + 1000,
    clients: [{ client_id: "showroom-e2e", client_secret: "e2e-client-secret", redirect_uris: [`${origin.origin}/${DEALER}/vw/id-callback/`] }],
  });
});
test.afterAll(async () => {
  await provider?.close();
});

/** On phones the customer menu is in the sidebar menu (opened again if the page's own navigation closed it). */
async function fromMenu(page: Page, testId: string) {
  const entry = page.getByTestId(testId);
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });

test("a shopper signs in with Volkswagen ID, comes back where they were, and reads their profile", async ({ page, context }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("vwid");
  provider.state.user = { sub: `e2e-${Date.now()}`, email, email_verified: true, given_name: "Élise", family_name: "Gagnon" };
  // The dealership's own website (where signing out leads, as it has no vehicle list) is not on this machine.
  await context.route("https://maple-vw.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Maple VW</title><h1>Maple VW</h1>" }));

  await page.goto(`/en/${DEALER}/tradein/`);
  // The customer menu offers the manufacturer's sign-in (on phones, in the sidebar menu).
  if (isPhone(testInfo.project.name)) {
    await fromMenu(page, "menu-manufacturer-sign-in");
  } else {
    await page.getByTestId("header-manufacturer-sign-in").click();
  }
  await expect(page).toHaveURL(new RegExp(`/en/${DEALER}/vw/id-login/\\?return_to=%2Fen%2F${DEALER}%2Ftradein%2F$`));
  const login = page.getByTestId("manufacturer-login");
  await expect(login.getByRole("heading", { name: "Sign in with Volkswagen ID" })).toBeVisible();
  // Spec 2.1: no customer menu on this page.
  await expect(page.getByTestId("header-sign-in")).toHaveCount(0);
  await expect(page.getByTestId("header-manufacturer-sign-in")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // To the provider's authorization endpoint and back through the callback, in the browser.
  const toProvider = page.waitForRequest((request) => request.url().startsWith(`${provider.issuer}/authorize`));
  await login.getByTestId("manufacturer-sign-in").click();
  const authorization = new URL((await toProvider).url());
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("client_id")).toBe("showroom-e2e");
  await page.waitForURL(new RegExp(`/en/${DEALER}/tradein/$`));
  await hydrated(page);
  expect(provider.state.tokenRequests.at(-1)).toEqual({ ok: true });

  // Signed in: the customer menu now has Profile.
  if (isPhone(testInfo.project.name)) {
    await fromMenu(page, "menu-manufacturer-profile");
  } else {
    await page.getByTestId("header-manufacturer-profile").click();
  }
  await expect(page).toHaveURL(new RegExp(`/en/${DEALER}/vw/id-profile/$`));
  const profile = page.getByTestId("manufacturer-profile");
  await expect(profile.getByRole("heading", { name: "Your Volkswagen ID profile" })).toBeVisible();
  await expect(profile.getByTestId("manufacturer-profile-name")).toHaveText("Élise Gagnon");
  await expect(profile.getByTestId("manufacturer-profile-email")).toHaveText(email);
  await expect(profile.getByTestId("manufacturer-profile-linked")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Signing out ends the session: the profile then asks to sign in.
  await profile.getByTestId("manufacturer-sign-out").click();
  await page.waitForURL("https://maple-vw.example/**");
  await page.goto(`/en/${DEALER}/vw/id-profile/`);
  await expect(page.getByTestId("manufacturer-profile-absent")).toHaveText("Sign in with Volkswagen ID to see your profile.");
});

test("a sign-in the shopper declines comes back as an error toast: visible, closable, gone from the address, gone after 5 s", async ({ page }) => {
  test.setTimeout(45_000);
  await page.goto(`/fr/${DEALER}/vw/id-login/?return_to=%2Ffr%2F${DEALER}%2Ftradein%2F`);
  provider.state.nextAuthorizationError = "access_denied";
  await page.getByTestId("manufacturer-sign-in").click();
  await page.waitForURL(new RegExp(`/fr/${DEALER}/tradein/(\\?.*)?$`));
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("La connexion avec Volkswagen ID a été annulée.");
  await expect(toast.getByRole("button", { name: /fermer/i })).toBeVisible();
  // The message is taken out of the address once shown.
  await expect(page).toHaveURL(new RegExp(`/fr/${DEALER}/tradein/$`));
  expect(await seriousViolations(page)).toEqual([]);
  await expect(toast).toHaveCount(0, { timeout: 7_000 });

  // The close button dismisses it at once.
  await page.goto(`/en/${DEALER}/vw/id-login/?sso_error=${encodeURIComponent("Something went wrong with Volkswagen ID.")}`);
  const shown = page.getByTestId("toast");
  await expect(shown).toHaveText(/Something went wrong with Volkswagen ID\./);
  await expect(page).not.toHaveURL(/sso_error/);
  await shown.getByRole("button").click();
  await expect(shown).toHaveCount(0);
});
