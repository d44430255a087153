import { expect, isPhone, seriousViolations, signInAsStaff, staffPasswordStep, test } from "./fixtures.ts";

const uniqueEmail = (tag: string) => `staff-added-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test("staff sign in with the SMS code, add a customer, save a deal as them, end the session and find the deal in the workspace", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = isPhone(testInfo.project.name);
  const email = uniqueEmail(testInfo.project.name);

  // The workspace asks a signed-out visitor to sign in (the dealer login link is for tablets and up).
  await page.goto("/en/maple-auto/dealer/customers/");
  await signInAsStaff(page, "sales-rep@maple-auto.example");
  await expect(page.getByTestId("workspace-count")).toBeVisible();
  await expect(page.getByTestId("dealer-menu-button")).toBeVisible();
  await expect(page.getByTestId("header-dealer-login")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Add a customer: the invitation email follows the staff user's default.
  await page.getByTestId("header-add-customer").click();
  const add = page.getByRole("dialog", { name: "Add a customer" });
  await expect(add).toBeVisible();
  await add.getByRole("textbox", { name: "Email" }).fill(email);
  await add.getByLabel("First name").fill("Marc");
  await add.getByLabel("Last name").fill("Gagnon");
  // Staff confirm the consents the customer gave them, worded for staff.
  await expect(add.getByText("The customer accepts the dealership’s terms and conditions")).toBeVisible();
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = add.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await add.getByRole("button", { name: "Create the customer" }).click();
  const copyLink = page.getByRole("dialog", { name: "The customer’s account is ready" });
  await expect(copyLink).toBeVisible();
  await copyLink.getByRole("button", { name: "Continue" }).click();

  // Acting for them: the top bar, no add-customer button.
  await expect(page.getByTestId("logged-in-as")).toHaveText("Logged in as Marc Gagnon");
  await expect(page.getByTestId("header-add-customer")).toHaveCount(0);

  await page.goto("/en/maple-auto/search/?condition=new&sort=-price");
  await expect(page.getByTestId("logged-in-as")).toBeVisible();
  await page.getByTestId("vehicle-link").first().click();
  await expect(page).toHaveURL(/\/details\/\d+\//);
  await expect(page.getByTestId("payment-amount")).toBeVisible({ timeout: 15_000 });
  const title = (await page.getByTestId("vehicle-title").innerText()).trim();
  await page.getByRole("button", { name: "Save this deal" }).click();
  await expect(page.getByRole("link", { name: "Saved — view my saved vehicles" })).toBeVisible();

  // The customer's saved vehicles show what staff did on the deal.
  await page.goto("/en/maple-auto/orders/");
  const card = page.getByTestId("deal-card");
  await expect(card).toHaveCount(1);
  await card.getByText("Activity").click();
  await expect(card.getByTestId("deal-activity-entry").first()).toContainText("By ");

  // End the session: the top bar's close icon, or the dealer menu's "End session" on phones.
  if (phone) {
    await page.getByTestId("dealer-menu-button").click();
    await page.getByRole("button", { name: "End session" }).click();
  } else {
    await page.getByRole("button", { name: "Close the customer session" }).click();
  }
  await expect(page).toHaveURL(/\/dealer\/customers\/$/);
  await expect(page.getByTestId("logged-in-as")).toHaveCount(0);

  // The deal is in the workspace.
  await page.getByLabel("Search customers").fill(email);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );
  await expect(page.getByTestId("workspace-count")).toContainText("1");
  await page.getByRole("link", { name: "Marc Gagnon" }).click();
  await expect(page.getByTestId("workspace-customer-name")).toHaveText("Marc Gagnon");
  const deal = page.getByTestId("workspace-deal");
  await expect(deal).toHaveCount(1);
  await expect(deal.getByTestId("workspace-deal-title")).toContainText(title);
  await expect(deal.getByRole("progressbar")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Back through the dealer menu, then log out.
  await page.getByTestId("dealer-menu-button").click();
  await page.getByRole("button", { name: "Return to customer list" }).click();
  await expect(page).toHaveURL(/\/dealer\/customers\/$/);
  await page.getByTestId("dealer-menu-button").click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("dealer-menu-button")).toHaveCount(0);
});

test("a wrong code is refused at the field; the dealer sign-in modal passes axe", async ({ page }, testInfo) => {
  if (isPhone(testInfo.project.name)) {
    // Phones have no dealer login link in the header: the workspace opens the sign-in itself.
    await page.goto("/en/maple-auto/dealer/customers/");
  } else {
    await page.goto("/en/maple-auto/search/");
    await page.getByTestId("header-dealer-login").click();
  }
  await expect(page.getByRole("dialog", { name: "Dealer sign-in" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // An empty form: the first invalid field takes the focus.
  await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Email" })).toBeFocused();

  const codeDialog = await staffPasswordStep(page, "sales-manager@maple-auto.example");
  expect(await seriousViolations(page)).toEqual([]);
  const field = codeDialog.getByLabel("6-digit code");
  await field.fill("000000");
  await codeDialog.getByRole("button", { name: "Verify" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/incorrect/i);
  await expect(field).toBeFocused();
});

test("the workspace fits a 375-pixel phone once staff are signed in: the name in the header is cut short, the page never scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/en/maple-auto/dealer/customers/");
  // Not an account another journey signs in with: each is sent at most 5 codes in 15 minutes.
  await signInAsStaff(page, "super-admin@showroom.example");
  await expect(page.getByTestId("workspace-count")).toBeVisible();
  await expect(page.getByTestId("dealer-menu-button")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
