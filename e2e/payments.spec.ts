import type { Page } from "@playwright/test";
import { expect, seriousViolations, test } from "./fixtures.ts";

const payment = async (page: Page) => (await page.getByTestId("payment-amount").innerText()).trim();

/** The first new vehicle of the list: it has cash, finance and lease payments. */
async function openNewVehicle(page: Page, language: "en" | "fr") {
  await page.goto(`/${language}/maple-auto/search/?condition=new&sort=-price`);
  await page.getByTestId("vehicle-link").first().click();
  await expect(page).toHaveURL(/\/details\/\d+\//);
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: the payment follows the term, the frequency and the down payment, and its breakdown explains it`, async ({ page }) => {
    test.setTimeout(120_000);
    await openNewVehicle(page, language);
    const calculator = page.getByTestId("payment-calculator");
    await calculator.scrollIntoViewIfNeeded();
    await calculator.getByTestId("payment-type-finance").click();
    await expect(calculator.getByTestId("term-select")).toBeVisible();
    await expect(calculator).not.toHaveAttribute("aria-busy", "true");

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
    expect(await seriousViolations(page)).toEqual([]);
  });
}
