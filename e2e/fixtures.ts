import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";

/**
 * A page opened with goto is used once the app has taken it over (hydrated): a click on a link before that is a full
 * page load racing the app's own navigation, and a button does nothing yet (the scripts load after the page's pictures).
 */
export function gotoWaitsForHydration(page: Page, baseURL: string | undefined) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const isOurHtml =
      page.url().startsWith(baseURL ?? "") && (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (isOurHtml) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    return response;
  };
  return page;
}

/**
 * Most journeys start with the cookie choice already made, so the consent modal stays out of the way, and as a
 * returning visitor, so a dealership's welcome modal (once per browser) does too; `test.use({ firstVisit: true })`
 * keeps the browser new.
 */
export const test = base.extend<{ consented: void; page: Page; firstVisit: boolean }>({
  firstVisit: [false, { option: true }],
  page: async ({ page, baseURL }, use) => {
    await use(gotoWaitsForHydration(page, baseURL));
  },
  consented: [
    async ({ page, firstVisit }, use) => {
      if (!firstVisit) await page.addInitScript(() => window.localStorage.setItem("was-visited", "1"));
      await page.addInitScript(() => {
        if (!window.location.search.includes("fresh=1")) {
          window.localStorage.setItem(
            "cookie-consent",
            JSON.stringify({ necessary: true, performance: false, targeting: false }),
          );
        }
      });
      await use();
    },
    { auto: true },
  ],
});
export { expect };

export const isPhone = (projectName: string) => projectName === "phone";

/** Serious and critical accessibility violations on the page as it stands. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

export const uniqueEmail = (tag: string) =>
  `shopper-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const SIGN_UP_TEXT = {
  en: {
    saveDeal: "Save this deal",
    email: "Email",
    firstName: "First name",
    lastName: "Last name",
    phone: "Phone (optional)",
    create: "Create my account",
  },
  fr: {
    saveDeal: "Sauvegarder cette offre",
    email: "Courriel",
    firstName: "Prénom",
    lastName: "Nom de famille",
    phone: "Téléphone (facultatif)",
    create: "Créer mon compte",
  },
} as const;

/** Fills the sign-up of the "save deal" modal (the consents the dealership asks for included) and sends it. */
export async function signUp(page: Page, language: "en" | "fr", email: string) {
  const text = SIGN_UP_TEXT[language];
  const dialog = page.getByRole("dialog", { name: text.saveDeal });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: text.email }).fill(email);
  await dialog.getByLabel(text.firstName).fill("Jeanne");
  await dialog.getByLabel(text.lastName).fill("Tremblay");
  await dialog.getByLabel(text.phone).fill("4165550142");
  await expect(dialog.getByLabel(text.phone)).toHaveValue("(416) 555-0142");
  for (const testId of ["sign-up-disclosure", "sign-up-terms"]) {
    const box = dialog.getByTestId(testId);
    if (await box.count()) await box.check();
  }
  await dialog.getByRole("button", { name: text.create }).click();
}

/** The newest sign-in code the development mailbox holds for this address (it delivers pending mail first). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(email)}`, {
          headers: { "x-dealer-code": "maple-auto" },
        });
        if (!response.ok()) return null;
        const { results } = (await response.json()) as {
          results: { kind: string; subject: string; text: string; created_at: string }[];
        };
        const withCode = results
          .filter((m) => /\b\d{6}\b/.test(m.text) && /entry|code|connexion|sign/i.test(`${m.kind} ${m.subject}`))
          .sort((a, b) => b.created_at.localeCompare(a.created_at));
        code = withCode[0] ? /\b(\d{6})\b/.exec(withCode[0].text)![1]! : null;
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

// ---- staff ---------------------------------------------------------------------------------------------------

/** Every demo staff user's phone; the development mailbox lists SMS by this number. */
export const STAFF_PHONE = "+14165550199";
export const STAFF_PASSWORD = "showroom-demo-2026";

const mailboxOfStaff = (request: APIRequestContext) =>
  request.get(`/api/dev/mailbox/?to=${encodeURIComponent(STAFF_PHONE)}`, {
    headers: { "x-dealer-code": "maple-auto" },
  });

/** The ids of the messages the development mailbox holds for staff now (a code sent later is not among them). */
export async function smsSeen(request: APIRequestContext): Promise<Set<string>> {
  const { results } = (await (await mailboxOfStaff(request)).json()) as { results: { id: number | string }[] };
  return new Set(results.map((m) => String(m.id)));
}

/** The newest staff sign-in code the development mailbox holds that is not among `seen`. */
export async function smsCode(request: APIRequestContext, seen: Set<string>): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await mailboxOfStaff(request);
        if (!response.ok()) return null;
        const { results } = (await response.json()) as {
          results: { id: number | string; kind: string; text: string; created_at: string }[];
        };
        const fresh = results
          .filter((m) => m.kind === "sms" && !seen.has(String(m.id)) && /\b\d{6}\b/.test(m.text))
          .sort((a, b) => b.created_at.localeCompare(a.created_at));
        code = fresh[0] ? /\b(\d{6})\b/.exec(fresh[0].text)![1]! : null;
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

