import type { Page } from "@playwright/test";
import { expect, fillDepositCard, reservableVehicle, seriousViolations, signInAsStaff, signUp, staffPage, test, uniqueEmail } from "./fixtures.ts";

/**
 * A refundable deposit, end to end: a shopper saves a deal and places a deposit with the sandbox's approving test
 * card, sees it held; another visitor sees the vehicle reserved; a sales manager captures it from the workspace, then
 * refunds it; the shopper's deal shows it refunded and the vehicle is free again. Each journey signs in a staff account no
 * other journey uses (each account gets at most 5 sign-in codes per 15 minutes across the whole run).
 */
const JOURNEYS = [
  {
    // maple-vw-ottawa: the manufacturer's deposit system (place, review, confirmation); no vehicle list.
    language: "en",
    project: "desktop",
    dealer: "maple-vw-ottawa",
    staff: "sales-manager@maple-vw-ottawa.example",
    postalCode: "K1Z 7M4",
    confirmation: true,
    text: {
      saveDeal: "Save this deal",
      accountReady: "Your account is ready",
      continue: "Continue",
      nameOnCard: "Name on card",
      cardNumber: "Card number",
      incomplete: "Your card number is incomplete.",
      reviewCard: "Visa ending in 4242",
      held: "Your deposit is held",
      cardHeld: "Deposit held: the vehicle is reserved for you",
      reserved: "Reserved",
      refunded: "Your deposit was refunded",
      refundedAmount: "Refunded: $500.00",
      close: "Close",
    },
  },
  {
    language: "fr",
    project: "phone",
    dealer: "boulevard-laval",
    staff: "sales-manager@boulevard-laval.example",
    postalCode: "H7S 2K1",
    confirmation: false,
    text: {
      saveDeal: "Sauvegarder cette offre",
      accountReady: "Votre compte est prêt",
      continue: "Continuer",
      nameOnCard: "Nom sur la carte",
      cardNumber: "Numéro de carte",
      incomplete: "Le numéro de votre carte est incomplet.",
      reviewCard: "carte Visa se terminant par 4242",
      held: "Votre dépôt est retenu (autorisation)",
      cardHeld: "Dépôt retenu : le véhicule vous est réservé",
      reserved: "Réservé",
      refunded: "Votre dépôt a été remboursé",
      refundedAmount: "Remboursé : 500,00\u00a0$",
      close: "Fermer",
    },
  },
] as const;

/** The vehicle's status badges on its details page. */
const badges = (page: Page, language: "en" | "fr") =>
  page.getByRole("list", { name: language === "en" ? "Vehicle status" : "État du véhicule" }).first().getByRole("listitem");

