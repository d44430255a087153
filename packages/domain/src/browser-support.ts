/** Oldest versions the storefront's JavaScript and CSS are built for. */
export const MINIMUM_BROWSER_VERSIONS = {
  legacyEdge: 79,
  chrome: 109,
  firefox: 115,
  safari: [15, 4],
} as const;

const BOT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|lighthouse|headless/i;

function majorVersion(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function isOlderSafari(userAgent: string): boolean | null {
  if (/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|EdgiOS\//.test(userAgent)) return null;
  const match = /Version\/(\d+)(?:\.(\d+))?.*Safari\//.exec(userAgent);
  if (!match) return null;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? "0");
  const [minMajor, minMinor] = MINIMUM_BROWSER_VERSIONS.safari;
  return major < minMajor || (major === minMajor && minor < minMinor);
}

/**
 * Only browsers we positively recognise as too old are flagged; bots and
 * agents we cannot identify get the site, since a wrong block loses a customer.
 */
export function isUnsupportedBrowser(userAgent: string | null | undefined): boolean {
  if (typeof userAgent !== "string" || userAgent.trim() === "") return false;
  if (BOT.test(userAgent)) return false;
  if (/Opera Mini/i.test(userAgent)) return true;
  if (/MSIE |Trident\//.test(userAgent)) return true;

  // Legacy EdgeHTML also claims Chrome/, so it must be recognised first.
  const legacyEdge = majorVersion(userAgent, /\bEdge\/(\d+)/);
  if (legacyEdge !== null) return legacyEdge < MINIMUM_BROWSER_VERSIONS.legacyEdge;

  const firefox = majorVersion(userAgent, /\bFirefox\/(\d+)/);
  if (firefox !== null) return firefox < MINIMUM_BROWSER_VERSIONS.firefox;

  // Chromium-based browsers (new Edge, Opera, Samsung Internet) report their engine here.
  const chrome = majorVersion(userAgent, /(?:Chrome|Chromium)\/(\d+)/);
  if (chrome !== null) return chrome < MINIMUM_BROWSER_VERSIONS.chrome;

  return isOlderSafari(userAgent) ?? false;
}
