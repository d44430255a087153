import type { AnalyticsTagIds } from "@showroom/domain";

/**
 * Loads Google Tag Manager containers and the GA4 tag (fetched only once the shopper allowed performance cookies:
 * ./analytics.ts). The ids were checked by the domain's analyticsTagIds (GTM-… and G-… only).
 */
const TAG_HOST = "https://www.googletagmanager.com";

function addScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

export function loadGoogleTags(tags: AnalyticsTagIds, gtag: (...args: unknown[]) => void): void {
  const dataLayer = (window.dataLayer ??= []);
  for (const id of tags.gtm) {
    dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    addScript(`${TAG_HOST}/gtm.js?id=${encodeURIComponent(id)}`);
  }
  const [first] = tags.ga4;
  if (first) {
    addScript(`${TAG_HOST}/gtag/js?id=${encodeURIComponent(first)}`);
    gtag("js", new Date());
    for (const id of tags.ga4) gtag("config", id);
  }
}
