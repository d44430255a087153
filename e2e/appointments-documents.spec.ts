import type { APIRequestContext, Page } from "@playwright/test";
import { expect, seriousViolations, signInAsStaff, staffPage, signUp, test, uniqueEmail } from "./fixtures.ts";

/**
 * Who makes the staff side of this journey: a demo account of its own, because an account is sent at most 5 sign-in
 * codes in 15 minutes and the whole browser suite runs within that.
 */
const STAFF_USER = "org-admin@maple-group.example";

const TEXT = {
  en: {
    saveDeal: "Save this deal",
    accountReady: "Your account is ready",
    continue: "Continue",
    testDrive: "Book a test drive",
    atHome: "Test drive at my home",
    homeOnDeal: "Test drive at your home",
    addressRequired: "Enter a street address.",
    requested: "Requested — the dealership will confirm it.",
    confirmed: "Confirmed by the dealership.",
    zone: /Eastern Time \(Toronto\)/,
    upload: "Upload documents",
    format: "This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file.",
    missing: "Required documents missing: proof of insurance.",
    stillNeeded: "Still needed: proof of insurance.",
    uploaded: "Uploaded (1)",
    ordersAppointment: /Appointment requested: .+/,
    booked: "Your test drive request was sent.",
    bookingPage: "Your test drive request",
    notifyTitle: "Notify me about this vehicle",
    notifyTerms: "Please confirm that you want to be notified.",
    notifySent: "Thank you. The dealership will let you know when this vehicle or a similar one is available.",
  },
  fr: {
    saveDeal: "Sauvegarder cette offre",
    accountReady: "Votre compte est prêt",
    continue: "Continuer",
    testDrive: "Réserver un essai routier",
    atHome: "Essai routier à mon domicile",
    homeOnDeal: "Essai routier à votre domicile",
    addressRequired: "Entrez une adresse municipale.",
    requested: "Demandé — la concession le confirmera.",
    confirmed: "Confirmé par la concession.",
    zone: /heure de l’Est \(Toronto\)/,
    upload: "Téléverser des documents",
    format: "Ce fichier n’est pas un document PDF, JPG ou PNG. Téléversez un fichier .pdf, .jpg, .jpeg ou .png.",
    missing: "Documents requis manquants : preuve d’assurance.",
    stillNeeded: "Encore requis : preuve d’assurance.",
    uploaded: "Téléversé (1)",
    ordersAppointment: /Rendez-vous demandé : .+/,
    booked: "Votre demande d’essai routier a été envoyée.",
    bookingPage: "Votre demande d’essai routier",
    notifyTitle: "M’aviser au sujet de ce véhicule",
    notifyTerms: "Veuillez confirmer que vous voulez être avisé.",
    notifySent: "Merci. La concession vous avisera lorsque ce véhicule ou un véhicule semblable sera disponible.",
  },
} as const;

/** A small, well-formed one-page PDF (what a scanned licence is sent as). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The demo RAV4 XLE of the Ontario dealership (stock number BP-2026101). */
async function rav4Id(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?query=BP-2026101", {
    headers: { "x-dealer-code": "maple-auto" },
  });
  const { results } = (await response.json()) as { results: { id: number; stock_number: string }[] };
  return results.find((v) => v.stock_number === "BP-2026101")!.id;
}

/** The first vehicle of the Ontario dealership that is no longer available (sold): searches leave it out, its page stays. */
async function soldVehicleId(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 400; id++) {
    const response = await request.get(`/api/quickshop/inventory/${id}/`, {
      headers: { "x-dealer-code": "maple-auto" },
    });
    if (response.ok() && ((await response.json()) as { available: boolean }).available === false) return id;
  }
  throw new Error("no sold vehicle in the demo");
}

