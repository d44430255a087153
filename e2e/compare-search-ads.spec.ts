import type { Page } from "@playwright/test";
import { expect, seriousViolations, smsCode, smsSeen, test } from "./fixtures.ts";

/** The details page's price and the payment its calculator opens on (amount and frequency). */
async function detailsFigures(page: Page, id: number) {
  await page.goto(`/en/maple-auto/details/${id}/`);
  const calculator = page.getByTestId("payment-calculator");
  await expect(calculator.getByTestId("payment-amount")).toBeVisible({ timeout: 15_000 });
  await expect(calculator.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");
  return {
    price: (await page.getByTestId("price-block").getByTestId("dealer-price").innerText()).trim(),
    amount: (await calculator.getByTestId("payment-amount").innerText()).trim(),
    frequency: (await calculator.getByTestId("payment-frequency").innerText()).trim(),
  };
}

const idOf = async (page: Page, card: number) =>
  Number(/\/details\/(\d+)\//.exec((await page.getByTestId("vehicle-link").nth(card).getAttribute("href")) ?? "")?.[1]);

test("pick three vehicles on the list, compare them with the figures of their details pages, then from a details page", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/en/maple-auto/search/?condition=used&sort=-price");
  const ids = [await idOf(page, 0), await idOf(page, 1), await idOf(page, 2)];
  for (const [card] of ids.entries()) await page.getByTestId("vehicle-card").nth(card).getByTestId("compare-toggle").check();
  const bar = page.getByTestId("compare-bar");
  await expect(bar).toContainText("3 of 4 vehicles chosen");
  await bar.getByTestId("compare-open").click();
  await expect(page).toHaveURL(new RegExp(`/en/maple-auto/vcc/\\?ids=${ids.join(",")}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Compare vehicles" })).toBeVisible();
  const table = page.getByRole("table", { name: "3 vehicles side by side" });
  await expect(table.getByRole("columnheader")).toHaveCount(4);
  await expect(table.getByRole("rowheader", { name: /^Payment/ })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /^Stock number/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const compared = [];
  for (const id of ids) {
    compared.push({
      price: (await page.getByTestId(`compare-price-${id}`).innerText()).trim(),
      amount: (await page.getByTestId(`compare-payment-${id}`).innerText()).trim(),
      frequency: (await page.getByTestId(`compare-frequency-${id}`).innerText()).trim(),
    });
  }
  // Only the rows that differ, from the page's own link.
  await page.getByTestId("compare-differences").click();
  await expect(page).toHaveURL(/differences=1/);
  await expect(page.locator("[data-testid^=compare-row-]:not([data-differs=true])")).toHaveCount(0);

  // Each vehicle's details page shows the same price and payment, at the same frequency.
  for (const [index, id] of ids.entries()) expect(await detailsFigures(page, id), `vehicle ${id}`).toEqual(compared[index]);

  // From the third one's details page: compare it (first) with the other two picked.
  const others = page.getByTestId("details-compare").getByTestId("compare-open");
  await expect(others).toHaveText("Compare with the 2 other vehicles chosen");
  await others.click();
  await expect(page).toHaveURL(new RegExp(`/en/maple-auto/vccvdp/\\?vehicle=${ids[2]}&ids=${ids[0]},${ids[1]}$`));
  await expect(page.getByTestId("compare-column").first().getByRole("link", { name: /^Details of/ })).toHaveAttribute("href", `/en/maple-auto/details/${ids[2]}/`);
  await expect(page.getByRole("link", { name: /^← Back to the/ })).toHaveAttribute("href", `/en/maple-auto/details/${ids[2]}/`);
  await expect(page.getByTestId(`compare-price-${ids[2]}`)).toHaveText(compared[2]!.price);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a comparison of too few, too many or another dealership's vehicles says so", async ({ page }) => {
  const one = await page.goto("/en/maple-auto/vcc/?ids=5");
  expect(one?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose at least 2 vehicles to compare");
  expect((await page.goto("/fr/maple-auto/vcc/?ids=1,2,3,4,5"))?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vous pouvez comparer jusqu’à 4 véhicules");
  const lakeshore = (await (await page.request.get("/api/quickshop/inventory/", { headers: { "x-dealer-code": "lakeshore-buffalo" } })).json()) as { results: { id: number }[] };
  const maple = (await (await page.request.get("/api/quickshop/inventory/", { headers: { "x-dealer-code": "maple-auto" } })).json()) as { results: { id: number }[] };
  expect((await page.goto(`/en/maple-auto/vcc/?ids=${maple.results[0]!.id},${lakeshore.results[0]!.id}`))?.status()).toBe(404);
  await expect(page.getByTestId("compare-problem")).toContainText(String(lakeshore.results[0]!.id));
  expect(await seriousViolations(page)).toEqual([]);
});

for (const language of ["en", "fr"] as const) {
  test(`${language}: details/ without a vehicle answers 200 with a page leading to the list`, async ({ page }) => {
    const response = await page.goto(`/${language}/maple-auto/details/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "Which vehicle?" : "Quel véhicule?");
    await expect(page.getByTestId("to-vehicle-list")).toHaveAttribute("href", `/${language}/maple-auto/search/`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("staff publish a search from the list; a fresh browser opens its link and sees matching vehicles only", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const headers = { "x-dealer-code": "lakeshore-buffalo" };
  const facets = (await (await page.request.get("/api/quickshop/inventory/", { headers })).json()) as { facets: { make: { value: string; count: number }[] } };
  const make = facets.facets.make.find((m) => m.count > 3)!.value;

  // The sales manager signs in through the API (code from the development mailbox): the page's browser is theirs.
  await page.goto("/en/lakeshore-buffalo/search/");
  const api = async (path: string, data: unknown) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const response = await page.request.post(path, { headers: { ...headers, origin: baseURL!, "x-csrftoken": csrf }, data });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return response;
  };
  const seen = await smsSeen(page.request);
  await api("/api/quickshop/user/login/", { email: "sales-manager@lakeshore-buffalo.example", password: "showroom-demo-2026" });
  await api("/api/quickshop/user/verification/", { token: await smsCode(page.request, seen) });

  await page.goto(`/en/lakeshore-buffalo/search/?make=${encodeURIComponent(make)}`);
  await page.getByTestId("create-search-ad").click();
  const form = page.getByTestId("search-ad-form");
  await form.getByLabel("Title of the ad").fill(`Our ${make} vehicles`);
  await form.getByTestId("search-ad-submit").click();
  const link = await form.getByTestId("search-ad-link").inputValue();
  expect(link).toMatch(/\/lakeshore-buffalo\/public-views\/search-ads\/[\w-]{16}\/$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Anyone, without a session: the ad's vehicles, all of that make, as many as the search finds.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const visitor = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  await visitor.addInitScript(() => {
    window.localStorage.setItem("was-visited", "1");
    window.localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, performance: false, targeting: false }));
  });
  const shopper = await visitor.newPage();
  const response = await shopper.goto(link);
  expect(response?.status()).toBe(200);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Our ${make} vehicles`);
  await expect(shopper.getByTestId("search-ad-filters")).toContainText(make);
  const titles = await shopper.getByTestId("vehicle-link").allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.every((title) => title.includes(make))).toBe(true);
  const expected = (await (await shopper.request.get(`/api/quickshop/inventory/?make=${encodeURIComponent(make)}`, { headers })).json()) as { count: number };
  await expect(shopper.getByTestId("result-count")).toContainText(String(expected.count));
  await shopper.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  expect(await seriousViolations(shopper)).toEqual([]);
  // The same address without its code: a page saying the link is incomplete.
  expect((await shopper.goto("/en/lakeshore-buffalo/public-views/search-ads/"))?.status()).toBe(200);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("This link is incomplete");
  await visitor.close();
});
