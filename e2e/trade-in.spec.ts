import type { Page } from "@playwright/test";
import {
  cents,
  expect,
  rav4Id,
  seriousViolations,
  signInAsStaff,
  staffPage,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * Who makes the staff side of this journey, per language: an account is sent at most 5 sign-in codes in 15 minutes
 * and the whole browser suite runs within that, so each journey's accounts are counted (admin signs in for the
 * feed photos, org-admin for appointments; sales-manager twice and super-admin twice in staff.spec.ts).
 */
const STAFF_USER = { en: "sales-manager@maple-auto.example", fr: "super-admin@showroom.example" } as const;
/** A 2019 Honda Civic's VIN: its check digit (position 9) and model year (position 10, K = 2019) are right. */
const VIN = "2HGFC2F56KH512345";

const TEXT = {
  en: {
    saveDeal: "Save this deal",
    accountReady: "Your account is ready",
    continue: "Continue",
    requested: "Offer requested",
    offerReceived: "Offer received",
    accepted: "Offer accepted",
    promise: /The dealership will send you a firm offer by .+/,
    estimate: /This is an estimate, not an offer/,
    photoAdded: "Photo added",
    terms: "Please accept terms to proceed.",
    payments: "Please enter a value lower than the maximum (96).",
  },
  fr: {
    saveDeal: "Sauvegarder cette offre",
    accountReady: "Votre compte est prêt",
    continue: "Continuer",
    requested: "Offre demandée",
    offerReceived: "Offre reçue",
    accepted: "Offre acceptée",
    promise: /La concession vous enverra une offre d’achat ferme d’ici le .+/,
    estimate: /Il s’agit d’une estimation et non d’une offre/,
    photoAdded: "Photo ajoutée",
    terms: "Veuillez accepter les conditions pour continuer.",
    payments: "Veuillez entrer une valeur inférieure au maximum (96).",
  },
} as const;

const payment = async (page: Page) =>
  cents(await page.getByTestId("payment-calculator").getByTestId("payment-amount").innerText());
const settled = (page: Page) => expect(page.getByTestId("payment-summary")).not.toHaveAttribute("aria-busy", "true");

/** A small real JPEG, drawn by the browser (a coloured panel with the angle's name). */
async function jpeg(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#3b6ea5";
    context.fillRect(0, 0, 320, 240);
    context.fillStyle = "#ffffff";
    context.font = "32px sans-serif";
    context.fillText(text, 20, 130);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.8));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, label);
  return Buffer.from(base64, "base64");
}

// ---- staff ---------------------------------------------------------------------------------------------------

