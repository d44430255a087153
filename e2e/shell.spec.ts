import { expect, isPhone, seriousViolations, test } from "./fixtures.ts";

const NBSP = "\u00a0";

test.describe("entry and routing", () => {
  test("/ leads to the default dealership's vehicle list in the browser's language", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/en\/maple-auto\/search\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicles for sale at Maple Auto Toronto");
    await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
  });

  test("an address that cannot be decoded is sent to /search/", async ({ request }) => {
    const response = await request.get("/search/%E0%A4%A", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/search/");
  });

  test("a dealership that is not multilingual drops the language prefix and locks prices when login is compulsory", async ({
    page,
  }) => {
    await page.goto("/fr/lakeshore-buffalo/search/");
    await expect(page).toHaveURL(/\/lakeshore-buffalo\/search\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicles for sale at Lakeshore Motors Buffalo");
    await expect(page.getByTestId("vehicle-price").first()).toHaveText("Sign in to see prices");
    await expect(page.getByTestId("vehicle-odometer").first()).toHaveText(/ mi$/);
  });

  test("noheader=1 hides the header and the choice is remembered", async ({ page }) => {
    await page.goto("/en/maple-auto/search/?noheader=1");
    await expect(page.locator("[data-header-variant]")).toHaveCount(0);
    await page.goto("/en/maple-auto/search/");
    await expect(page.locator("[data-header-variant]")).toHaveCount(0);
  });
});

test.describe("header variants", () => {
  // maple-vw-ottawa has no vehicle list: its saved-deals page shows the header.
  const variants = [
    ["en/maple-auto/search/", "classic"],
    ["fr/boulevard-laval/search/", "nav_banner"],
    ["lakeshore-buffalo/search/", "checkout"],
    ["en/maple-vw-ottawa/orders/", "manufacturer"],
  ] as const;
  for (const [address, variant] of variants) {
    test(`${address} shows the ${variant} header`, async ({ page }) => {
      await page.goto(`/${address}`);
      await expect(page.locator(`header[data-header-variant="${variant}"]`)).toBeVisible();
      await expect(page.getByRole("img", { name: /.+/ }).first()).toBeVisible();
    });
  }

  test("the classic header shows the address and the contact button on desktop", async ({ page }, testInfo) => {
    await page.goto("/en/maple-auto/search/");
    const address = page.getByTestId("header-address");
    if (isPhone(testInfo.project.name)) await expect(address).toBeHidden();
    else await expect(address).toHaveText("250 Front Street West, Toronto, ON M5V 3G5");
    await expect(page.getByRole("button", { name: "Contact dealer" })).toBeVisible();
  });
});

test.describe("languages", () => {
  test("the toggle switches copy, currency format and URL prefix, and back", async ({ page }, testInfo) => {
    await page.goto("/en/maple-auto/search/");
    const price = page.getByTestId("vehicle-price").first();
    await expect(price).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
    const switchTo = async (label: string) => {
      if (isPhone(testInfo.project.name)) {
        await page.getByRole("button", { name: "Menu" }).click();
        await page.getByRole("dialog").getByRole("link", { name: label }).click();
      } else {
        await page.getByTestId("language-toggle").click();
      }
    };
    await switchTo("Switch the language to Français");
    await expect(page).toHaveURL(/\/fr\/maple-auto\/search\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Véhicules à vendre chez Maple Auto Toronto");
    await expect(price).toHaveText(new RegExp(`^\\d{1,3}(${NBSP}\\d{3})*${NBSP}\\$$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    // The choice is stored: the bare address now opens in French.
    await page.goto("/maple-auto/search/");
    await expect(page).toHaveURL(/\/fr\/maple-auto\/search\/$/);
    await switchTo("Changer la langue pour English");
    await expect(page).toHaveURL(/\/en\/maple-auto\/search\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicles for sale at Maple Auto Toronto");
  });

  test("a French-first dealership opens in French for a French browser", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-CA" });
    const page = await context.newPage();
    await page.goto("/boulevard-laval/search/");
    await expect(page).toHaveURL(/\/fr\/boulevard-laval\/search\/$/);
    await expect(page.getByText("Propulsé par Showroom")).toHaveCount(0); // custom footer instead
    await expect(page.getByTestId("footer")).toContainText("entreprise familiale");
    await context.close();
  });
});

test.describe("not-found and errors", () => {
  test("an unknown page answers 404 with the car icon and a way back to the showroom", async ({ page }) => {
    const response = await page.goto("/en/maple-auto/no-such-page/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the showroom" }).click();
    await expect(page).toHaveURL(/\/en\/maple-auto\/search\/$/);
  });

  test("a dealership without a vehicle list sends the visitor to its website", async ({ page }) => {
    const response = await page.goto("/fr/maple-vw-ottawa/nowhere/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Cette page est introuvable" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Aller au site Web de la concession" })).toHaveAttribute(
      "href",
      "https://maple-vw.example",
    );
  });

  test("every address of the vehicle list of a dealership without one sends the visitor to its website", async ({
    request,
  }) => {
    for (const address of [
      "/en/maple-vw-ottawa/search/",
      "/fr/maple-vw-ottawa/search/?make=Volkswagen&page=2",
      "/en/maple-vw-ottawa/search/buildandprice/",
    ]) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(302);
      expect(response.headers()["location"], address).toBe("https://maple-vw.example");
    }
    const prefix = await request.get("/en/maple-vw-ottawa/", { maxRedirects: 0 });
    expect(prefix.headers()["location"]).toBe("/en/maple-vw-ottawa/search/");
  });

  test("an unknown dealership code is a 404 too", async ({ page }) => {
    const response = await page.goto("/en/no-such-dealer/search/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  });
});

test.describe("toasts and modals", () => {
  test("a sign-in error in the address shows a toast for 5 s and leaves the address", async ({ page }) => {
    await page.goto("/en/maple-auto/search/?sso_error=Sign-in%20with%20your%20manufacturer%20account%20failed");
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText(/Sign-in with your manufacturer account failed/);
    await expect(page).toHaveURL(/\/en\/maple-auto\/search\/$/);
    await expect(toast).toBeHidden({ timeout: 7_000 });
  });

  test("a modal locks the page scroll and closes when the route changes", async ({ page }) => {
    await page.goto("/en/maple-auto/gone/");
    await page.getByRole("link", { name: "Back to the showroom" }).click();
    await expect(page).toHaveURL(/\/search\/$/);
    await page.getByRole("button", { name: "Contact dealer" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Maple Auto Toronto" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("(416) 555-0142");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.goBack();
    await expect(page).toHaveURL(/\/gone\/$/);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("cookie consent is asked once per browser", async ({ page }) => {
    await page.goto("/en/maple-auto/search/?fresh=1");
    const dialog = page.getByRole("dialog", { name: "Your privacy choices" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Manage my choices" }).click();
    await dialog.getByText("Performance", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save my choices" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent") ?? "null"))).toEqual({
      necessary: true,
      performance: true,
      targeting: false,
    });
    await page.goto("/en/maple-auto/search/?fresh=1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test("a failed call shows an error toast", async ({ page }, testInfo) => {
    await page.route("**/api/i18n/", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: '{"detail":"no"}' }),
    );
    await page.goto("/en/maple-auto/search/");
    if (isPhone(testInfo.project.name)) {
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Switch the language to Français" }).click();
    } else {
      await page.getByTestId("language-toggle").click();
    }
    await expect(page.getByTestId("toast").first()).toHaveText(/You don't have permissions to perform this action\./);
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/en/maple-auto/search/",
    "/fr/boulevard-laval/search/",
    "/lakeshore-buffalo/search/",
    "/en/maple-vw-ottawa/orders/",
    "/en/maple-auto/missing/",
  ]) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("the contact modal passes axe too", async ({ page }) => {
    await page.goto("/en/maple-auto/search/");
    await page.getByRole("button", { name: "Contact dealer" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