for (const journey of JOURNEYS) {
  const { text, language, dealer } = journey;
  test.describe(`${language} at ${dealer}`, () => {
    if (journey.project === "phone") test.use({ viewport: { width: 390, height: 844 } });

    test(`${language}: a shopper places a deposit, another visitor sees the vehicle reserved, staff capture it and refund it`, async ({ page, request, browser }, testInfo) => {
      test.skip(testInfo.project.name !== journey.project, `this journey runs on the ${journey.project}`);
      test.setTimeout(180_000);
      const email = uniqueEmail(`deposit-${language}`);
      const id = await reservableVehicle(request, dealer);
      const details = `/${language}/${dealer}/details/${id}/`;

      // A saved deal.
      await page.goto(details);
      await page.getByRole("button", { name: text.saveDeal }).filter({ visible: true }).first().click();
      await signUp(page, language, email);
      await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();

      // The deposit step from the deal panel's card.
      const card = page.getByTestId("deposit-card").filter({ visible: true }).first();
      await card.getByTestId("deposit-card-open").click();
      await expect(page).toHaveURL(/#deposit$/);
      const modal = page.getByTestId("deposit-modal");
      await expect(modal.getByTestId("deposit-form")).toBeVisible({ timeout: 15_000 });
      await expect(modal.getByTestId("deposit-demo")).toContainText("4242 4242 4242 4242");
      await expect(modal.getByTestId("deposit-hold-terms")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await modal.getByLabel(text.nameOnCard, { exact: true }).fill("Jeanne Tremblay");
      await modal.getByLabel(text.cardNumber, { exact: true }).fill("4242 4242");
      await modal.getByTestId("deposit-to-review").click();
      await expect(modal.getByText(text.incomplete)).toBeVisible();
      await fillDepositCard(modal, language, journey.postalCode);
      expect(await seriousViolations(page)).toEqual([]);
      await modal.getByTestId("deposit-to-review").click();

      const review = modal.getByTestId("deposit-review");
      await expect(review).toBeVisible();
      await expect(review.getByTestId("deposit-review-card")).toHaveText(text.reviewCard);
      await review.getByTestId("deposit-confirm").click();
      if (journey.confirmation) {
        await expect(modal.getByTestId("deposit-confirmation")).toBeVisible({ timeout: 15_000 });
        await modal.getByTestId("deposit-confirmation-continue").click();
      }
      await expect(modal.getByTestId("deposit-placed-status")).toHaveText(text.held, { timeout: 15_000 });
      await expect(modal.getByTestId("deposit-placed-card")).toContainText("4242");
      await expect(modal.getByTestId("deposit-placed-deadline")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: text.close, exact: true }).click();
      await expect(card.getByTestId("deposit-card-state")).toHaveText(text.cardHeld);

      // Another visitor sees the vehicle reserved.
      const visitor = await staffPage(browser, testInfo);
      await visitor.goto(details);
      await expect(badges(visitor, language).filter({ hasText: new RegExp(`^${text.reserved}$`) }).first()).toBeVisible();

      // A sales manager captures the deposit from the workspace, then refunds it.
      const staff = await staffPage(browser, testInfo);
      await staff.goto(`/en/${dealer}/dealer/customers/`);
      await signInAsStaff(staff, journey.staff);
      await staff.getByLabel("Search customers").fill(email);
      await expect(staff.getByTestId("workspace-count")).toContainText("1");
      // The list may still be settling after the search: the customer's page by its address.
      const link = staff.getByTestId("workspace-customer-link").filter({ visible: true }).first();
      await expect(link).toHaveAttribute("href", /\/dealer\/customers\/\d+\//);
      await staff.goto((await link.getAttribute("href"))!);
      const deposit = staff.getByTestId("workspace-deal-deposit");
      await expect(deposit.getByTestId("workspace-deposit-status")).toHaveText("Held (pre-authorized)");
      await expect(deposit.getByTestId("workspace-deposit-card")).toHaveText("Card: Visa •••• 4242");
      await deposit.getByTestId("workspace-deposit-capture").click();
      await expect(deposit.getByTestId("workspace-deposit-question")).toContainText("Capture $500.00");
      await deposit.getByTestId("workspace-deposit-yes").click();
      await expect(deposit.getByTestId("workspace-deposit-status")).toHaveText("Paid");
      await deposit.getByTestId("workspace-deposit-refund").click();
      await expect(deposit.getByTestId("workspace-deposit-question")).toContainText("Refund $500.00 to the customer’s card?");
      await deposit.getByTestId("workspace-deposit-yes").click();
      await expect(deposit.getByTestId("workspace-deposit-status")).toHaveText("Refunded");
      await expect(deposit.getByTestId("workspace-deposit-message")).toHaveText("Refunded.");
      await staff.context().close();

      // The shopper's deal shows the deposit refunded; the vehicle is free again.
      await page.reload();
      await expect(badges(page, language).first()).toBeVisible();
      await expect(badges(page, language).filter({ hasText: new RegExp(`^${text.reserved}$`) })).toHaveCount(0);
      await page.getByTestId("deposit-card").filter({ visible: true }).first().getByTestId("deposit-card-open").click();
      await expect(page.getByTestId("deposit-placed-status")).toHaveText(text.refunded, { timeout: 15_000 });
      await expect(page.getByText(text.refundedAmount)).toBeVisible();
      await visitor.reload();
      await expect(badges(visitor, language).first()).toBeVisible();
      await expect(badges(visitor, language).filter({ hasText: new RegExp(`^${text.reserved}$`) })).toHaveCount(0);
      await visitor.context().close();
    });
  });
}
