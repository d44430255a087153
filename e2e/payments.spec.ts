import type { Page } from "@playwright/test";
import { expect, seriousViolations, signUp, test, uniqueEmail } from "./fixtures.ts";

const payment = async (page: Page) => (await page.getByTestId("payment-amount").innerText()).trim();

/** The first new vehicle of the list: it has cash, finance and lease payments. */
async function openNewVehicle(page: Page, language: "en" | "fr") {
  await page.goto(`/${language}/maple-auto/search/?condition=new&sort=-price`);
  await page.getByTestId("vehicle-link").first().click();
  await expect(page).toHaveURL(/\/details\/\d+\//);
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: the payment follows the term, the frequency and the down payment, and its breakdown explains it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openNewVehicle(page, language);
    const calculator = page.getByTestId("payment-calculator");
    await calculator.scrollIntoViewIfNeeded();
    await calculator.getByTestId("payment-type-finance").click();
    await expect(calculator.getByTestId("term-select")).toBeVisible();
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");

    const start = await payment(page);
    await calculator.getByTestId("term-select").selectOption("84");
    await expect.poll(() => payment(page)).not.toBe(start);
    const longer = await payment(page);

    await calculator.getByTestId("frequency-select").selectOption("monthly");
    await expect.poll(() => payment(page)).not.toBe(longer);
    const monthly = await payment(page);

    await calculator.getByTestId("down-payment-input").fill("5000");
    await expect.poll(() => payment(page), { timeout: 10_000 }).not.toBe(monthly);

    await calculator.getByTestId("payment-breakdown").click();
    const lines = calculator.getByTestId("breakdown-lines");
    await expect(lines).toBeVisible();
    await expect(lines).toContainText(language === "en" ? "HST" : "TVH");
    await expect(lines).toContainText(language === "en" ? "Down payment" : "Mise de fonds");

    // A down payment above what the deal accepts is explained, and the last good payment stays shown.
    const good = await payment(page);
    await calculator.getByTestId("down-payment-input").fill("900000");
    await expect(calculator.getByTestId("payment-error-down_payment")).toBeVisible({ timeout: 10_000 });
    expect(await payment(page)).toBe(good);

    await calculator.getByTestId("payment-type-lease").click();
    await expect(calculator.getByTestId("distance-select")).toBeVisible();
    // Scanned once the lease is priced: while a call is out the calculator is dimmed on purpose.
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
    expect(await seriousViolations(page)).toEqual([]);

    // A lease shown every two weeks: its monthly lines say they are monthly, so no figure reads as biweekly by mistake.
    await calculator.getByTestId("frequency-select").selectOption("biweekly");
    await expect(calculator.getByTestId("payment-frequency")).toHaveText(
      language === "en" ? "biweekly" : "aux deux semaines",
    );
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
    const breakdown = calculator.getByTestId("breakdown-lines");
    if (!(await breakdown.isVisible())) await calculator.getByTestId("payment-breakdown").click();
    const perMonth = language === "en" ? "(monthly)" : "(par mois)";
    await expect(breakdown).toContainText(
      `${language === "en" ? "Lease payment" : "Paiement de location"} ${perMonth}`,
    );
    await expect(breakdown).toContainText(`${language === "en" ? "First payment" : "Premier paiement"} ${perMonth}`);
  });
}

const SAVE_TEXT = {
  en: { saveDeal: "Save this deal", accountReady: "Your account is ready", continue: "Continue" },
  fr: { saveDeal: "Sauvegarder cette offre", accountReady: "Votre compte est prêt", continue: "Continuer" },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`${language}: a saved lease deal reopens as saved: lease, 48 months, monthly, its down payment`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = SAVE_TEXT[language];
    await openNewVehicle(page, language);
    const calculator = page.getByTestId("payment-calculator");
    await calculator.scrollIntoViewIfNeeded();
    await calculator.getByTestId("payment-type-lease").click();
    await expect(calculator.getByTestId("term-select")).toBeVisible();
    await calculator.getByTestId("term-select").selectOption("48");
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
    await calculator.getByTestId("frequency-select").selectOption("monthly");
    await expect(calculator.getByTestId("payment-frequency")).toHaveText(language === "en" ? "monthly" : "par mois");
    const beforeDown = await payment(page);
    await calculator.getByTestId("down-payment-input").fill("3000");
    await expect.poll(() => payment(page), { timeout: 10_000 }).not.toBe(beforeDown);
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
    const savedPayment = await payment(page);

    await page.getByRole("button", { name: text.saveDeal }).click();
    await signUp(page, language, uniqueEmail(`reopen-${language}-${testInfo.project.name}`));
    await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();

    await page.reload();
    const reopened = page.getByTestId("payment-calculator");
    await expect(reopened.getByTestId("payment-type-lease").locator("input")).toBeChecked();
    await expect(reopened.getByTestId("term-select")).toHaveValue("48");
    await expect(reopened.getByTestId("frequency-select")).toHaveValue("monthly");
    await expect(reopened.getByTestId("down-payment-input")).toHaveValue(/3[\s\u00a0,]?000/);
    await expect.poll(() => payment(page)).toBe(savedPayment);
  });
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a phone keeps the payment and the save in view, the same figure at the same frequency as the calculator`, async ({
    page,
  }, testInfo) => {
    await openNewVehicle(page, language);
    const bar = page.getByTestId("phone-deal-bar");
    if (testInfo.project.name !== "phone") {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeInViewport();
    const calculator = page.getByTestId("payment-calculator");
    await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
    const amount = (await calculator.getByTestId("payment-amount").innerText()).trim();
    const frequency = (await calculator.getByTestId("payment-frequency").innerText()).trim();
    await expect(bar.getByTestId("phone-bar-payment")).toContainText(amount);
    await expect(bar.getByTestId("phone-bar-payment")).toContainText(frequency);
    await expect(bar.getByRole("button", { name: SAVE_TEXT[language].saveDeal })).toBeVisible();

    // A change in the calculator is the bar's too.
    await calculator.getByTestId("frequency-select").selectOption("weekly");
    await expect(calculator.getByTestId("payment-frequency")).toHaveText(language === "en" ? "weekly" : "par semaine");
    const weekly = (await calculator.getByTestId("payment-amount").innerText()).trim();
    await expect(bar.getByTestId("phone-bar-payment")).toContainText(weekly);
    await page.mouse.wheel(0, 4000);
    await expect(bar).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
