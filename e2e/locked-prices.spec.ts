import { expect, isPhone, seriousViolations, test, uniqueEmail } from "./fixtures.ts";

/** A price as a page could spell it: $54,600 / 54,600.00 / 54600. */
const spellings = (shown: string) => {
  const digits = shown.replace(/[^\d.]/g, "").replace(/\.\d*$/, "");
  return [Number(digits).toLocaleString("en-US"), digits];
};

test("a compulsory-login dealership sends no price to a visitor, and shows them once the shopper signs up", async ({
  page,
  request,
}, testInfo) => {
  await page.goto("/lakeshore-buffalo/search/");
  const card = page.getByTestId("vehicle-card").first();
  const unlock = card.getByRole("button", { name: "Sign in to see prices" });
  await expect(unlock).toBeVisible();
  await expect(page.getByTestId("vehicle-payment")).toHaveCount(0);
  await expect(page.getByTestId("sort-select").locator("option[value='price']")).toHaveCount(0);
  if (!isPhone(testInfo.project.name)) await expect(page.getByTestId("filter-budget")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const href = await card.getByTestId("vehicle-link").getAttribute("href");

  // What a visitor's browser receives, before anyone signs in (a fresh request context: no cookies).
  const listHtml = await (await request.get("/lakeshore-buffalo/search/")).text();
  const detailsHtml = await (await request.get(href!)).text();

  await unlock.click();
  const dialog = page.getByRole("dialog", { name: "Sign in to see prices" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("locked"));
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Lee");
  await dialog.getByLabel("Phone (optional)").fill("7165550142");
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = dialog.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await dialog.getByRole("button", { name: "Create my account" }).click();
  await expect(dialog).toBeHidden();

  const price = page.getByTestId("vehicle-card").first().getByTestId("vehicle-price");
  await expect(price).toHaveText(/^\$[\d,]+$/);
  const shown = (await price.textContent())!;
  for (const spelling of spellings(shown)) {
    expect(listHtml, `list page HTML holds ${spelling}`).not.toContain(spelling);
    expect(detailsHtml, `details page HTML holds ${spelling}`).not.toContain(spelling);
  }
  expect(detailsHtml).toContain("unlock-pricing");
});