/** Email and password in the dealer sign-in modal; answers the code step's dialog. */
export async function staffPasswordStep(page: Page, email: string) {
  const dialog = page.getByRole("dialog", { name: "Dealer sign-in" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  await dialog.getByLabel("Password").fill(STAFF_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Enter your verification code" });
  await expect(codeDialog).toBeVisible();
  return codeDialog;
}

/** Both factors in the open dealer sign-in modal (the code from the development mailbox), then past the authenticator offer. */
export async function signInAsStaff(page: Page, email: string) {
  const seen = await smsSeen(page.request);
  const codeDialog = await staffPasswordStep(page, email);
  await expect(codeDialog.getByTestId("dealer-code-destination")).toContainText("0199");
  await codeDialog.getByLabel("6-digit code").fill(await smsCode(page.request, seen));
  await codeDialog.getByRole("button", { name: "Verify" }).click();
  const offer = page.getByTestId("dealer-authenticator-offer");
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** A second browser (its own cookies) for the dealership's staff, the same device as the project's. */
export async function staffPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  await context.addInitScript(() =>
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, performance: false, targeting: false }),
    ),
  );
  return gotoWaitsForHydration(await context.newPage(), baseURL);
}

/** "$1,234.56", "1 234,56 $" or "+$1.93 biweekly" as cents. */
export function cents(text: string): number {
  const digits = text
    .replace(/[^\d,.]/g, "")
    .replace(/[.,](\d{2})$/, "|$1")
    .replace(/[.,]/g, "")
    .replace("|", ".");
  return Math.round(Number(digits) * 100);
}

/** The demo RAV4 XLE of the Ontario dealership (stock number BP-2026101): it has cash, finance and lease payments. */
export async function rav4Id(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/quickshop/inventory/?query=BP-2026101", {
    headers: { "x-dealer-code": "maple-auto" },
  });
  const { results } = (await response.json()) as { results: { id: number; stock_number: string }[] };
  return results.find((v) => v.stock_number === "BP-2026101")!.id;
}

// ---- deposits --------------------------------------------------------------------------------------------------

const DEPOSIT_CARD_TEXT = {
  en: { nameOnCard: "Name on card", cardNumber: "Card number", month: "Expiry month", year: "Expiry year", cvc: "Security code", firstName: "First name", lastName: "Last name", address: "Address", postalCode: "Postal code" },
  fr: { nameOnCard: "Nom sur la carte", cardNumber: "Numéro de carte", month: "Mois d’expiration", year: "Année d’expiration", cvc: "Code de sécurité", firstName: "Prénom", lastName: "Nom de famille", address: "Adresse", postalCode: "Code postal" },
} as const;

/** The sandbox's card form in the open deposit modal, filled with its approving test card (4242…). */
export async function fillDepositCard(modal: Locator, language: "en" | "fr", postalCode: string) {
  const text = DEPOSIT_CARD_TEXT[language];
  await modal.getByLabel(text.nameOnCard, { exact: true }).fill("Jeanne Tremblay");
  await modal.getByLabel(text.cardNumber, { exact: true }).fill("4242424242424242");
  await expect(modal.getByLabel(text.cardNumber, { exact: true })).toHaveValue("4242 4242 4242 4242");
  await modal.getByLabel(text.month, { exact: true }).selectOption("12");
  await modal.getByLabel(text.year, { exact: true }).selectOption(String(new Date().getFullYear() + 3));
  await modal.getByLabel(text.cvc, { exact: true }).fill("123");
  await modal.getByLabel(text.firstName, { exact: true }).fill("Jeanne");
  await modal.getByLabel(text.lastName, { exact: true }).fill("Tremblay");
  await modal.getByLabel(text.address, { exact: true }).fill("120 Queen Street West");
  await modal.getByLabel(text.postalCode, { exact: true }).fill(postalCode);
}

type Stock = { id: number; available?: boolean; is_reserved: boolean; listing_price: string | null; dealership_details?: { code: string } };
const reservable = (v: Stock) => v.available !== false && !v.is_reserved && Boolean(v.listing_price);

/** An available vehicle of the dealership with a price, not reserved (a dealership without a vehicle list: by id). */
export async function reservableVehicle(request: APIRequestContext, dealer: string): Promise<number> {
  const headers = { "x-dealer-code": dealer };
  const list = await request.get("/api/quickshop/inventory/", { headers });
  if (list.ok()) {
    const found = ((await list.json()) as { results: Stock[] }).results.find(reservable);
    if (found) return found.id;
  }
  // The group's vehicles answer too: one of this dealership's own, looked for every 37 ids.
  for (let id = 1; id <= 4000; id += 37) {
    const response = await request.get(`/api/quickshop/inventory/${id}/`, { headers });
    if (!response.ok()) continue;
    const vehicle = (await response.json()) as Stock;
    if (vehicle.dealership_details?.code === dealer && reservable(vehicle)) return id;
  }
  throw new Error(`no vehicle to reserve at ${dealer}`);
}
