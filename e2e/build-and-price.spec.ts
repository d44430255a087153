import type { APIRequestContext, Page } from "@playwright/test";
import { expect, seriousViolations, signUp, test, uniqueEmail } from "./fixtures.ts";

type Language = "en" | "fr";

const TEXT = {
  en: {
    buildLink: "Build and price this vehicle",
    next: /^Next:/,
    ruby: "Ruby Flare Pearl",
    blackFabric: "Black fabric",
    blackSoftex: "Black SofTex",
    hud: "Head-up display",
    premiumPackage: "Premium Package",
    conflictTitle: "This change affects other choices",
    mandatoryTitle: "Choose your colours",
    total: (amount: string) => `$${amount}`,
    base: "34,500.00",
    le: "31,900.00",
    withPaint: "34,955.00",
    final: "39,805.00",
    saveBuild: "Save this build",
    accountReady: "Your account is ready",
    continue: "Continue",
    saved: "Saved — view my saved vehicles",
  },
  fr: {
    buildLink: "Configurer et estimer ce véhicule",
    next: /^Suivant :/,
    ruby: "Rouge rubis nacré",
    blackFabric: "Tissu noir",
    blackSoftex: "SofTex noir",
    hud: "Affichage tête haute",
    premiumPackage: "Groupe Premium",
    conflictTitle: "Ce changement touche d’autres choix",
    mandatoryTitle: "Choisissez vos couleurs",
    total: (amount: string) => `${amount}\u00a0$`,
    base: "34\u00a0500,00",
    le: "31\u00a0900,00",
    withPaint: "34\u00a0955,00",
    final: "39\u00a0805,00",
    saveBuild: "Enregistrer cette configuration",
    accountReady: "Votre compte est prêt",
    continue: "Continuer",
    saved: "Sauvegardée — voir mes véhicules sauvegardés",
  },
} as const;

/** The demo RAV4 XLE built to order (stock number BP-2026101) of the Ontario dealership. */
async function rav4Id(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?query=BP-2026101", {
    headers: { "x-dealer-code": "maple-auto" },
  });
  const { results } = (await response.json()) as { results: { id: number; stock_number: string }[] };
  return results.find((v) => v.stock_number === "BP-2026101")!.id;
}

