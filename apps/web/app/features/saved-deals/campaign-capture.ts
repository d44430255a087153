import type { Campaign } from "@showroom/domain";

/** Campaign parameters of the visit (utm_*, gclid), kept in session storage until a deal is saved. */
export const CAMPAIGN_KEY = "campaign";
export const CAMPAIGN_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid"] as const;

/** An address carrying campaign parameters replaces the kept ones; the first entry point and referrer stay. */
export function captureCampaign(params: URLSearchParams, entryPoint: string, referrer: string): void {
  const found = CAMPAIGN_PARAMS.filter((key) => params.get(key));
  if (found.length === 0) return;
  const campaign: Campaign = {};
  for (const key of found) campaign[key] = params.get(key)!.slice(0, 200);
  campaign.entry_point = entryPoint.slice(0, 200);
  if (referrer) campaign.referrer = referrer.slice(0, 2000);
  try {
    window.sessionStorage.setItem(CAMPAIGN_KEY, JSON.stringify(campaign));
  } catch {
    // Without session storage the deal is saved without its campaign.
  }
}

