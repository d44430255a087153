import {
  analyticsTagIds,
  hasTagIds,
  settingsRecordSchema,
  type AnalyticsTagIds,
  chatProviderOrigin,
  chooseLocale,
  customerUserSchema,
  dealerUserSchema,
  homeDealershipSchema,
  isUnsupportedBrowser,
  languageOf,
  orderPageSchema,
  parseAcceptLanguage,
  sessionExpiredSchema,
  type CustomerUser,
  type DealerInfo,
  type HomeDealership,
  type DealerUser,
  type Locale,
} from "@showroom/domain";
import { redirect } from "react-router";
import { ApiError, serverApi, type ResponseSchema } from "../lib/api.server.ts";
import { hasSessionCookie, readCookie, serializeCookie } from "../lib/cookies.ts";
import { parsePrefix, storefrontPath, type Prefix } from "../lib/paths.ts";
import { UNSUPPORTED_BROWSER_DISMISSED_COOKIE } from "../features/shell/unsupported-browser-banner.tsx";
import type { Route } from "./+types/shell";

export type ShellData = {
  dealer: DealerInfo;
  /** The route named a dealership that does not exist: the page is a 404 in the default one's shell. */
  unknownDealer: boolean;
  locale: Locale;
  prefix: Prefix;
  /** The route's path after the prefixes, e.g. "search". */
  rest: string;
  dealerUser: DealerUser | null;
  customer: CustomerUser | null;
  /** How many deals the signed-in customer saved here (0 for anyone else). */
  savedDeals: number;
  sessionExpired: "dealer" | "customer" | null;
  hideHeader: boolean;
  unsupportedBrowser: boolean;
  /** The dealership's, manufacturer's and (when enabled) platform's Google tag ids; loaded only after consent. */
  analyticsTags: AnalyticsTagIds;
};

const HOME_DEALERSHIP = "/api/quickshop/dealership/home-dealership/";
/** Only the number of saved deals is read from the first page of them. */
const savedDealCountSchema = orderPageSchema.pick({ count: true });

/** The route guards of spec 2.2: dealer code, header flag, language, then who is signed in. */
export async function loadShell({ request, params, context }: Route.LoaderArgs): Promise<ShellData> {
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const parsed = parsePrefix(url.pathname, params["dealerCode"]);
  const storedDealer = readCookie(cookies, "dealer_code");
  const setCookie = (cookie: string) => context.responseCookies.push(cookie);

  let sessionExpired: ShellData["sessionExpired"] = null;
  async function fetchDealer(code: string) {
    const api = serverApi(context, code);
    try {
      return await api.get(HOME_DEALERSHIP, homeDealershipSchema);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 440) throw error;
      // The API ended the expired session; this second call is anonymous.
      sessionExpired = sessionExpiredSchema.safeParse(error.body).data?.user_kind ?? "customer";
      return api.get(HOME_DEALERSHIP, homeDealershipSchema);
    }
  }

  let unknownDealer = false;
  let dealer: HomeDealership;
  const dealerCode = parsed.dealerCode ?? storedDealer ?? context.defaultDealerCode;
  try {
    dealer = await fetchDealer(dealerCode);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    unknownDealer = true;
    dealer = await fetchDealer(context.defaultDealerCode);
  }
  // Only the dealership's own chat provider may load its widget (spec 2.3); the browser still waits for consent.
  const chatOrigin = chatProviderOrigin(dealer.customer_messaging);
  if (chatOrigin) (context.chatOrigins ??= []).push(chatOrigin);
  if (!unknownDealer && parsed.dealerCode && parsed.dealerCode !== storedDealer) {
    setCookie(serializeCookie("dealer_code", parsed.dealerCode));
  }

  if (url.searchParams.get("noheader") === "1") setCookie(serializeCookie("noheader", "1"));
  const hideHeader = url.searchParams.get("noheader") === "1" || readCookie(cookies, "noheader") === "1";

  const storedLocale = readCookie(cookies, "language");
  const locale = chooseLocale({
    route: dealer.is_multilingual ? parsed.language : null,
    stored: storedLocale,
    browser: parseAcceptLanguage(request.headers.get("accept-language")),
    allowed: dealer.allowed_languages,
  });
  const wantedPrefix: Prefix = {
    language: dealer.is_multilingual ? languageOf(locale) : null,
    dealerCode: parsed.dealerCode,
  };
  if (storedLocale !== locale) setCookie(serializeCookie("language", locale));
  if (!unknownDealer && wantedPrefix.language !== parsed.language) {
    throw redirect(storefrontPath(wantedPrefix, parsed.rest, url.search));
  }

  const api = serverApi(context, dealer.code, locale);
  // Read alongside the signed-in user: the global settings name the manufacturer's and the platform's tag ids.
  const settingsAnswer = api.get("/api/settings/", settingsRecordSchema).catch(() => null);
  // Nobody signed in (403) or a session that just expired (440) reads as anonymous.
  const signedIn = <T,>(path: string, schema: ResponseSchema<T>) =>
    api.get(path, schema).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 440)) return null;
      throw error;
    });
  // A first visit brings no session: nobody can be signed in, and the page need not ask.
  const [dealerUser, customer] = hasSessionCookie(cookies)
    ? await Promise.all([signedIn("/api/quickshop/user/current_user/", dealerUserSchema), signedIn("/api/customer/current_user/", customerUserSchema)])
    : [null, null];
  const savedDeals = customer ? ((await signedIn("/api/order/", savedDealCountSchema))?.count ?? 0) : 0;

  // Spec 2.2: with a third-party retail system the saved vehicles live there, in the customer's language.
  if (!unknownDealer && parsed.rest.split("/")[0] === "orders" && dealer.is_trs_enabled && dealer.trs_url) {
    throw redirect(dealer.trs_url[customer?.language ?? languageOf(locale)]);
  }

  const analyticsTags = analyticsTagIds(dealer, await settingsAnswer);
  // Google's tag hosts join the page's CSP only for a dealership with tag ids (the browser still waits for consent).
  if (hasTagIds(analyticsTags)) context.googleTags = true;

  return {
    dealer,
    unknownDealer,
    locale,
    prefix: { language: parsed.language, dealerCode: unknownDealer ? null : parsed.dealerCode },
    rest: parsed.rest,
    dealerUser,
    customer,
    savedDeals,
    sessionExpired,
    hideHeader,
    unsupportedBrowser:
      dealer.display_unsupported_browser_message &&
      readCookie(cookies, UNSUPPORTED_BROWSER_DISMISSED_COOKIE) !== "1" &&
      isUnsupportedBrowser(request.headers.get("user-agent")),
    analyticsTags,
  };
}
