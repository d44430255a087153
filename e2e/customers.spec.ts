import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  expect,
  gotoWaitsForHydration,
  isPhone,
  latestCode,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures.ts";

type Language = "en" | "fr";

const TEXT = {
  en: {
    saveDeal: "Save this deal",
    saved: "Saved — view my saved vehicles",
    email: "Email",
    accountReady: "Your account is ready",
    continue: "Continue",
    savedVehicles: (n: number) => `Saved vehicles (${n})`,
    signIn: "Sign in",
    haveAccount: "I already have an account",
    sendCode: "Send me a code",
    codeTitle: "Enter your sign-in code",
    code: "6-digit code",
    verify: "Sign in",
    heading: "My saved vehicles",
    incorrect: "Code is incorrect",
    menu: "Menu",
  },
  fr: {
    saveDeal: "Sauvegarder cette offre",
    saved: "Sauvegardée — voir mes véhicules sauvegardés",
    email: "Courriel",
    accountReady: "Votre compte est prêt",
    continue: "Continuer",
    savedVehicles: (n: number) => `Véhicules sauvegardés (${n})`,
    signIn: "Se connecter",
    haveAccount: "J’ai déjà un compte",
    sendCode: "M’envoyer un code",
    codeTitle: "Entrez votre code de connexion",
    code: "Code à 6\u00a0chiffres",
    verify: "Me connecter",
    heading: "Mes véhicules sauvegardés",
    incorrect: /incorrect/i,
    menu: "Menu",
  },
} as const;

/** A second browser, as on another device: nothing of the first one's session. */
async function otherDevice(browser: Browser, language: Language) {
  const context = await browser.newContext({
    locale: language === "fr" ? "fr-CA" : "en-CA",
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(() =>
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, performance: false, targeting: false }),
    ),
  );
  return context;
}

