import type { APIRequestContext, Page } from "@playwright/test";
import { expect, reservableVehicle, seriousViolations, signInAsStaff, signUp, staffPage, test, uniqueEmail } from "./fixtures.ts";

/**
 * Personalized quotes, end to end: a shopper saves a deal; a sales representative prepares three options in the
 * workspace's quote builder (each priced by the engine) and sends them; the shopper opens the emailed link,
 * compares the options and reserves one. The workspace is in English; the shopper's side in each language. Each
 * journey signs in a staff account few other journeys use (at most 5 sign-in codes per account per 15 minutes).
 */
const JOURNEYS = [
  {
    language: "en",
    project: "desktop",
    dealer: "maple-auto",
    staff: "sales-rep@maple-auto.example",
    text: {
      saveDeal: "Save this deal",
      accountReady: "Your account is ready",
      continue: "Continue",
      subject: /^Your personalized quote for the /,
      reserved: /reserved/i,
    },
  },
  {
    language: "fr",
    project: "phone",
    dealer: "boulevard-laval",
    staff: "sales-rep@boulevard-laval.example",
    text: {
      saveDeal: "Sauvegarder cette offre",
      accountReady: "Votre compte est prêt",
      continue: "Continuer",
      subject: /^Votre soumission personnalisée pour le /,
      reserved: /réserv/i,
    },
  },
] as const;

/** The newest email to `to` whose subject matches, from the development mailbox. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(to)}`, { headers: { "x-dealer-code": "maple-auto" } });
        const { results } = (await response.json()) as { results: { subject: string; text: string }[] };
        text = results.find((m) => subject.test(m.subject))?.text ?? "";
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return text;
}

/** One option of the builder: its terms, saved and priced. */
async function addOption(staff: Page, index: number, terms: { type: "finance" | "lease" | "cash"; term?: string; rate?: string; down: string; name: string }) {
  await staff.getByTestId("quote-add-option").click();
  const card = staff.getByTestId("quote-option").nth(index);
  await card.getByTestId("quote-name").fill(terms.name);
  await card.getByTestId("quote-payment-type").selectOption(terms.type);
  if (terms.term) await card.getByTestId("quote-term").fill(terms.term);
  if (terms.rate) await card.getByTestId("quote-rate").fill(terms.rate);
  await card.getByTestId("quote-down-payment").fill(terms.down);
  await card.getByTestId("quote-option-save").click();
  await expect(card.getByTestId("quote-figure-total")).toBeVisible({ timeout: 15_000 });
}

for (const journey of JOURNEYS) {
  const { text, language, dealer } = journey;
  test.describe(`${language} at ${dealer}`, () => {
    if (journey.project === "phone") test.use({ viewport: { width: 390, height: 844 } });

    test(`${language}: staff send a three-option quote; the shopper opens the emailed link, compares and reserves one`, async ({ page, request, browser }, testInfo) => {
      test.skip(testInfo.project.name !== journey.project, `this journey runs on the ${journey.project}`);
      test.setTimeout(180_000);
      const email = uniqueEmail(`quote-${language}`);
      const id = await reservableVehicle(request, dealer);

      // The shopper's saved deal.
      await page.goto(`/${language}/${dealer}/details/${id}/`);
      await page.getByRole("button", { name: text.saveDeal }).filter({ visible: true }).first().click();
      await signUp(page, language, email);
      await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();

      // A sales representative prepares the quote from the customer's deal in the workspace.
      const staff = await staffPage(browser, testInfo);
      await staff.goto(`/en/${dealer}/dealer/customers/`);
      await signInAsStaff(staff, journey.staff);
      await staff.getByLabel("Search customers").fill(email);
      await expect(staff.getByTestId("workspace-count")).toContainText("1");
      const link = staff.getByTestId("workspace-customer-link").filter({ visible: true }).first();
      await expect(link).toHaveAttribute("href", /\/dealer\/customers\/\d+\//);
      await staff.goto((await link.getAttribute("href"))!);
      await staff.getByTestId("workspace-quote-prepare").click();
      await expect(staff.getByTestId("quote-builder-page")).toBeVisible({ timeout: 15_000 });
      await addOption(staff, 0, { name: "Lowest payment", type: "finance", term: "60", down: "2000" });
      await addOption(staff, 1, { name: "Shorter term, special rate", type: "finance", term: "48", rate: "1.99", down: "5000" });
      await addOption(staff, 2, { name: "Cash", type: "cash", down: "0" });
      await expect(staff.getByTestId("quote-add-option")).toBeDisabled();
      await expect(staff.getByTestId("quote-worksheet")).toBeVisible();
      expect(await seriousViolations(staff)).toEqual([]);
      await staff.getByTestId("quote-send-message").fill("Here are the three options we discussed.");
      await staff.getByTestId("quote-send").click();
      await expect(staff.getByTestId("quote-sent")).toBeVisible({ timeout: 15_000 });
      await staff.context().close();

      // The shopper opens the emailed link: the three options, compared, then one reserved.
      const mail = await mailTo(request, email, text.subject);
      expect(mail).toContain("Here are the three options we discussed.");
      const address = /https?:\/\/[^\s]+\/quotes\/\d+\/\?token=[\w-]+/.exec(mail)![0];
      await page.goto(new URL(address).pathname + new URL(address).search);
      await expect(page.getByTestId("quote-page")).toBeVisible();
      await expect(page.getByTestId("quote-option")).toHaveCount(3);
      await expect(page.getByTestId("quote-option").first().getByTestId("quote-primary-disclosures")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      // The download link: the storefront passes the API's PDF on as it came.
      const pdf = await page.request.get((await page.getByTestId("quote-pdf-link").getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

      await page.getByTestId("quote-compare-link").click();
      await expect(page.getByTestId("compare-page")).toBeVisible();
      await expect(page.getByTestId(journey.project === "phone" ? "compare-cards" : "compare-table")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId("compare-back").click();

      const second = page.getByTestId("quote-option").nth(1);
      await second.getByTestId("quote-reserve").click();
      await page.getByTestId("quote-reserve-yes").click();
      await expect(page.getByTestId("quote-reserved")).toBeVisible({ timeout: 15_000 });
      await expect(second.getByTestId("quote-status")).toHaveText(text.reserved);
      await expect(page.getByTestId("quote-reserve")).toHaveCount(0);
    });
  });
}