/** Staff find the shopper in the workspace: the deal shows the test drive at home and the document; they confirm the time. */
async function staffSeeAndConfirm(page: Page, shopperEmail: string) {
  await page.goto("/en/maple-auto/dealer/customers/");
  await signInAsStaff(page, STAFF_USER);
  await page.getByLabel("Search customers").fill(shopperEmail);
  await expect(page.getByTestId("workspace-count")).toContainText("1");
  // The list may still be settling after the search: the customer's page by its address.
  const link = page.getByTestId("workspace-customer-link").filter({ visible: true }).first();
  await expect(link).toHaveAttribute("href", /\/dealer\/customers\/\d+\//);
  await page.goto((await link.getAttribute("href"))!);
  const deal = page.getByTestId("workspace-deal");
  await expect(deal).toHaveCount(1);
  const appointment = deal.getByTestId("workspace-appointment");
  await expect(appointment).toHaveAttribute("data-kind", "home");
  await expect(appointment.getByTestId("workspace-appointment-kind")).toContainText(
    "Test drive at the customer’s home — 120 Queen Street West",
  );
  await expect(appointment.getByTestId("workspace-appointment-status")).toHaveText("Requested by the customer");
  await expect(deal.getByTestId("workspace-document-name")).toHaveText("licence.pdf");
  await expect(deal.getByTestId("workspace-documents-missing")).toHaveText("Still needed: proof of insurance.");
  expect(await seriousViolations(page)).toEqual([]);
  // Staff download the document with their own session.
  const download = page.waitForEvent("download");
  await deal.getByTestId("workspace-document-download").click();
  expect((await download).suggestedFilename()).toBe("licence.pdf");
  await deal.getByTestId("workspace-appointment-confirm").click();
  await expect(appointment.getByTestId("workspace-appointment-status")).toHaveText("Confirmed");
  await expect(deal.getByTestId("workspace-appointment-message")).toContainText("Confirmed.");
  await page.context().close();
}

for (const language of ["en", "fr"] as const) {
  test(`${language}: a shopper books a test drive at home and uploads a document; both show on the deal and in the workspace`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXT[language];
    const email = uniqueEmail(`appointment-${language}-${testInfo.project.name}`);

    // A saved deal.
    const id = await rav4Id(request);
    await page.goto(`/${language}/maple-auto/details/${id}/`);
    await page.getByRole("button", { name: text.saveDeal }).filter({ visible: true }).first().click();
    await signUp(page, language, email);
    await page.getByRole("dialog", { name: text.accountReady }).getByRole("button", { name: text.continue }).click();

    // The test drive: at home, a date and a time the calendar offers, in the dealership's zone.
    const card = page.getByTestId("appointment-card");
    await card.getByTestId("appointment-card-test-drive").click();
    await expect(page).toHaveURL(/#test-drive$/);
    await expect(page.getByRole("dialog", { name: text.testDrive })).toBeVisible();
    const dialog = page.getByTestId("test-drive-modal");
    await expect(dialog.getByTestId("appointment-form")).toBeVisible();
    await expect(dialog.getByLabel(text.atHome)).toBeChecked();
    await expect(dialog.getByTestId("appointment-zone")).toHaveText(text.zone);
    // Only offered dates can be chosen: the first one that is not unavailable.
    await dialog.locator("[role=gridcell] [role=button]:not([aria-disabled=true])").first().click();
    const firstTime = dialog.getByTestId("appointment-time").first();
    await firstTime.check();
    // The address is required for a test drive at home: refused at its first field, which takes the focus.
    await dialog.getByTestId("appointment-submit").click();
    await expect(dialog.getByTestId("appointment-address-street-error")).toHaveText(text.addressRequired);
    await expect(dialog.getByTestId("appointment-address-street")).toBeFocused();
    if (language === "en" && testInfo.project.name === "desktop") expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId("appointment-address-street").fill("120 Queen Street West");
    await dialog.getByTestId("appointment-address-city").fill("Toronto");
    await dialog.getByTestId("appointment-address-postal_code").fill("M5H 2N2");
    await dialog.getByTestId("appointment-submit").click();
    await expect(dialog.getByTestId("appointment-done")).toBeVisible();
    const when = await dialog.getByTestId("appointment-done-when").innerText();
    expect(when.length).toBeGreaterThan(10);
    await dialog.getByTestId("appointment-done-close").click();
    await expect(page).not.toHaveURL(/#test-drive$/);
    await expect(card.getByTestId("appointment-card-when")).toHaveText(when);
    await expect(card.getByTestId("appointment-card-kind")).toContainText(text.homeOnDeal);
    await expect(card.getByTestId("appointment-card-state")).toHaveText(text.requested);

    // A document: a file that is not a document is refused in the browser; the licence goes up; "done" names what is missing.
    await page.getByTestId("documents-card").getByRole("button", { name: text.upload }).click();
    const upload = page.getByRole("dialog", { name: text.upload });
    const licence = upload.getByTestId("document-drivers_licence");
    await licence
      .getByTestId("document-drivers_licence-file")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(licence.getByTestId("document-drivers_licence-error")).toHaveText(text.format);
    await licence
      .getByTestId("document-drivers_licence-file")
      .setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(licence.getByTestId("document-drivers_licence-status")).toHaveText(text.uploaded);
    await expect(licence.getByTestId("document-file-name")).toHaveText("licence.pdf");
    await upload.getByTestId("documents-done").click();
    await expect(upload.getByTestId("documents-error")).toHaveText(text.missing);
    if (language === "fr" && testInfo.project.name === "phone") expect(await seriousViolations(page)).toEqual([]);
    await upload
      .getByRole("button", { name: language === "fr" ? "Fermer" : "Close" })
      .first()
      .click();
    const documents = page.getByTestId("documents-card");
    await expect(documents.getByTestId("documents-card-files")).toContainText("licence.pdf");
    await expect(documents.getByTestId("documents-card-state")).toHaveText(text.stillNeeded);

    // Both are on the deal after a reload and on the saved vehicles page.
    await page.reload();
    await expect(card.getByTestId("appointment-card-kind")).toContainText(text.homeOnDeal);
    await expect(documents.getByTestId("documents-card-files")).toContainText("licence.pdf");
    await page.goto(`/${language}/maple-auto/orders/`);
    await expect(page.getByTestId("deal-appointment")).toHaveText(text.ordersAppointment);

    // Staff see both in the workspace and confirm the time; the shopper's deal says so.
    await staffSeeAndConfirm(await staffPage(browser, testInfo), email);
    await page.goto(`/${language}/maple-auto/details/${id}/`);
    await expect(card.getByTestId("appointment-card-state")).toHaveText(text.confirmed);
  });

  test(`${language}: a visitor books a test drive without an account; its page opens in a new tab`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const id = await rav4Id(request);
    await page.goto(`/${language}/maple-auto/details/${id}/#test-drive`);
    const form = page.getByTestId("test-drive-form");
    await expect(form).toBeVisible();
    await form.getByTestId("test-drive-option-dealership").check();
    await form.getByTestId("test-drive-first_name").fill("Jeanne");
    await form.getByTestId("test-drive-last_name").fill("Tremblay");
    await form.getByTestId("test-drive-phone").fill("416 555 0142");
    const tab = page.context().waitForEvent("page");
    await form.getByTestId("test-drive-submit").click();
    const opened = await tab;
    await opened.waitForLoadState();
    await expect(opened).toHaveURL(new RegExp(`/${language}/maple-auto/test-drive/[a-f0-9]{32}/$`));
    await expect(opened.getByRole("heading", { level: 1 })).toHaveText(text.bookingPage);
    await expect(opened.getByTestId("test-drive-page-body")).toContainText("RAV4");
    await expect(page.getByTestId("test-drive-booked")).toContainText(text.booked);
  });

  test(`${language}: a visitor asks to be told about a sold vehicle; the terms confirmation is required`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    await page.goto(`/${language}/maple-auto/details/${await soldVehicleId(request)}/`);
    await expect(page.getByTestId("vehicle-unavailable")).toBeVisible();
    await page.getByTestId("notify-me-card").getByTestId("notify-me-open").click();
    const dialog = page.getByRole("dialog", { name: text.notifyTitle });
    await dialog.getByTestId("notify-me-email").fill(uniqueEmail(`notify-${language}`));
    await dialog.getByTestId("notify-me-first_name").fill("Jeanne");
    await dialog.getByTestId("notify-me-last_name").fill("Tremblay");
    await dialog.getByTestId("notify-me-submit").click();
    await expect(dialog.getByText(text.notifyTerms)).toBeVisible();
    await expect(dialog.getByTestId("notify-me-terms_confirmation")).toBeFocused();
    await dialog.getByTestId("notify-me-terms_confirmation").check();
    await dialog.getByTestId("notify-me-submit").click();
    await expect(dialog.getByTestId("notify-me-sent")).toHaveText(text.notifySent);
  });
}
