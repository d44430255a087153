import type { Browser, Page, TestInfo } from "@playwright/test";
import { creditApplicationAnswers } from "@showroom/testing";
import {
  expect,
  gotoWaitsForHydration,
  latestCode,
  rav4Id,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures.ts";

type Language = "en" | "fr";

const TEXT = {
  en: {
    saveDeal: "Save this deal",
    accountReady: "Your account is ready",
    continue: "Continue",
    apply: "Apply for financing",
    sendCode: "Send me a code",
    codeTitle: "Enter your sign-in code",
    code: "6-digit code",
    verify: "Sign in",
    email: "Email",
    saved: "Saved",
    consentError: "Please select a valid choice.",
    signatureError: "Please sign by typing your full name.",
    mismatch: "The email addresses do not match.",
    sinOnFile: "SIN on file ***-***-286",
    overlay: "Getting your credit decision",
    demonstration: /demonstration lender/,
    purge: /will be deleted on/,
    states: /^(Approved|Awaiting approval|Further verification|Declined)$/,
    cardStates: /^(Financing approved|Sent, decision pending|Application declined|More information needed)$/,
    seeApplication: "See my application",
  },
  fr: {
    saveDeal: "Sauvegarder cette offre",
    accountReady: "Votre compte est prêt",
    continue: "Continuer",
    apply: "Demander un financement",
    sendCode: "M’envoyer un code",
    codeTitle: "Entrez votre code de connexion",
    code: "Code à 6\u00a0chiffres",
    verify: "Me connecter",
    email: "Courriel",
    saved: "Enregistré",
    consentError: "Veuillez sélectionner un choix valide.",
    signatureError: "Veuillez signer en tapant votre nom complet.",
    mismatch: "Les adresses courriel ne correspondent pas.",
    sinOnFile: "NAS au dossier ***-***-286",
    overlay: "Obtention de votre décision de crédit",
    demonstration: /prêteur de démonstration/,
    purge: /seront supprimés le/,
    states: /^(Approuvée|En attente d’approbation|Vérification supplémentaire|Refusée)$/,
    cardStates:
      /^(Financement approuvé|Envoyée, décision en attente|Demande refusée|Renseignements supplémentaires requis)$/,
    seeApplication: "Voir ma demande",
  },
} as const;

const answers = creditApplicationAnswers({ withCoApplicant: true });
type Screen = keyof typeof answers;
const fieldId = (screen: string, field: string) => `credit-${screen}-${field}`.replace(/_/g, "-");

/** Fills a screen's fields with the factory's answers, whatever control each one is. */
async function fill(page: Page, screen: Screen, values: Record<string, unknown> = answers[screen]) {
  for (const [field, value] of Object.entries(values)) {
    const id = fieldId(screen, field);
    const control = page.locator(`#${id}`);
    const kind = await control.evaluate((e) => `${e.tagName}:${e.getAttribute("type") ?? ""}`);
    if (kind.startsWith("FIELDSET"))
      await page.getByTestId(`${id}-${value === true ? "yes" : value === false ? "no" : String(value)}`).check();
    else if (kind === "INPUT:checkbox") await control.setChecked(value === true);
    else if (kind.startsWith("SELECT")) await control.selectOption(String(value));
    else await control.fill(String(value));
  }
}

async function next(page: Page, from: Screen, to: Screen) {
  await expect(page.getByTestId(`credit-screen-${from}`)).toBeVisible();
  await page.getByTestId("credit-next").click();
  await expect(page.getByTestId(`credit-screen-${to}`)).toBeVisible({ timeout: 15_000 });
}

/** Another device of the same kind (its own cookies), in the shopper's language. */
async function otherDevice(browser: Browser, testInfo: TestInfo, language: Language): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({
    viewport: language === "fr" ? { width: 390, height: 844 } : viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    locale: language === "fr" ? "fr-CA" : "en-CA",
  });
  await context.addInitScript(() =>
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, performance: false, targeting: false }),
    ),
  );
  return gotoWaitsForHydration(await context.newPage(), baseURL);
}

const noSideways = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

const JOURNEYS = [
  { language: "en", project: "desktop" },
  { language: "fr", project: "phone" },
] as const;

