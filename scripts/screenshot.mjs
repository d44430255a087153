// Usage: node scripts/screenshot.mjs <url> <out.png> [phone|desktop]
import { chromium } from "playwright-core";

const [url, out, device = "desktop"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const viewport = device === "phone" ? { width: 390, height: 844 } : { width: 1366, height: 900 };
const page = await browser.newPage({ viewport, deviceScaleFactor: 1, locale: "en-CA" });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: false });
await browser.close();