async function next(page: Page, language: Language) {
  await page.getByRole("button", { name: TEXT[language].next }).first().click();
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a shopper builds a RAV4 through every step, resolves conflicts, reaches the summary with a payment and saves the build`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const id = await rav4Id(request);
    const total = page.getByTestId("build-msrp");

    await page.goto(`/${language}/maple-auto/details/${id}/`);
    await page.getByRole("link", { name: text.buildLink }).click();
    await expect(page).toHaveURL(new RegExp(`/build-and-price/${id}/$`));
    // Step 1, the trim; the build starts with the default exterior colour.
    await expect(page.getByTestId("trim-trim:2026101").getByRole("radio")).toBeChecked();
    await expect(total).toHaveText(text.total(text.base));

    // The other trim of the model opens its own vehicle's build; choosing XLE again comes back.
    await page.getByTestId("trim-trim:2026105").getByRole("radio").click();
    await expect(page).toHaveURL(/\/build-and-price\/\d+\/configuration\/$/);
    expect(page.url()).not.toContain(`/build-and-price/${id}/`);
    await expect(page.getByTestId("trim-trim:2026105").getByRole("radio")).toBeChecked();
    await expect(total).toHaveText(text.total(text.le));
    await page.getByTestId("trim-trim:2026101").getByRole("radio").click();
    await expect(page).toHaveURL(new RegExp(`/build-and-price/${id}/configuration/$`));
    await expect(total).toHaveText(text.total(text.base));
    await next(page, language);
    await expect(page).toHaveURL(/\/colour\/$/);

    // A premium colour needs its paint charge: the dialog proposes it, the shopper accepts.
    await page.getByLabel(text.ruby).click();
    const conflict = page.getByRole("dialog", { name: text.conflictTitle });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByTestId("conflict-choice-0")).toContainText(
      language === "en" ? "Premium paint" : "Peinture de qualité supérieure",
    );
    if (language === "en") expect(await seriousViolations(page)).toEqual([]);
    await conflict.getByTestId("conflict-confirm").click();
    await expect(conflict).toBeHidden();
    await expect(page.getByLabel(text.ruby)).toBeChecked();
    await expect(total).toHaveText(text.total(text.withPaint));
    await expect(page.getByTestId("build-image")).toHaveAttribute("src", /8e1a22/i);

    // A leather interior needs the Premium Package: keeping the build changes nothing.
    await page.getByLabel(text.blackSoftex).click();
    await expect(conflict).toBeVisible();
    await conflict.getByTestId("conflict-cancel").click();
    await expect(conflict).toBeHidden();
    await expect(page.getByLabel(text.blackSoftex)).not.toBeChecked();
    await expect(total).toHaveText(text.total(text.withPaint));
    await next(page, language);

    // The head-up display needs a package: two ways out, the shopper takes the second one.
    await page.getByLabel(text.hud).click();
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("radio")).toHaveCount(2);
    await conflict.getByRole("radio").nth(1).check();
    await expect(conflict.getByTestId("conflict-choice-1")).toContainText(text.premiumPackage);
    await conflict.getByTestId("conflict-confirm").click();
    await expect(conflict).toBeHidden();
    await expect(page.getByLabel(text.hud)).toBeChecked();
    await next(page, language);

    // The package step shows the package the conflict added; the trail package now needs changes.
    await expect(page.getByLabel(text.premiumPackage)).toBeChecked();
    await expect(page.getByTestId("option-PKG-TRAIL")).toHaveAttribute("data-status", "excluded");

    // The accessories and protection plans the dealership offers for the RAV4 have their steps.
    await next(page, language);
    await expect(page).toHaveURL(/\/accessories\/$/);
    await expect(page.getByTestId("accessories-dialog").locator("li").first()).toBeVisible();
    await next(page, language);
    await expect(page).toHaveURL(/\/protection_plans\/$/);
    await expect(page.getByTestId("plans-dialog").locator("li").first()).toBeVisible();

    // No interior colour yet: the mandatory-colour modal asks for it before the summary.
    await next(page, language);
    const mandatory = page.getByRole("dialog", { name: text.mandatoryTitle });
    await expect(mandatory).toBeVisible();
    await mandatory.getByLabel(text.blackFabric).click();
    await expect(mandatory.getByLabel(text.blackFabric)).toBeChecked();
    await mandatory.getByTestId("mandatory-continue").click();
    await expect(page).toHaveURL(/\/summary\/$/);

    // The summary: base plus paint, head-up display and package, and a payment priced on that MSRP.
    await expect(page.getByTestId("summary-msrp")).toHaveText(text.total(text.final));
    await expect(page.getByTestId("payment-amount")).toBeVisible({ timeout: 15_000 });
    if (language === "en" && testInfo.project.name === "desktop") expect(await seriousViolations(page)).toEqual([]);

    // Saving the build signs the shopper up, then keeps the build on the new deal.
    await page.getByRole("button", { name: text.saveBuild }).click();
    await signUp(page, language, uniqueEmail(`build-${language}-${testInfo.project.name}`));
    const ready = page.getByRole("dialog", { name: text.accountReady });
    await expect(ready).toBeVisible();
    await ready.getByRole("button", { name: text.continue }).click();
    await expect(page.getByRole("link", { name: text.saved })).toBeVisible();

    const deals = await page.request.get("/api/order/", { headers: { "x-dealer-code": "maple-auto" } });
    const [deal] = (
      (await deals.json()) as { results: { vehicle: { id: number } | number; build_state: string | null }[] }
    ).results;
    expect(deal?.build_state).toMatch(/.{16,}/);
    const state = await page.request.get(`/api/build-and-price/build-state/${deal!.build_state}/`, {
      headers: { "x-dealer-code": "maple-auto" },
    });
    expect(((await state.json()) as { state: { prices: { msrp: number } } }).state.prices.msrp).toBe(3_980_500);

    // Back on the page later, the same build comes back.
    await page.reload();
    await expect(page.getByTestId("summary-msrp")).toHaveText(text.total(text.final));
  });
}

test("a vehicle without a trim in the catalogue says it cannot be built online", async ({ page, request }) => {
  const response = await request.get("/api/quickshop/inventory/?condition=used&page_size=1", {
    headers: { "x-dealer-code": "maple-auto" },
  });
  const [used] = ((await response.json()) as { results: { id: number }[] }).results;
  await page.goto(`/en/maple-auto/build-and-price/${used!.id}/`);
  await expect(page.getByTestId("build-unavailable")).toContainText("cannot be built and priced online");
});

test("the first step comes with the page, and nothing moves when the build starts", async ({ page, request }) => {
  const url = `/en/maple-auto/build-and-price/${await rav4Id(request)}/`;

  // The server's HTML alone: the picture to paint first, and the trims to choose from (waiting for the build).
  const html = await (await request.get(url)).text();
  expect(html).toMatch(/<img[^>]*fetchpriority="high"[^>]*data-testid="build-image"/i);
  expect(html).toContain('data-testid="trim-trim:2026101"');

  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { layoutShifts: number[] }).layoutShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  await expect(page.getByTestId("step-next")).toBeEnabled();
  await expect(page.getByTestId("build-prices")).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});