for (const { language, project } of JOURNEYS) {
  test.describe(`${language} on a ${project}`, () => {
    if (project === "phone") test.use({ viewport: { width: 390, height: 844 } });

    test(`${language}: a shopper applies with a co-applicant, resumes on another device where they left off, sends it and sees the lender's decision`, async ({
      page,
      request,
      browser,
    }, testInfo) => {
      test.skip(testInfo.project.name !== project, `this journey runs on the ${project}`);
      test.setTimeout(240_000);
      const text = TEXT[language];
      const email = uniqueEmail(`credit-${language}`);
      // Canada checks each screen with the API too (validate/) when Next is pressed.
      let validations = 0;
      page.on("request", (request) => {
        if (request.url().includes("/credit-application/validate/")) validations += 1;
      });

      // A saved finance deal.
      const id = await rav4Id(request);
      await page.goto(`/${language}/maple-auto/details/${id}/`);
      const calculator = page.getByTestId("payment-calculator");
      await calculator.getByTestId("payment-type-finance").click();
      await expect(page.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
      await page.getByRole("button", { name: text.saveDeal }).filter({ visible: true }).first().click();
      await signUp(page, language, email);
      await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();
      await page.reload();

      // The deal panel's card opens the application.
      const card = page.getByTestId("credit-card");
      await expect(card.getByTestId("credit-card-link")).toHaveText(text.apply);
      await card.getByTestId("credit-card-link").click();
      await expect(page).toHaveURL(/\/credit-application\/\?order=\d+/);
      await expect(page.getByTestId("credit-deal")).toContainText("RAV4");

      // Consent: nothing answered is refused, the summary first (focused), each message at its field.
      await page.getByTestId("credit-next").click();
      const summary = page.getByTestId("credit-error-summary");
      await expect(summary).toBeFocused();
      await expect(page.getByTestId("credit-consent-marketing-error")).toHaveText(text.consentError);
      await expect(page.getByTestId("credit-consent-signature-error")).toHaveText(text.signatureError);
      await expect(page.locator("#credit-consent-signature")).toHaveAttribute("aria-invalid", "true");
      if (language === "en") expect(await seriousViolations(page)).toEqual([]);
      await fill(page, "consent");
      await next(page, "consent", "acknowledgement");

      // The privacy notice, and a co-applicant.
      await expect(page.getByTestId("credit-privacy-notice")).toBeVisible();
      await fill(page, "acknowledgement");
      await next(page, "acknowledgement", "applicant");
      expect(validations).toBe(2);
      // The co-applicant's screens join the steps.
      await expect(page.getByTestId("credit-stepper")).toContainText(
        language === "fr" ? "Codemandeur" : "Co-applicant",
      );

      // About you: the emails must match; the phone takes its mask.
      await fill(page, "applicant", {
        ...answers.applicant,
        confirm_email: "other@example.com",
        primary_phone: "4165550142",
      });
      await expect(page.locator("#credit-applicant-primary-phone")).toHaveValue("(416) 555-0142");
      await page.getByTestId("credit-next").click();
      await expect(page.getByTestId("credit-applicant-confirm-email-error")).toHaveText(text.mismatch);
      await page.locator("#credit-applicant-confirm-email").fill(answers.applicant.confirm_email);
      await next(page, "applicant", "employment");
      await fill(page, "employment");
      await next(page, "employment", "residential");

      // Part way through the residence, then the shopper stops.
      await page.locator("#credit-residential-housing-status").selectOption("rented");
      await page.locator("#credit-residential-street-number").fill("120");
      await expect(page.getByTestId("credit-save-status")).toHaveText(text.saved);
      if (project === "phone") await noSideways(page);
      const url = page.url();

      // Another device: the same customer signs in, and the application resumes where they were, answers kept.
      const other = await otherDevice(browser, testInfo, language);
      await other.goto(url);
      await other.getByTestId("credit-sign-in").click();
      const auth = other.getByTestId("auth-modal");
      await auth.getByRole("textbox", { name: text.email }).fill(email);
      await auth.getByRole("button", { name: text.sendCode }).click();
      const codeDialog = other.getByRole("dialog", { name: text.codeTitle });
      await codeDialog.getByLabel(text.code).fill(await latestCode(other.request, email));
      await codeDialog.getByRole("button", { name: text.verify, exact: true }).click();
      await expect(other.getByTestId("credit-screen-residential")).toBeVisible({ timeout: 15_000 });
      await expect(other.locator("#credit-residential-housing-status")).toHaveValue("rented");
      await expect(other.locator("#credit-residential-street-number")).toHaveValue("120");
      await other.getByTestId("credit-back").click();
      await other.getByTestId("credit-back").click();
      await expect(other.getByTestId("credit-screen-applicant")).toBeVisible();
      await expect(other.locator("#credit-applicant-first-name")).toHaveValue(answers.applicant.first_name);
      await expect(other.locator("#credit-applicant-date-of-birth")).toHaveValue(answers.applicant.date_of_birth);
      // The SIN never comes back: it is on file, masked.
      await expect(other.getByTestId("credit-applicant-sin-masked")).toHaveText(text.sinOnFile);
      await next(other, "applicant", "employment");
      await next(other, "employment", "residential");

      // The postal code chooses the province.
      const { province: _province, ...residential } = answers.residential;
      await fill(other, "residential", residential);
      await other.locator("#credit-residential-postal-code").blur();
      await expect(other.locator("#credit-residential-province")).toHaveValue("ON");
      await next(other, "residential", "co_applicant_acknowledgement");
      await fill(other, "co_applicant_acknowledgement");
      await next(other, "co_applicant_acknowledgement", "co_applicant");
      await fill(other, "co_applicant");
      await next(other, "co_applicant", "co_applicant_employment");
      await fill(other, "co_applicant_employment");
      await next(other, "co_applicant_employment", "co_applicant_residential");
      await other.getByTestId("credit-copy-address").click();
      await expect(other.locator("#credit-co-applicant-residential-postal-code")).toHaveValue("M5V 3L9");
      await next(other, "co_applicant_residential", "review");

      // Review: every answer with its screen; the boxes required; then sent and decided in about a minute.
      await expect(other.getByTestId("credit-review-co_applicant")).toContainText(answers.co_applicant.first_name);
      await expect(other.getByTestId("credit-review-residential")).toContainText("M5V 3L9");
      await other.getByTestId("credit-submit").click();
      await expect(other.getByTestId("credit-review-accuracy-error")).toBeVisible();
      await fill(other, "review");
      if (project === "phone") await noSideways(other);
      if (language === "en") expect(await seriousViolations(other)).toEqual([]);
      await other.getByTestId("credit-submit").click();
      const overlay = other.getByTestId("credit-overlay");
      await expect(overlay).toBeVisible();
      await expect(other.getByRole("dialog", { name: text.overlay })).toBeVisible();
      await expect
        .poll(async () => Number(await overlay.getByRole("progressbar").getAttribute("aria-valuenow")))
        .toBeGreaterThan(3);
      await expect(overlay).toBeHidden({ timeout: 70_000 });
      const result = other.getByTestId("credit-result");
      await expect(result.getByTestId("credit-result-state")).toHaveText(text.states);
      await expect(result.getByTestId("credit-result-demonstration")).toHaveText(text.demonstration);
      await expect(result.getByTestId("credit-result-purge")).toHaveText(text.purge);
      if (language === "fr") expect(await seriousViolations(other)).toEqual([]);

      // The first device's deal shows where the application stands.
      await page.goto(`/${language}/maple-auto/details/${id}/`);
      await expect(page.getByTestId("credit-card-state")).toHaveText(text.cardStates);
      await expect(page.getByTestId("credit-card-link")).toHaveText(text.seeApplication);
      await other.context().close();
    });
  });
}

test("en: in the US the screens are checked in the browser only (no SIN, a state and a ZIP code), and a decline shows the adverse-action notice", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "this journey runs on the desktop");
  test.setTimeout(180_000);
  const validations: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/credit-application/validate/")) validations.push(request.url());
  });
  // A compulsory-login dealership: the shopper signs up to see prices, then saves a finance deal.
  const response = await page.request.get("/api/quickshop/inventory/?condition=new&page_size=1", {
    headers: { "x-dealer-code": "lakeshore-buffalo" },
  });
  const [vehicle] = ((await response.json()) as { results: { id: number }[] }).results;
  await page.goto(`/lakeshore-buffalo/details/${vehicle!.id}/`);
  await page.getByRole("button", { name: "Sign in to see prices" }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in to see prices" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("credit-us"));
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Lee");
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = dialog.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await dialog.getByRole("button", { name: "Create my account" }).click();
  await page.getByRole("dialog", { name: "Your account is ready" }).getByRole("button", { name: "Continue" }).click();
  await page.getByTestId("payment-calculator").getByTestId("payment-type-finance").click();
  await expect(page.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
  await page.getByRole("button", { name: "Save this deal" }).filter({ visible: true }).first().click();
  await expect(page.getByTestId("credit-card")).toBeVisible();
  await page.getByTestId("credit-card-link").click();

  // $12,000 a year: under the simulated lender's $1,200 a month.
  const us = creditApplicationAnswers({ country: "US", grossYearlyIncome: 12_000 });
  await fill(page, "consent", us.consent);
  await next(page, "consent", "acknowledgement");
  await fill(page, "acknowledgement", us.acknowledgement);
  await next(page, "acknowledgement", "applicant");
  await expect(page.locator("#credit-applicant-sin")).toHaveCount(0);
  await fill(page, "applicant", { ...us.applicant, primary_phone: "7165550142" });
  await expect(page.locator("#credit-applicant-primary-phone")).toHaveValue("716-555-0142");
  await next(page, "applicant", "employment");
  await expect(page.locator("#credit-employment-lease-disbursements")).toHaveCount(0);
  await fill(page, "employment", us.employment);
  await next(page, "employment", "residential");
  await expect(page.getByText("State", { exact: true })).toBeVisible();
  await fill(page, "residential", us.residential);
  await next(page, "residential", "review");
  await fill(page, "review", us.review);
  await page.getByTestId("credit-submit").click();
  await expect(page.getByTestId("credit-overlay")).toBeVisible();
  await expect(page.getByTestId("credit-overlay")).toBeHidden({ timeout: 70_000 });
  const result = page.getByTestId("credit-result");
  await expect(result.getByTestId("credit-result-state")).toHaveText("Declined");
  await expect(result.getByTestId("credit-result-reasons")).toContainText(
    "Income insufficient for amount of credit requested",
  );
  const notice = result.getByTestId("credit-adverse-action");
  await expect(
    notice.getByRole("heading", { name: "Notice of action taken on your credit application" }),
  ).toBeVisible();
  await expect(notice).toContainText("Equal Credit Opportunity Act");
  await expect(result.getByTestId("credit-result-purge")).toContainText("a sealed record is kept for 25 months");
  expect(validations).toEqual([]);
});
