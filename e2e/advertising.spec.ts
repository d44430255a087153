import { expect, seriousViolations, test, uniqueEmail } from "./fixtures.ts";

/**
 * Advertised payments carry the terms their dealership's jurisdiction triggers (issue 24, point 11), on the vehicle
 * cards and the details page's headline payment; the Google vehicle-listings feed and the sitemap list only vehicles
 * for sale, the feed's new vehicles at the pricing engine's all-in price (point 3).
 */

test("Ontario: a card and the details headline carry the term, down payment, APR, cost of borrowing and the all-in price", async ({ page }) => {
  await page.goto("/en/maple-auto/search/?condition=new");
  const card = page.getByTestId("vehicle-card").first();
  await expect(card.getByTestId("vehicle-payment")).toBeVisible();
  const disclosure = card.getByTestId("vehicle-disclosure");
  await expect(disclosure).toHaveText(
    /^\d+-month term · \$[\d,]+\.\d{2} down · [\d.]+% APR · cost of borrowing \$[\d,]+\.\d{2} · all-in price \$[\d,]+\.\d{2} plus HST and licensing$/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  const cardText = await disclosure.textContent();
  await card.getByTestId("vehicle-link").click();
  await expect(page.getByTestId("vehicle-title")).toBeVisible();
  const headline = page.getByTestId("payment-summary").getByTestId("payment-disclosure");
  await expect(headline).toHaveText(/APR · cost of borrowing \$[\d,]+\.\d{2} · all-in price \$[\d,]+\.\d{2} plus HST and licensing$/);
  // The card and the headline name the same all-in price: the engine's, stored with the vehicle.
  const allIn = (text: string | null) => /all-in price (\$[\d,.]+)/.exec(text ?? "")?.[1];
  expect(allIn(await headline.textContent())).toBe(allIn(cardText));
});

test("Quebec: the cards' terms are in French with the all-inclusive price", async ({ page }) => {
  await page.goto("/fr/boulevard-laval/search/");
  const disclosure = page.getByTestId("vehicle-disclosure").first();
  await expect(disclosure).toHaveText(/prix tout inclus de [\d\s\u00a0]+,\d{2}\u00a0\$, plus TPS et TVQ$/);
  await expect(page.getByTestId("vehicle-card").filter({ has: page.getByTestId("vehicle-payment") }).first().getByTestId("vehicle-disclosure")).toHaveText(
    /(TAC de|exigibles à la signature)/,
  );
});

test("New York: once prices are unlocked, a used vehicle's finance payment carries its term, down payment and APR, without an all-in price", async ({
  page,
}) => {
  await page.goto("/lakeshore-buffalo/search/?condition=used");
  await page.getByTestId("vehicle-card").first().getByTestId("unlock-pricing").click();
  const dialog = page.getByRole("dialog", { name: "Sign in to see prices" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("advertising"));
  await dialog.getByLabel("First name").fill("Jordan");
  await dialog.getByLabel("Last name").fill("Lee");
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = dialog.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await dialog.getByRole("button", { name: "Create my account" }).click();
  await expect(dialog).toBeHidden();
  // The new account's personal link is offered once: closed to go on.
  const ready = page.getByRole("dialog", { name: "Your account is ready" });
  await ready.getByRole("button", { name: "Continue" }).click();
  await expect(ready).toBeHidden();

  const card = page.getByTestId("vehicle-card").filter({ has: page.getByTestId("vehicle-payment") }).first();
  await expect(card.getByTestId("vehicle-payment")).toHaveText(/^Finance: /);
  await expect(card.getByTestId("vehicle-disclosure")).toHaveText(/^\d+-month term · \$[\d,]+\.\d{2} down · [\d.]+% APR$/);
  await card.getByTestId("vehicle-link").click();
  await expect(page.getByTestId("payment-summary").getByTestId("payment-disclosure")).toHaveText(/^\d+-month term · \$[\d,]+\.\d{2} down · [\d.]+% APR$/);
});

type Listed = { available: boolean; is_reserved: boolean; is_new: boolean; advertised_terms: { all_in_price: string | null } | null };

test("the vehicle-listings feed and the sitemap answer with only vehicles for sale, a new one at its all-in price", async ({ request }) => {
  const headers = { "x-dealer-code": "maple-auto" };
  const feed = await request.get("/maple-auto/vehicle-listings.tsv");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/tab-separated-values");
  const [header, ...lines] = (await feed.text()).split("\n").filter(Boolean);
  const columns = header!.split("\t");
  for (const required of ["vin", "store_code", "dealership_name", "dealership_address", "price", "condition", "make", "model", "year", "link"]) {
    expect(columns).toContain(required);
  }
  const items = lines.map((line) => Object.fromEntries(line.split("\t").map((cell, i) => [columns[i]!, cell])));
  expect(items.length).toBeGreaterThan(50);
  for (const item of items) {
    expect(item["vin"]).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(item["price"]).toMatch(/^\d+\.\d{2} CAD$/);
    expect(item["store_code"]).toBe("maple-auto");
  }
  const idOf = (link: string) => Number(/\/details\/(\d+)\/$/.exec(link)?.[1]);
  const newItem = items.find((item) => item["condition"] === "new")!;
  const sample = [newItem, ...items.slice(0, 4)];
  for (const item of sample) {
    const vehicle = (await (await request.get(`/api/quickshop/inventory/${idOf(item["link"]!)}/`, { headers })).json()) as Listed;
    expect(vehicle.available).toBe(true);
    expect(vehicle.is_reserved).toBe(false);
    if (item === newItem) expect(item["price"]).toBe(`${vehicle.advertised_terms!.all_in_price} CAD`);
  }

  const sitemap = await request.get("/maple-auto/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const pages = [...(await sitemap.text()).matchAll(/<loc>[^<]*\/details\/(\d+)\/<\/loc>/g)].map((m) => Number(m[1]));
  expect(pages.length).toBeGreaterThan(50);
  for (const id of pages.slice(0, 4)) {
    expect(((await (await request.get(`/api/quickshop/inventory/${id}/`, { headers })).json()) as Listed).available).toBe(true);
  }
  // Every vehicle of the feed has its page in the sitemap.
  const inSitemap = new Set(pages);
  expect(items.filter((item) => !inSitemap.has(idOf(item["link"]!)))).toEqual([]);
});
