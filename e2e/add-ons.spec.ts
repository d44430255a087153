import type { Page } from "@playwright/test";
import { cents, expect, rav4Id, seriousViolations, test } from "./fixtures.ts";

const TEXT = {
  en: {
    mats: "Toyota carpet floor mats",
    leasePlan: "Lease-end wear protection",
    notice: /not offered with Cash and were removed/,
  },
  fr: {
    mats: "Tapis protège-planchers en moquette Toyota",
    leasePlan: "Protection d'usure de fin de bail",
    notice: /ne sont pas offerts avec le paiement Comptant et ont été retirés/,
  },
} as const;

const payment = async (page: Page) => cents(await page.getByTestId("payment-amount").innerText());

async function settled(page: Page) {
  await expect(page.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a shopper adds an accessory and a protection plan to a lease, sees each one's share of the payment, and switching to cash drops the lease-only plan with a notice`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const id = await rav4Id(request);
    await page.goto(`/${language}/maple-auto/details/${id}/`);
    const calculator = page.getByTestId("payment-calculator");
    await calculator.getByTestId("payment-type-lease").click();
    await expect(calculator.getByTestId("term-select")).toBeVisible();
    await settled(page);
    const bare = await payment(page);

    // The accessory: the dialog has its own address, and the payment rises by the accessory's share.
    const addOns = page.getByTestId("add-ons");
    await addOns.getByTestId("open-accessories").click();
    await expect(page).toHaveURL(/#accessories$/);
    const accessories = page.getByTestId("accessories-dialog");
    const mats = accessories.locator("li", { hasText: text.mats });
    await mats.getByRole("button").click();
    await expect(mats.getByRole("button")).toHaveAttribute("aria-pressed", "true");
    if (language === "en" && testInfo.project.name === "desktop") expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("accessories-done").click();
    await expect(page).not.toHaveURL(/#accessories$/);
    const lines = addOns.getByTestId("add-on-lines");
    await expect(lines.locator("li", { hasText: text.mats })).toBeVisible();
    await expect.poll(() => payment(page)).not.toBe(bare);
    await settled(page);
    const withMats = await payment(page);
    const matsShare = cents(
      await lines.locator("li", { hasText: text.mats }).getByTestId("add-on-recurring").innerText(),
    );
    expect(matsShare).toBeGreaterThan(0);
    expect(withMats - bare).toBe(matsShare);

    // The plan is priced for this lease; its share arrives after the 1-second pause for plan changes.
    await addOns.getByTestId("open-protection-plans").click();
    const plans = page.getByTestId("plans-dialog");
    const plan = plans.locator("li", { hasText: text.leasePlan });
    await expect(plan.locator("[data-testid^=plan-price-]:not([data-testid*=loading])")).toBeVisible();
    await plan.getByRole("button").click();
    await page.getByTestId("plans-done").click();
    await expect(lines.locator("li", { hasText: text.leasePlan })).toBeVisible({ timeout: 10_000 });
    await settled(page);
    const withPlan = await payment(page);
    const planShare = cents(
      await lines.locator("li", { hasText: text.leasePlan }).getByTestId("add-on-recurring").innerText(),
    );
    expect(withPlan - withMats).toBe(planShare);

    // Cash does not take the lease-end plan: it leaves the deal, and the shopper is told.
    await calculator.getByTestId("payment-type-cash").click();
    await expect(addOns.getByTestId("plan-removed-notice")).toContainText(text.notice);
    await expect(lines.locator("li", { hasText: text.leasePlan })).toHaveCount(0);
    await expect(lines.locator("li", { hasText: text.mats })).toBeVisible();
    await expect(addOns.getByTestId("open-protection-plans")).toContainText("(0)");
  });
}

test("a link to the protection plans opens their dialog, and the build-and-price steps list the same add-ons", async ({
  page,
  request,
}) => {
  const id = await rav4Id(request);
  await page.goto(`/en/maple-auto/details/${id}/#protection-plans`);
  await expect(page.getByTestId("plans-dialog")).toBeVisible();
  await page.goto(`/en/maple-auto/build-and-price/${id}/accessories/`);
  await expect(page.getByTestId("step-accessories")).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("accessories-dialog").locator("li", { hasText: TEXT.en.mats })).toBeVisible();
  await expect(page.getByTestId("step-protection_plans")).toBeVisible();
  // The dealership's answers to common questions load when the shopper opens them.
  const questions = page.getByTestId("accessory-questions");
  await questions.locator("summary").click();
  await expect(questions.locator("dt").first()).toBeVisible();
});

test("an accessory the dealership withdrew since the shopper chose it leaves the deal, and the not-available dialog says so", async ({
  page,
  request,
}) => {
  const id = await rav4Id(request);
  // The demo catalogue withdrew one accessory of each make (it is inactive): a shopper chose it before that.
  const inactive = await request.get(`/api/accessories/?vehicle=${id}&active=false`, {
    headers: { "x-dealer-code": "maple-auto" },
  });
  const withdrawn = ((await inactive.json()) as { results: { id: number }[] }).results[0]!.id;
  await page.addInitScript(
    ([vehicle, accessory]) => {
      window.localStorage.setItem(
        "add-ons",
        JSON.stringify({ [vehicle]: { accessory_ids: [accessory], install_accessory_ids: [], plan_ids: [] } }),
      );
    },
    [id, withdrawn] as const,
  );
  await page.goto(`/en/maple-auto/details/${id}/`);
  const dialog = page.getByTestId("not-available-dialog");
  await expect(dialog).toContainText("no longer offered");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("payment-amount")).toBeVisible();
  await expect(page.getByTestId("open-accessories")).toContainText("(0)");
  expect(await page.evaluate(() => window.localStorage.getItem("add-ons"))).toBe("{}");
});
