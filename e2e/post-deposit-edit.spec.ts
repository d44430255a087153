import type { APIRequestContext } from "@playwright/test";
import { expect, fillDepositCard, seriousViolations, signInAsStaff, signUp, staffPage, test, uniqueEmail } from "./fixtures.ts";

/** The demo Civic Touring built to order (stock number BP-2026102) of the Ontario dealership; no other journey reserves it. */
async function civicId(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?query=BP-2026102", { headers: { "x-dealer-code": "maple-auto" } });
  const { results } = (await response.json()) as { results: { id: number; stock_number: string }[] };
  return results.find((v) => v.stock_number === "BP-2026102")!.id;
}

/**
 * Post-deposit editing (spec 4 and 6): a shopper saves a build and places a deposit, which locks the build to them;
 * a sales representative acting for them changes it: the unsaved change holds back ending the session, the review
 * compares, the save asks for the Last Date of Change check; the buyer is emailed, and
 * sees the changed build, still locked.
 */
test("a deposit locks the build to the shopper; staff acting for them change it after checking the Last Date of Change, and the buyer is emailed", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "this journey runs on the desktop");
  test.setTimeout(180_000);
  const email = uniqueEmail("post-deposit");
  const id = await civicId(request);
  const summary = `/en/maple-auto/build-and-price/${id}/summary/`;

  // The shopper saves the build and places a deposit from its summary.
  await page.goto(summary);
  await page.getByRole("button", { name: "Choose colours" }).click();
  const colours = page.getByRole("dialog", { name: "Choose your colours" });
  await colours.getByLabel("Black leather").click();
  await colours.getByTestId("mandatory-continue").click();
  await expect(page.getByTestId("summary-msrp")).toHaveText("$28,100.00", { timeout: 15_000 });
  await page.getByRole("button", { name: "Save this build" }).click();
  await signUp(page, "en", email);
  await page.getByRole("dialog", { name: "Your account is ready" }).getByRole("button", { name: "Continue" }).click();
  await page.getByTestId("deposit-card").filter({ visible: true }).first().getByTestId("deposit-card-open").click();
  const modal = page.getByTestId("deposit-modal");
  await expect(modal.getByTestId("deposit-form")).toBeVisible({ timeout: 15_000 });
  await fillDepositCard(modal, "en", "M5V 3L9");
  await modal.getByTestId("deposit-to-review").click();
  await modal.getByTestId("deposit-review").getByTestId("deposit-confirm").click();
  await expect(modal.getByTestId("deposit-placed-status")).toHaveText("Your deposit is held", { timeout: 15_000 });
  await page.getByRole("button", { name: "Close", exact: true }).click();

  // The build is locked to the shopper: no way to change it, and they are told whom to ask.
  await page.reload();
  const bar = page.getByTestId("post-deposit-bar");
  await expect(bar).toContainText("Your deposit holds this build, so it can no longer be changed here.");
  await expect(page.getByTestId("post-deposit-edit")).toHaveCount(0);

  // A sales representative opens the deal as the customer: it opens on the build.
  const staff = await staffPage(browser, testInfo);
  await staff.goto("/en/maple-auto/dealer/customers/");
  await signInAsStaff(staff, "sales-rep@maple-auto.example");
  await staff.getByLabel("Search customers").fill(email);
  await expect(staff.getByTestId("workspace-count")).toContainText("1");
  const link = staff.getByTestId("workspace-customer-link").filter({ visible: true }).first();
  await expect(link).toHaveAttribute("href", /\/dealer\/customers\/\d+\//);
  await staff.goto((await link.getAttribute("href"))!);
  await staff.getByTestId("workspace-open-deal").click();
  await expect(staff).toHaveURL(new RegExp(`/build-and-price/${id}/summary/$`));
  await expect(staff.getByTestId("logged-in-as")).toHaveText("Logged in as Jeanne Tremblay");
  const staffBar = staff.getByTestId("post-deposit-bar");
  await expect(staffBar).toContainText("A deposit holds this build. You can change it for the customer");

  // Edit mode: a change to the options is held as a draft.
  await staff.getByTestId("post-deposit-edit").click();
  await expect(staffBar).toContainText("You are changing the customer's build.");
  await staff.getByTestId("step-options").click();
  // The choice is the server's answer: the box shows ticked once it comes back.
  await staff.getByLabel("Rear decklid spoiler").click();
  await expect(staff.getByLabel("Rear decklid spoiler")).toBeChecked();

  // Ending the customer session with the change unsaved asks first; keeping on editing stays on the page.
  await staff.getByRole("button", { name: "Close the customer session" }).click();
  const unsaved = staff.getByTestId("unsaved-changes");
  await expect(unsaved).toContainText("The build has changes that are not saved.");
  await staff.getByRole("button", { name: "Keep editing" }).click();
  await expect(unsaved).toHaveCount(0);
  await expect(staff.getByTestId("logged-in-as")).toBeVisible();
  await expect(staff.getByLabel("Rear decklid spoiler")).toBeChecked();

  // The review compares the edit with the build the deposit holds.
  await staff.getByTestId("post-deposit-review").click();
  const review = staff.getByTestId("post-deposit-review-modal");
  await expect(review).toContainText("Added: Rear decklid spoiler");
  await expect(review).toContainText("Total MSRP: $28,100.00 before, $28,750.00 after.");
  expect(await seriousViolations(staff)).toEqual([]);
  await review.getByTestId("post-deposit-save").click();

  // The edit confirmation: its note is read and the Last Date of Change checked before the save.
  const confirmation = staff.getByTestId("post-deposit-save-confirmation");
  await expect(confirmation).toContainText("Last Date of Change");
  await confirmation.getByTestId("post-deposit-save-confirmation-confirm").click();
  await expect(confirmation).toContainText("Check the order's Last Date of Change, then tick this box to save.");
  await confirmation.getByTestId("last-date-of-change-checked").check();
  expect(await seriousViolations(staff)).toEqual([]);
  await confirmation.getByTestId("post-deposit-save-confirmation-confirm").click();
  const saved = staff.getByTestId("post-deposit-saved");
  await expect(saved).toContainText("the customer was emailed what changed");
  await saved.getByRole("button", { name: "Done" }).click();
  await expect(staffBar).toContainText("A deposit holds this build.");
  await staff.context().close();

  // The buyer is emailed what changed.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(email)}`, { headers: { "x-dealer-code": "maple-auto" } });
      const { results } = (await response.json()) as { results: { subject: string; text: string }[] };
      return results.find((m) => m.subject === "Your build of the 2026 Honda Civic was changed")?.text ?? "";
    })
    .toContain("- Added: Rear decklid spoiler ($650.00)");

  // The shopper sees the changed build, still locked to them.
  await page.reload();
  await expect(page.getByTestId("summary-msrp")).toHaveText("$28,750.00");
  await expect(bar).toContainText("Your deposit holds this build");
  await expect(page.getByTestId("post-deposit-edit")).toHaveCount(0);
});