async function openNewVehicle(page: Page, language: Language) {
  await page.goto(`/${language}/maple-auto/search/?condition=new&sort=-price`);
  await page.getByTestId("vehicle-link").first().click();
  await expect(page).toHaveURL(/\/details\/\d+\//);
  // The deal is saved with the calculator's payment: wait for it.
  await expect(page.getByTestId("payment-amount")).toBeVisible({ timeout: 15_000 });
}

async function signInWithCode(page: Page, request: APIRequestContext, language: Language, email: string) {
  const text = TEXT[language];
  const auth = page.getByTestId("auth-modal");
  await auth.getByRole("button", { name: text.haveAccount }).click();
  await auth.getByRole("textbox", { name: text.email }).fill(email);
  await auth.getByRole("button", { name: text.sendCode }).click();
  const codeDialog = page.getByRole("dialog", { name: text.codeTitle });
  await expect(codeDialog).toBeVisible();
  await expect(codeDialog.getByTestId("reentry-destination")).toContainText("***");
  const code = await latestCode(request, email);
  await codeDialog.getByLabel(text.code).fill(code);
  await codeDialog.getByRole("button", { name: text.verify, exact: true }).click();
  await expect(codeDialog).toBeHidden();
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a new shopper saves a deal by signing up, then finds it on another device with a sign-in code`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    const email = uniqueEmail(`${language}-${testInfo.project.name}`);

    await openNewVehicle(page, language);
    const title = (await page.getByTestId("vehicle-title").innerText()).trim();
    await page.getByRole("button", { name: text.saveDeal }).click();
    await expect(page.getByRole("dialog", { name: text.saveDeal })).toBeVisible();
    if (language === "en") expect(await seriousViolations(page)).toEqual([]);
    await signUp(page, language, email);

    const copyLink = page.getByRole("dialog", { name: text.accountReady });
    await expect(copyLink).toBeVisible();
    await expect(copyLink.getByTestId("copy-link-url")).toHaveValue(/\/orders\/\?expired=1&token=/);
    await copyLink.getByRole("button", { name: text.continue }).click();

    const saved = page.getByRole("link", { name: text.saved });
    await expect(saved).toBeVisible();
    if (isPhone(testInfo.project.name)) {
      await page.getByRole("button", { name: text.menu }).click();
      await expect(page.getByRole("dialog").getByRole("link", { name: text.savedVehicles(1) })).toBeVisible();
      await page.keyboard.press("Escape");
    } else {
      await expect(page.getByRole("link", { name: text.savedVehicles(1) })).toBeVisible();
    }
    // The page knows it is saved when opened again.
    await page.reload();
    await expect(page.getByRole("link", { name: text.saved })).toBeVisible();

    const context = await otherDevice(browser, language);
    const other = gotoWaitsForHydration(await context.newPage(), testInfo.project.use.baseURL);
    await other.goto(`/${language}/maple-auto/orders/`);
    await expect(other.getByRole("heading", { level: 1, name: text.heading })).toBeVisible();
    await other.getByTestId("orders-sign-in-button").click();
    await signInWithCode(other, other.request, language, email);
    const card = other.getByTestId("deal-card");
    await expect(card).toHaveCount(1);
    // The page's heading is year, make and model (the trim below it); the saved vehicle's title has them all.
    await expect(card.getByTestId("deal-title")).toContainText(title);
    await expect(card.getByRole("progressbar")).toBeVisible();
    expect(await seriousViolations(other)).toEqual([]);

    // Deleting asks the API first, then for confirmation; the page is left empty with a way back to the list.
    await card.getByTestId("deal-delete").click();
    await other.getByTestId("delete-confirm").click();
    await expect(other.getByTestId("orders-empty")).toBeVisible();
    await expect(other.getByRole("heading", { level: 1 })).toBeFocused();
    await context.close();
  });
}

test("a wrong code is refused at the field, in the visitor's language", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/fr/maple-auto/orders/");
  await page.getByTestId("orders-sign-in-button").click();
  const auth = page.getByTestId("auth-modal");
  await auth.getByRole("button", { name: TEXT.fr.haveAccount }).click();
  await auth.getByRole("textbox", { name: TEXT.fr.email }).fill(uniqueEmail("wrong"));
  await auth.getByRole("button", { name: TEXT.fr.sendCode }).click();
  const codeDialog = page.getByRole("dialog", { name: TEXT.fr.codeTitle });
  await expect(codeDialog).toBeVisible();
  const field = codeDialog.getByLabel(TEXT.fr.code);
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeDialog.getByTestId("reentry-resend")).toBeDisabled();
  await field.fill("000000");
  await codeDialog.getByRole("button", { name: TEXT.fr.verify, exact: true }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const error = codeDialog.locator(`[id="${await field.getAttribute("aria-describedby")}"]`);
  await expect(error).toHaveText(TEXT.fr.incorrect);
  await expect(field).toBeFocused();
});

test('the English wrong code reads "Code is incorrect"', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/en/maple-auto/orders/");
  await page.getByTestId("orders-sign-in-button").click();
  const auth = page.getByTestId("auth-modal");
  await auth.getByRole("button", { name: TEXT.en.haveAccount }).click();
  await auth.getByRole("textbox", { name: TEXT.en.email }).fill(uniqueEmail("wrong-en"));
  await auth.getByRole("button", { name: TEXT.en.sendCode }).click();
  const codeDialog = page.getByRole("dialog", { name: TEXT.en.codeTitle });
  await codeDialog.getByLabel(TEXT.en.code).fill("123456");
  await codeDialog.getByRole("button", { name: TEXT.en.verify, exact: true }).click();
  await expect(codeDialog.getByText("Code is incorrect")).toBeVisible();
});

test("sign-up errors are shown at their fields and the first one takes the focus; the auth modal passes axe", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/en/maple-auto/orders/");
  await expect(page.getByTestId("orders-sign-in")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("orders-sign-in-button").click();
  const dialog = page.getByRole("dialog", { name: "Sign in or create an account" });
  await dialog.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await dialog.getByRole("button", { name: "Create my account" }).click();
  const email = dialog.getByRole("textbox", { name: "Email" });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  await expect(dialog.getByText("Please accept terms to proceed.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
