import type { Page } from "@playwright/test";
import { expect, seriousViolations, test } from "./fixtures.ts";

/** What a vehicle list answers, as far as these journeys need it. */
type Listed = {
  results: { id: number; year: number; is_certified: boolean; msrp: string | null; dealer_price: string | null }[];
};

/** A vehicle of the seeded demo data, found through the API as the list finds it. */
async function seededVehicle(
  page: Page,
  dealer: string,
  query: string,
  accept: (v: Listed["results"][number]) => boolean,
) {
  const response = await page.request.get(`/api/quickshop/inventory/?${query}`, {
    headers: { "X-Dealer-Code": dealer },
  });
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as Listed).results.find(accept);
  expect(found, `a vehicle of ${dealer} with ${query}`).toBeDefined();
  return found!;
}

const TEXT = {
  en: {
    save: /You save/,
    discount: "Dealer discount",
    msrp: "MSRP",
    extra: "Taxes and licensing are extra.",
    included: "Taxes included",
  },
  fr: {
    save: /Vous économisez/,
    discount: "Rabais de la concession",
    msrp: "PDSF",
    extra: "Taxes et immatriculation en sus.",
    included: "Taxes incluses",
  },
} as const;

/** The page says one thing about taxes, and it is the calculator's statement on the payment shown. */
async function expectOneTaxStatement(page: Page, language: "en" | "fr") {
  const calculator = page.getByTestId("payment-calculator");
  await expect(calculator.getByTestId("payment-amount")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("tax-note")).toHaveText(TEXT[language].included);
  await expect(page.getByTestId("price-tax-note")).toHaveCount(0);
  await expect(page.getByText(TEXT[language].extra)).toHaveCount(0);
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a used 2018 vehicle shows no saving against its old MSRP, and the page makes one statement on taxes`, async ({
    page,
  }) => {
    const used = await seededVehicle(
      page,
      "maple-auto",
      "condition=used&minYear=2018&maxYear=2018",
      (v) => !v.is_certified && v.msrp !== null && v.dealer_price !== null,
    );
    // The seeded MSRP is far above today's price: exactly the "saving" that must not show.
    expect(Number(used.msrp)).toBeGreaterThan(Number(used.dealer_price));
    await page.goto(`/${language}/maple-auto/details/${used.id}/`);
    const priceBlock = page.getByTestId("price-block");
    await expect(priceBlock).toBeVisible();
    await expect(priceBlock.getByTestId("dealer-price")).toBeVisible();
    await expect(page.getByTestId("savings")).toHaveCount(0);
    await expect(page.getByText(TEXT[language].save)).toHaveCount(0);
    await expect(priceBlock.getByText(TEXT[language].discount)).toHaveCount(0);
    await expect(priceBlock.getByText(TEXT[language].msrp, { exact: true })).toHaveCount(0);
    await expectOneTaxStatement(page, language);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${language}: a new vehicle below its MSRP shows the saving and the dealer discount`, async ({ page }) => {
    const fresh = await seededVehicle(
      page,
      "maple-auto",
      "condition=new&sort=-price",
      (v) => v.msrp !== null && v.dealer_price !== null && Number(v.msrp) > Number(v.dealer_price),
    );
    await page.goto(`/${language}/maple-auto/details/${fresh.id}/`);
    const savings = page.getByTestId("savings");
    await expect(savings).toBeVisible();
    await expect(savings).toContainText(TEXT[language].save);
    await savings.locator("summary").click();
    await expect(savings.getByText(TEXT[language].discount)).toBeVisible();
    await expectOneTaxStatement(page, language);
  });
}

test("a cash deal at the New York dealership lists the state and the local tax, and says taxes are included", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Sorted by price, the first is priced (its price itself is not needed: signed out, the list may hide it).
  const vehicle = await seededVehicle(page, "lakeshore-buffalo", "condition=new&sort=-price", () => true);
  await page.goto(`/lakeshore-buffalo/details/${vehicle.id}/`);
  // Prices show once someone is signed in here: the shopper registers (as the sign-up modal would).
  await expect(page.getByTestId("price-locked")).toBeVisible();
  const status = await page.evaluate(async () => {
    const csrf =
      document.cookie
        .split("; ")
        .find((c) => c.startsWith("csrftoken="))
        ?.split("=")[1] ?? "";
    const response = await fetch("/api/customer/", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "X-Dealer-Code": "lakeshore-buffalo",
        "X-CSRFToken": decodeURIComponent(csrf),
      },
      body: JSON.stringify({
        email: `ny-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
        first_name: "Jeanne",
        last_name: "Tremblay",
        base_consents_responses: { disclosure_tokenization: true, terms_and_conditions: true },
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);
  await page.reload();
  const calculator = page.getByTestId("payment-calculator");
  await calculator.getByTestId("payment-type-cash").click();
  await expect(calculator.getByTestId("tax-note")).toHaveText("Taxes included");
  await calculator.getByTestId("payment-breakdown").click();
  const lines = calculator.getByTestId("breakdown-lines");
  await expect(lines).toContainText(/State tax \(4%\)\s*\$[\d,]+\.\d{2}/);
  await expect(lines).toContainText(/Local tax \(4\.75%\)\s*\$[\d,]+\.\d{2}/);
  await expect(page.getByTestId("price-tax-note")).toHaveCount(0);
});
