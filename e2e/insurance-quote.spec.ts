import type { APIRequestContext, Page } from "@playwright/test";
import { estimateInsurancePremium } from "../packages/domain/src/insurance/estimator.ts";
import type { BodyType } from "../packages/domain/src/inventory/normalize.ts";
import type { Cents } from "../packages/domain/src/money.ts";
import { expect, seriousViolations, signUp, test, uniqueEmail } from "./fixtures.ts";

/**
 * The liability insurer's estimate from the deal panel (issue 24 point 8): a shopper saves a deal, opens the insurance
 * estimate, answers, sees the premium the built-in estimator gives for the deal's vehicle with the "not a binding
 * offer" disclosure, saves it and sees it on the deal. Then the vehicle list opened with ?configurationId= (their
 * shared build) and ?refurl= (a marketplace's back link): 200, the banner and the link, a javascript: refurl refused.
 * English on a desktop at maple-auto, French on a phone at boulevard-laval.
 */
const JOURNEYS = [
  {
    language: "en",
    project: "desktop",
    dealer: "maple-auto",
    postalCode: "M5V 3L9",
    yearly: (amount: string) => `${amount} a year`,
    text: {
      accountReady: "Your account is ready",
      continue: "Continue",
      yearsLicensed: "Years licensed",
      postalCode: "Postal code where the vehicle is kept",
      deductible: "Collision and comprehensive deductible",
      required: "This field is required.",
      disclosure: "This is an estimate, not a binding offer of insurance.",
      saved: "Saved to your deal.",
      close: "Close",
      banner: "Vehicles matching your build: 2026 Toyota RAV4",
      backTo: "Back to marketplace.example",
    },
  },
  {
    language: "fr",
    project: "phone",
    dealer: "boulevard-laval",
    postalCode: "H7N 1A1",
    yearly: (amount: string) => `${amount} par année`,
    text: {
      accountReady: "Votre compte est prêt",
      continue: "Continuer",
      yearsLicensed: "Années de permis",
      postalCode: "Code postal où le véhicule est gardé",
      deductible: "Franchise collision et risques multiples",
      required: "Ce champ est obligatoire.",
      disclosure: "Il s’agit d’une estimation et non d’une offre d’assurance ferme.",
      saved: "Enregistrée à votre offre.",
      close: "Fermer",
      banner: "Véhicules correspondant à votre configuration : 2026 Toyota RAV4",
      backTo: "Retour à marketplace.example",
    },
  },
] as const;

/** The dealership's demo RAV4 XLE (stock number BP-2026101): priced, configurable. */
async function rav4At(request: APIRequestContext, dealer: string): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?query=BP-2026101", { headers: { "x-dealer-code": dealer } });
  const { results } = (await response.json()) as { results: { id: number; stock_number: string }[] };
  return results.find((v) => v.stock_number === "BP-2026101")!.id;
}