/** Staff sign in with both factors, find the shopper in the workspace and make an offer on their trade-in. */
async function staffMakeOffer(page: Page, staffUser: string, shopperEmail: string, amount: string, comments: string) {
  await page.goto("/en/maple-auto/dealer/customers/");
  await signInAsStaff(page, staffUser);

  await page.getByLabel("Search customers").fill(shopperEmail);
  await expect(page.getByTestId("workspace-count")).toContainText("1");
  // The list may still be settling after the search: the customer's page by its address.
  const link = page.getByTestId("workspace-customer-link").filter({ visible: true }).first();
  await expect(link).toHaveAttribute("href", /\/dealer\/customers\/\d+\//);
  await page.goto((await link.getAttribute("href"))!);
  const trade = page.getByTestId("workspace-trade-in");
  await expect(trade).toHaveCount(1);
  await expect(trade.getByTestId("workspace-trade-in-vin")).toHaveText(VIN);
  await expect(trade.getByTestId("workspace-trade-in-odometer")).toContainText("85");
  await expect(trade.getByTestId("workspace-trade-in-photos").getByRole("img")).toHaveCount(2);
  await expect(trade.getByTestId("workspace-trade-in-estimate")).toContainText("$");
  expect(await seriousViolations(page)).toEqual([]);

  // The API's refusal shows at its field, then the offer goes.
  const form = trade.getByTestId("workspace-offer-form");
  await form.getByTestId("workspace-offer-amount").fill("0");
  await form.getByTestId("workspace-offer-submit").click();
  await expect(form.getByTestId("workspace-offer-amount-error")).toHaveText("Enter an amount greater than 0.");
  await expect(form.getByTestId("workspace-offer-amount")).toBeFocused();
  await form.getByTestId("workspace-offer-amount").fill(amount);
  await form.getByTestId("workspace-offer-comments").fill(comments);
  await form.getByTestId("workspace-offer-submit").click();
  await expect(form.getByTestId("workspace-offer-sent")).toBeVisible();
  await expect(trade.getByTestId("workspace-trade-in-state")).toHaveText("Offer received");
  // The deal above reads its trade-in's new state.
  await expect(page.getByTestId("workspace-deal-trade-in")).toHaveText("Offer sent to the customer");
  await page.context().close();
}

// ---- the journey ---------------------------------------------------------------------------------------------

for (const language of ["en", "fr"] as const) {
  test(`${language}: a shopper values a trade-in with photos, staff make an offer in the workspace, the shopper accepts it and the deal's payment falls by the credit`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const text = TEXT[language];
    const email = uniqueEmail(`trade-${language}-${testInfo.project.name}`);

    // A saved finance deal: its payment before the trade-in.
    const id = await rav4Id(request);
    await page.goto(`/${language}/maple-auto/details/${id}/`);
    const calculator = page.getByTestId("payment-calculator");
    await calculator.getByTestId("payment-type-cash").click();
    await expect(calculator.getByTestId("term-select")).toHaveCount(0);
    await settled(page);
    const cashBefore = await payment(page);
    await calculator.getByTestId("payment-type-finance").click();
    await expect(calculator.getByTestId("term-select")).toBeVisible();
    await settled(page);
    await page.getByRole("button", { name: text.saveDeal }).filter({ visible: true }).first().click();
    await signUp(page, language, email);
    await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();
    await page.reload();
    await settled(page);
    const before = await payment(page);
    const card = page.getByTestId("trade-in-card");
    await card.getByTestId("trade-in-card-link").click();
    await expect(page).toHaveURL(/\/tradein\/\?order=\d+/);
    await expect(page.getByTestId("tradein-deal")).toContainText("RAV4");

    // Vehicle details: nothing chosen yet is refused at the first field; the VIN is checked as it is typed, the
    // catalogue's cascade, the odometer in km.
    await page.getByTestId("tradein-next").click();
    await expect(page.getByTestId("tradein-year")).toBeFocused();
    await expect(page.getByTestId("tradein-year-error")).toBeVisible();
    if (language === "en" && testInfo.project.name === "desktop") expect(await seriousViolations(page)).toEqual([]);
    const vin = page.getByTestId("tradein-vin");
    await vin.fill("2HGFC2F5OKH512345");
    await expect(page.getByTestId("tradein-vin-error")).toBeVisible();
    await vin.fill(VIN.replace("6KH", "7KH"));
    await expect(page.getByTestId("tradein-vin-error")).toBeVisible();
    await vin.fill(VIN);
    await expect(page.getByTestId("tradein-vin-error")).toHaveCount(0);
    // The VIN's model year chose the year.
    await expect(page.getByTestId("tradein-year")).toHaveValue("2019");
    await page.getByTestId("tradein-make").selectOption("Honda");
    await page.getByTestId("tradein-model").selectOption("Civic");
    await page.getByTestId("tradein-trim").selectOption("LX");
    await page.getByTestId("tradein-style").selectOption({ index: 1 });
    await page.getByTestId("tradein-odometer").fill("85000");
    await page.getByTestId("tradein-colour").selectOption("blue");
    await page.getByTestId("tradein-transmission-automatic").check();
    await page.getByTestId("tradein-has_power_sunroof").check();
    await page.getByTestId("tradein-next").click();

    // History: nested questions open under a "yes"; the loan's payments left are capped.
    await expect(page.getByTestId("tradein-section-vehicle-history")).toBeVisible();
    await page.getByTestId("tradein-next").click();
    await expect(page.getByTestId("tradein-q-involved_in_accident-error")).toBeVisible();
    await page.getByTestId("tradein-q-involved_in_accident-yes").check();
    await page.getByTestId("tradein-q-accident_areas-front").check();
    for (const question of [
      "paint_work_performed",
      "repairs_other_than_maintainence",
      "has_windshield_damage",
      "has_unexpired_protection_coverage",
      "export_import_usa",
    ]) {
      await page.getByTestId(`tradein-q-${question}-no`).check();
    }
    await page.getByTestId("tradein-q-making_active_payments-yes").check();
    const financing = page.getByTestId("tradein-financing");
    await financing.getByTestId("tradein-financing-finance").check();
    await financing.getByTestId("tradein-financing-amount_due").fill("3000");
    await financing.getByTestId("tradein-financing-payments_left").fill("120");
    await financing.getByTestId("tradein-financing-payment_amount").fill("300");
    await page.getByTestId("tradein-next").click();
    await expect(financing.getByTestId("tradein-financing-payments_left-error")).toHaveText(text.payments);
    await expect(financing.getByTestId("tradein-financing-payments_left")).toBeFocused();
    await financing.getByTestId("tradein-financing-payments_left").fill("12");
    await page.getByTestId("tradein-next").click();

    // Photos: two angles, each with its progress and its thumbnail once processed.
    await expect(page.getByTestId("tradein-section-vehicle-images")).toBeVisible();
    for (const angle of ["front", "back"] as const) {
      await page
        .getByTestId(`tradein-photo-${angle}-file`)
        .setInputFiles({ name: `${angle}.jpg`, mimeType: "image/jpeg", buffer: await jpeg(page, angle) });
      await expect(page.getByTestId(`tradein-photo-${angle}-status`)).toHaveText(text.photoAdded, { timeout: 15_000 });
      await expect(page.getByTestId(`tradein-photo-${angle}-thumbnail`)).toBeVisible();
    }
    // Not a photo: refused at its angle.
    await page
      .getByTestId("tradein-photo-dashboard-file")
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") });
    await expect(page.getByTestId("tradein-photo-dashboard-error")).toBeVisible();
    if (language === "en" && testInfo.project.name === "desktop") expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("tradein-next").click();

    // Review: the terms must be accepted; then it is sent and valued.
    await expect(page.getByTestId("tradein-review")).toContainText(VIN);
    await page.getByTestId("tradein-submit").click();
    await expect(page.locator("#tradein-terms-error")).toHaveText(text.terms);
    await page.getByTestId("tradein-terms").check();
    await page.getByTestId("tradein-submit").click();
    await expect(page.getByTestId("tradein-state")).toHaveText(text.requested, { timeout: 20_000 });
    await expect(page.getByTestId("tradein-estimate")).toContainText(text.estimate);
    await expect(page.getByTestId("tradein-promise")).toContainText(text.promise);
    if (language === "fr" && testInfo.project.name === "phone") expect(await seriousViolations(page)).toEqual([]);
    const tradeUrl = page.url();

    // Staff make an offer from the workspace.
    await staffMakeOffer(
      await staffPage(browser, testInfo),
      STAFF_USER[language],
      email,
      "12500",
      "Clean Civic, thanks for the photos.",
    );

    // The shopper accepts it: the trade is included in the deal.
    await page.goto(tradeUrl);
    await expect(page.getByTestId("tradein-state")).toHaveText(text.offerReceived);
    const offer = page.getByTestId("tradein-offer");
    expect(cents(await offer.getByTestId("tradein-offer-amount").innerText())).toBe(1_250_000);
    await expect(offer.getByTestId("tradein-offer-comments")).toHaveText("Clean Civic, thanks for the photos.");
    await offer.getByTestId("tradein-accept").click();
    await expect(page.getByTestId("tradein-state")).toHaveText(text.accepted);
    await page.getByTestId("tradein-see-deal").click();

    // The deal: allowance, payoff and net equity on their own lines, and a lower payment.
    const included = page.getByTestId("trade-in-card");
    expect(cents(await included.getByTestId("trade-in-allowance").innerText())).toBe(1_250_000);
    expect(cents(await included.getByTestId("trade-in-payoff").innerText())).toBe(300_000);
    expect(cents(await included.getByTestId("trade-in-net-equity").innerText())).toBe(950_000);
    await settled(page);
    await expect.poll(() => payment(page)).toBeLessThan(before);
    // Paid cash, the balance falls by the credit exactly: the allowance, less the payoff, plus the HST the allowance
    // saves in Ontario (13 % is charged on the price less the trade-in).
    await calculator.getByTestId("payment-type-cash").click();
    await expect(calculator.getByTestId("term-select")).toHaveCount(0);
    await settled(page);
    expect(cashBefore - (await payment(page))).toBe((1_250_000 * 113) / 100 - 300_000);
  });
}
