// Usage: node scripts/screenshot.mjs <url> <out.png> [phone|desktop] [full] [css selector to scroll to] [css selector to click first]
// With something to click (a button opening a modal), the picture is taken once the dialog it opens is shown.
// Cookie choices are taken as made (as a returning visitor's), so the consent modal stays out of the picture.
import { chromium } from "playwright-core";

const [url, out, device = "desktop", size = "", scrollTo = "", click = ""] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const viewport = device === "phone" ? { width: 390, height: 844 } : { width: 1366, height: 900 };
const page = await browser.newPage({ viewport, deviceScaleFactor: 1, locale: "en-CA" });
await page.addInitScript(() => {
  window.localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, performance: false, targeting: false }));
});
await page.goto(url, { waitUntil: "networkidle" });
if (click) {
  await page.locator(click).first().click();
  await page.getByRole("dialog").last().waitFor();
  await page.waitForTimeout(300);
}
if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
await page.screenshot({ path: out, fullPage: size === "full" });
await browser.close();