/** A call of the page's own session (its cookies, CSRF token and origin). */
async function sessionPost(page: Page, baseURL: string, dealer: string, path: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const response = await page.request.post(path, { headers: { "x-dealer-code": dealer, origin: baseURL, "x-csrftoken": csrf }, data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

for (const journey of JOURNEYS) {
  const { text, language, dealer } = journey;
  test.describe(`${language} at ${dealer}`, () => {
    if (journey.project === "phone") test.use({ viewport: { width: 390, height: 844 } });

    test(`${language}: a shopper estimates their insurance from the deal and saves it; the list shows their build and the marketplace's back link`, async ({ page, request, baseURL }, testInfo) => {
      test.skip(testInfo.project.name !== journey.project, `this journey runs on the ${journey.project}`);
      test.setTimeout(120_000);
      const id = await rav4At(request, dealer);

      // A saved deal.
      await page.goto(`/${language}/${dealer}/details/${id}/`);
      await page.getByTestId(journey.project === "phone" ? "phone-bar-save" : "save-deal").filter({ visible: true }).first().click();
      await signUp(page, language, uniqueEmail(`insurance-${language}`));
      await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();

      // The insurance card of the deal panel opens the estimate.
      const card = page.getByTestId("insurance-card").filter({ visible: true }).first();
      await card.getByTestId("insurance-card-open").click();
      await expect(page).toHaveURL(/#insurance-quote$/);
      const modal = page.getByTestId("insurance-modal");
      await expect(modal).toBeVisible({ timeout: 15_000 });
      await modal.getByTestId("insurance-submit").click();
      await expect(modal.getByLabel(text.yearsLicensed)).toBeFocused();
      await expect(modal.getByText(text.required)).toBeVisible();
      await modal.getByLabel(text.yearsLicensed).fill("15");
      await modal.getByLabel(text.postalCode).fill(journey.postalCode);
      await modal.getByLabel(text.deductible).selectOption("1000");
      expect(await seriousViolations(page)).toEqual([]);

      const created = page.waitForResponse((r) => r.url().includes("/liberty_mutual_create_quote/") && r.status() === 201);
      await modal.getByTestId("insurance-submit").click();
      const quote = (await (await created).json()) as { yearly_premium: string; vehicle_value: string; request: { liability_limit: number } };
      await expect(modal.getByTestId("insurance-result")).toBeVisible();

      // The premium is the estimator's for the deal's vehicle and these answers.
      const vehicle = (await (await request.get(`/api/quickshop/inventory/${id}/`, { headers: { "x-dealer-code": dealer } })).json()) as { year: number; body_type: string };
      const expected = estimateInsurancePremium({
        country: "CA",
        vehicleValue: Math.round(Number(quote.vehicle_value) * 100) as Cents,
        modelYear: vehicle.year,
        bodyType: vehicle.body_type as BodyType,
        quotedYear: new Date().getUTCFullYear(),
        driverAgeBand: "35-49",
        yearsLicensed: 15,
        atFaultClaims: 0,
        postalCode: journey.postalCode,
        liabilityLimit: quote.request.liability_limit,
        deductible: 1000,
      });
      if (!expected.ok) throw new Error("the estimator did not rate these answers");
      expect(Math.round(Number(quote.yearly_premium) * 100)).toBe(expected.estimate.yearly);
      const dollars = expected.estimate.yearly / 100;
      const shown = language === "en" ? `$${dollars.toLocaleString("en-CA")}` : `${dollars.toLocaleString("fr-CA")}\u00a0$`;
      await expect(modal.getByTestId("insurance-yearly")).toHaveText(journey.yearly(shown).replace(/\u202f/g, "\u00a0"));
      await expect(modal.getByTestId("insurance-disclosure")).toContainText(text.disclosure);
      expect(await seriousViolations(page)).toEqual([]);

      await modal.getByTestId("insurance-save").click();
      await expect(modal.getByTestId("insurance-saved")).toHaveText(text.saved);
      await page.getByRole("dialog").getByRole("button", { name: text.close }).first().click();
      await expect(modal).toHaveCount(0);
      await expect(card.getByTestId("insurance-card-saved")).toContainText(shown.replace(/\u202f/g, "\u00a0"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Their build, shared as a configuration, shown on the list with a marketplace's back link.
      const build = await sessionPost(page, baseURL!, dealer, "/api/build-and-price/build-state/", { vehicle: id });
      const configuration = await sessionPost(page, baseURL!, dealer, "/api/customer/configuration/", { build_state: build.uid });
      const refurl = encodeURIComponent("https://marketplace.example/list?make=toyota");
      const list = await page.goto(`/${language}/${dealer}/search/?configurationId=${configuration.id}&refurl=${refurl}`);
      expect(list?.status()).toBe(200);
      await expect(page.getByTestId("configuration-banner")).toContainText(text.banner);
      await expect(page.getByTestId("refurl-back-link")).toHaveText(`← ${text.backTo}`);
      await expect(page.getByTestId("refurl-back-link")).toHaveAttribute("href", "https://marketplace.example/list?make=toyota");
      expect(await seriousViolations(page)).toEqual([]);

      // Another's configuration is swallowed, and a javascript: back link is refused; the page still answers 200.
      const refused = await page.goto(`/${language}/${dealer}/search/?configurationId=999999&refurl=${encodeURIComponent("javascript:alert(1)")}`);
      expect(refused?.status()).toBe(200);
      await expect(page.getByTestId("result-count")).toBeVisible();
      await expect(page.getByTestId("configuration-banner")).toHaveCount(0);
      await expect(page.getByTestId("refurl-back-link")).toHaveCount(0);
    });
  });
}
