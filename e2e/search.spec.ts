import type { Locator, Page } from "@playwright/test";
import { expect, isPhone, seriousViolations, test } from "./fixtures.ts";

const count = async (page: Page) => Number((await page.getByTestId("result-count").innerText()).replace(/\D+/g, ""));
const prices = async (page: Page) =>
  (await page.getByTestId("vehicle-price").allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, "")));

/** On a phone the filters live in a sheet: open it, choose, apply. On a desktop they apply at once. */
async function chooseFilter(page: Page, phone: boolean, choose: (scope: Locator) => Promise<void>) {
  if (phone) {
    await page.getByTestId("open-filters").click();
    await choose(page.getByRole("dialog"));
    await page.getByTestId("apply-filters").click();
  } else {
    await choose(page.locator("aside"));
  }
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: filter by make then model, sort by price, page 2, open a vehicle and come back with the filters kept`, async ({
    page,
  }, testInfo) => {
    // A whole journey with two accessibility scans: longer than the default per-test budget.
    test.setTimeout(120_000);
    const phone = isPhone(testInfo.project.name);
    const makeLabel = language === "en" ? "Make" : "Marque";
    const modelLabel = language === "en" ? "Model" : "Modèle";
    await page.goto(`/${language}/maple-auto/search/`);
    const total = await count(page);
    expect(total).toBeGreaterThan(100);

    await chooseFilter(page, phone, (p) => p.getByLabel(makeLabel, { exact: true }).selectOption("Toyota"));
    await expect(page).toHaveURL(/make=Toyota/);
    await expect.poll(() => count(page)).toBeLessThan(total);
    const toyotas = await count(page);
    await expect(page.getByTestId("active-filters")).toContainText("Toyota");

    await chooseFilter(page, phone, (p) => p.getByLabel(modelLabel, { exact: true }).selectOption("RAV4"));
    await expect(page).toHaveURL(/make=Toyota&model=RAV4/);
    await expect.poll(() => count(page)).toBeLessThan(toyotas);
    const titles = await page.getByTestId("vehicle-link").allInnerTexts();
    expect(titles.every((title) => title.includes("Toyota RAV4"))).toBe(true);

    // Sort and page through a wider list: SUVs of every make.
    await page
      .getByTestId("active-filters")
      .getByRole("link", { name: language === "en" ? "Clear all filters" : "Effacer tous les filtres" })
      .click();
    await expect(page).not.toHaveURL(/make=/);
    await expect.poll(() => count(page)).toBe(total);
    await chooseFilter(page, phone, (scope) =>
      scope.getByRole("checkbox", { name: language === "en" ? /^SUV/ : /^VUS/ }).check(),
    );
    await expect(page).toHaveURL(/bodyType=SUV/);
    await expect(page.getByTestId("active-filters")).toBeVisible();
    await page.getByTestId("sort-select").selectOption("price");
    await expect(page).toHaveURL(/sort=price/);
    await expect
      .poll(async () => {
        const p = await prices(page);
        return p.join() === [...p].sort((a, b) => a - b).join();
      })
      .toBe(true);
    const firstPage = await prices(page);

    await page.locator("a[rel=next]").click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(async () => (await prices(page))[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
    const secondPage = await prices(page);

    const card = page.getByTestId("vehicle-link").first();
    const title = (await card.innerText()).split("\n")[0]!;
    // The card's link is followed in the app: the document (and this mark on it) stays.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await card.click();
    await expect(page).toHaveURL(/\/details\/\d+\/$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.getByTestId("vehicle-title")).toContainText(title.split(" ").slice(0, 3).join(" "));
    await expect(page.getByTestId("price-block")).toBeVisible();
    await expect(page.getByTestId("specifications")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId("back-to-list").click();
    await expect(page).toHaveURL(/bodyType=SUV&sort=price&page=2/);
    await expect.poll(() => prices(page)).toEqual(secondPage);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a shared list address reproduces the same list, and an impossible one offers a way out", async ({ page }) => {
  await page.goto("/en/maple-auto/search/?condition=used&bodyType=SUV&sort=-year");
  const shared = await page.getByTestId("vehicle-link").allInnerTexts();
  await page.goto("/en/maple-auto/search/?condition=used&bodyType=SUV&sort=-year");
  expect(await page.getByTestId("vehicle-link").allInnerTexts()).toEqual(shared);

  await page.goto("/en/maple-auto/search/?make=Toyota&bodyType=Van");
  await expect(page.getByTestId("empty-results")).toBeVisible();
  await page.getByTestId("empty-results").getByRole("link").click();
  await expect(page).toHaveURL(/\/en\/maple-auto\/search\/$/);
  await expect.poll(() => count(page)).toBeGreaterThan(100);
});

test("the contact form on the details page checks its fields and sends the lead", async ({ page }) => {
  await page.goto("/en/maple-auto/search/");
  await page.getByTestId("vehicle-link").first().click();
  const form = page.getByTestId("contact-form");
  await form.getByLabel("First name").fill("J");
  await form.getByTestId("contact-submit").click();
  await expect(page.locator("#contact-first_name-error")).toContainText("Enter 2 to 30 letters");
  // The first invalid field takes the focus (forms from schemas, ARCHITECTURE.md §7).
  await expect(form.getByLabel("First name")).toBeFocused();
  await form.getByLabel("First name").fill("Jordan");
  await form.getByLabel("Last name").fill("Lee");
  await form.getByLabel("Email").fill("jordan@example.com");
  await form.getByLabel("How can we help?").fill("Is it available on Saturday?");
  await form.getByTestId("contact-submit").click();
  await expect(page.getByTestId("contact-sent")).toBeVisible();
});

const BUDGET_TEXT = {
  en: { budget: "Budget", by: "Budget by", finance: "Finance payment", max: "Maximum payment, biweekly", suv: /^SUV/ },
  fr: {
    budget: "Budget",
    by: "Budget selon",
    finance: "Paiement de financement",
    max: "Paiement maximum, aux deux semaines",
    suv: /^VUS/,
  },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`${language}: a keyboard user keeps the focus on the filter they changed, and the budget names the payment it compares`, async ({
    page,
  }, testInfo) => {
    const text = BUDGET_TEXT[language];
    const phone = isPhone(testInfo.project.name);
    await page.goto(`/${language}/maple-auto/search/`);
    await expect(page.getByTestId("active-filters")).toHaveCount(0);
    if (phone) await page.getByTestId("open-filters").click();
    const scope = phone ? page.getByRole("dialog") : page.locator("aside");

    const suv = scope.getByRole("checkbox", { name: text.suv });
    await suv.focus();
    await page.keyboard.press("Space");
    if (!phone) {
      await expect(page).toHaveURL(/bodyType=SUV/);
      // The list's panel is drawn anew for the new address, in a transition that can land after the address changes:
      // a click on a section that is being replaced between its press and its release opens nothing. The chips of the
      // active filters are drawn in the same commit as the new panel.
      await expect(page.getByTestId("active-filters")).toBeVisible();
    }
    await expect(scope.getByRole("checkbox", { name: text.suv })).toBeFocused();
    await expect(scope.getByRole("checkbox", { name: text.suv })).toBeChecked();

    const budget = scope.getByTestId("filter-budget");
    await budget.locator("summary").click();
    await expect(scope.getByLabel(text.by)).toBeVisible();
    await scope.getByLabel(text.by).focus();
    await scope.getByLabel(text.by).selectOption("finance");
    if (!phone) await expect(page).toHaveURL(/paymentType=finance/);
    await expect(scope.getByTestId("filter-budget")).toHaveAttribute("open", "");
    await expect(scope.getByLabel(text.by)).toBeFocused();
    await expect(scope.getByLabel(text.by).locator("option:checked")).toHaveText(text.finance);
    await expect(scope.getByLabel(text.max)).toBeVisible();
  });
}
