import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

/** Most journeys start with the cookie choice already made, so the consent modal stays out of the way. */
export const test = base.extend<{ consented: void }>({
  consented: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        if (!window.location.search.includes("fresh=1")) {
          window.localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, performance: false, targeting: false }));
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
