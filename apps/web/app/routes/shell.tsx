import { cookieConsentAsked, hasTagIds, languageOf, pricesVisible, type Language } from "@showroom/domain";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { data, isRouteErrorResponse, Outlet, useLocation, useNavigate, useRouteError } from "react-router";
import { configureAnalytics } from "../lib/analytics.ts";
import { onConsentPreferencesRequest, storedConsent, useConsent } from "../lib/consent.ts";
import { createFlag, useFlag, useHydrated, type Flag } from "../lib/use-hydrated.ts";
import { useWelcomeOnce } from "../features/welcome/use-welcome.ts";
import { ErrorPage, NotFound } from "../features/shell/error-page.tsx";
import { Footer } from "../features/shell/footer.tsx";
import { customerEntriesShown, Header, staffEntriesShown, type StaffEntries } from "../features/shell/header.tsx";
import { ThemeStyle } from "../features/shell/theme-style.tsx";
import { UnsupportedBrowserBanner } from "../features/shell/unsupported-browser-banner.tsx";
import { catalogueOf, I18nContext, loadCatalogue, translator, type Translate } from "../i18n/index.ts";
import { createApiClient, type ApiEvents } from "../lib/api-client.ts";
import { parsePrefix, storefrontPath } from "../lib/paths.ts";
import { ShellContext, type Shell } from "../lib/shell-context.tsx";
import { ModalProvider, useModals, type ModalRegistry } from "../ui/modals.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { ToastProvider, useToasts } from "../ui/toasts.tsx";
import type { Route } from "./+types/shell";
import { loadShell, type ShellData } from "./shell.server.ts";
import { hasSignInEntry, useCustomerSession } from "./shell-session.ts";
import { loadDealerAuthModal, prefetchDealerSignIn, useStaffSession } from "./staff-session.ts";

export async function loader(args: Route.LoaderArgs) {
  const shell = await loadShell(args);
  return data(shell, shell.unknownDealer ? { status: 404 } : undefined);
}

/** Client navigations: a page in the other language has its catalogue loaded before it is shown. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const shell = await serverLoader();
  await loadCatalogue(languageOf(shell.locale));
  return shell;
}

export const meta: Route.MetaFunction = ({ data: shell }) => {
  if (!shell) return [];
  const t = translator(catalogueOf(languageOf(shell.locale)));
  return [
    { title: t("meta.title", { dealer: shell.dealer.name }) },
    { name: "description", content: t("meta.description", { dealer: shell.dealer.name }) },
    { tagName: "link", rel: "icon", type: "image/svg+xml", href: `/api/quickshop/dealership/icon/${shell.dealer.code}.svg` },
  ];
};

// The sign-in modal (with the validation library) is fetched ahead when a pointer or the focus reaches a button opening it.
const loadAuthModal = () => import("../features/customers/auth-modal.tsx");
const prefetchSignIn = () => void loadAuthModal().catch(() => undefined);

const MODALS: ModalRegistry = {
  contact: lazy(() => import("../features/shell/contact-modal.tsx").then((m) => ({ default: m.ContactModal }))),
  sidebar: lazy(() => import("../features/shell/menu-modal.tsx").then((m) => ({ default: m.MenuModal }))),
  "cookie consent": lazy(() => import("../features/consent/cookie-consent-modal.tsx").then((m) => ({ default: m.CookieConsentModal }))),
  error: lazy(() => import("../features/network/network-error-modal.tsx").then((m) => ({ default: m.NetworkErrorModal }))),
  "session expired": lazy(() => import("../features/network/network-error-modal.tsx").then((m) => ({ default: m.SessionExpiredModal }))),
  "vehicle filters": lazy(() => import("../features/vehicle-list/filters-modal.tsx").then((m) => ({ default: m.VehicleFiltersModal }))),
  auth: lazy(() => loadAuthModal().then((m) => ({ default: m.AuthModal }))),
  "re-entry auth": lazy(() => import("../features/customers/reentry-modal.tsx").then((m) => ({ default: m.ReentryModal }))),
  "copy link": lazy(() => import("../features/customers/copy-link-modal.tsx").then((m) => ({ default: m.CopyLinkModal }))),
  "dealer auth": lazy(() => loadDealerAuthModal().then((m) => ({ default: m.DealerAuthModal }))),
  "password reset": lazy(() => import("../features/staff/password-reset-modal.tsx").then((m) => ({ default: m.PasswordResetModal }))),
  "delete saved deal": lazy(() => import("../features/saved-deals/delete-deal-modal.tsx").then((m) => ({ default: m.DeleteDealModal }))),
  welcome: lazy(() => import("../features/welcome/welcome-modal.tsx").then((m) => ({ default: m.WelcomeModal }))),
  // The vehicle-details trade-in card, as a modal or a slide-in sheet (spec 2.5's split).
  "trade-in": lazy(() => import("../features/trade-in/trade-in-presentation.tsx").then((m) => ({ default: m.TradeInPresentation }))),
};

// The cookie banner's code is fetched only for a browser that is asked (spec 2.5).
const CookieBanner = lazy(() => import("../features/consent/cookie-banner.tsx").then((m) => ({ default: m.CookieBanner })));

// The chat launcher (spec 2.3) loads after the page, and only for a dealership that has a chat provider.
const ChatLauncher = lazy(() => import("../features/chat/chat-launcher.tsx"));

const ERROR_TOAST_PARAMS = ["vw_idk_error", "sso_error"];

/** The cookie banner while the choice is asked and not made, hidden while its preferences are open. */
function CookieBannerPlace(props: { asked: Flag; t: Translate; manage: (onClosed: () => void) => void }) {
  const asked = useFlag(props.asked);
  const consent = useConsent();
  const [managing, setManaging] = useState(false);
  if (!asked || consent !== null || managing) return null;
  const manage = () => {
    setManaging(true);
    props.manage(() => setManaging(false));
  };
  return (
    <Suspense fallback={null}>
      <CookieBanner t={props.t} onManage={manage} />
    </Suspense>
  );
}

/** The chat launcher once the page is the browser's, and not while the cookie choice is being asked. */
function ChatPlace(props: { bannerAsked: Flag; dealer: ShellData["dealer"]; t: Translate }) {
  const { dealer } = props;
  const hydrated = useHydrated();
  const asked = useFlag(props.bannerAsked);
  const consent = useConsent();
  if (!hydrated || !dealer.customer_messaging || (asked && consent === null)) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher provider={dealer.customer_messaging} account={dealer.customer_messaging_account_id} dealerName={dealer.name} t={props.t} />
    </Suspense>
  );
}

function ShellBody(props: { shell: ShellData; t: Translate }) {
  const { shell, t } = props;
  const { dealer, prefix } = shell;
  const toasts = useToasts();
  const modals = useModals();
  const navigate = useNavigate();
  const location = useLocation();
  const language = languageOf(shell.locale);

  const expired = useRef<ApiEvents["sessionExpired"]>(() => {});
  const [api, quietApi] = useMemo(() => {
    const events: ApiEvents = {
      retrying: () => toasts.show({ message: t("error.network_retrying"), tone: "info" }),
      networkFailure: () => modals.open("error", { t }),
      sessionExpired: (userKind) => expired.current(userKind),
      httpError: (status) =>
        toasts.show({
          tone: "error",
          message: t(status === 404 ? "error.not_found" : status === 403 ? "error.forbidden" : status === 400 ? "error.bad_request" : "error.generic"),
        }),
    };
    return [
      createApiClient({ dealerCode: dealer.code, events }),
      // Forms show the API's messages where they belong: no toast for a refused call.
      createApiClient({ dealerCode: dealer.code, events: { ...events, httpError: () => {} } }),
    ];
  }, [dealer.code, t, toasts, modals]);

  const path = (route: string, search = "") => storefrontPath(prefix, route, search);
  const homeHref = path("search");
  // Spec 6: a staff user counts as signed in once the second factor passed.
  const staffUser = shell.dealerUser?.fully_authenticated ? shell.dealerUser : null;
  const session = useCustomerSession({
    dealer,
    dealerUser: staffUser,
    customer: shell.customer,
    quietApi,
    modals,
    toasts,
    t,
    listHref: homeHref,
  });
  const staff = useStaffSession({
    dealerUser: staffUser,
    quietApi,
    modals,
    toasts,
    t,
    refresh: session.refresh,
    exitHref: dealer.show_vehicle_list ? homeHref : (dealer.website ?? "/"),
  });
  // Spec 8: a staff user signs in again in the dealer modal and the refused call is retried; a customer gets the notice.
  expired.current = (userKind) => (userKind === "dealer" ? staff.signIn() : session.sessionExpired(userKind));
  const context: Shell = {
    dealer,
    locale: shell.locale,
    prefix,
    dealerUser: staffUser,
    customer: shell.customer,
    pricesLocked: !pricesVisible({ compulsoryLogin: dealer.compulsory_login, customerSignedIn: shell.customer !== null, staffFullySignedIn: staffUser !== null }),
    savedDeals: shell.savedDeals,
    api,
    quietApi,
    path,
    signIn: session.signIn,
    logOut: session.logOut,
    refresh: session.refresh,
    sessionExpired: (userKind) => expired.current(userKind),
    prefetchSignIn,
    staff: {
      signIn: staff.signIn,
      prefetchSignIn: prefetchDealerSignIn,
      endCustomerSession: staff.endCustomerSession,
      backToDealerPanel: staff.backToDealerPanel,
      act: staff.api.act,
    },
  };

  const viewer = { isDealer: staffUser !== null, isCustomer: shell.customer !== null, actingForCustomer: staffUser !== null && shell.customer !== null };
  const customerEntries = {
    savedDeals: shell.savedDeals,
    ordersHref: path("orders", "?source=header"),
    onSignIn: () => void session.signIn(),
    onPrefetch: prefetchSignIn,
    onLogOut: () => void session.logOut(),
    show: customerEntriesShown(dealer, viewer, {
      hasManufacturerIdentity: shell.customer?.has_volkswagen_id === true,
      onManufacturerLoginPage: /^vw\/id-login\/?$/.test(shell.rest),
    }),
    manufacturer: {
      signInHref: path("vw/id-login", location.pathname.includes("/vw/") ? "" : `?return_to=${encodeURIComponent(location.pathname + location.search)}`),
      profileHref: path("vw/id-profile"),
    },
  };

  const staffEntries: StaffEntries = {
    show: staffEntriesShown(dealer, viewer),
    staffName: staffUser?.full_name ?? null,
    actingFor: viewer.actingForCustomer ? (shell.customer?.full_name || shell.customer?.email || null) : null,
    onDealerLogin: () => void staff.signIn(),
    onAddCustomer: () => void session.signIn("add-customer"),
    onPrefetch: prefetchDealerSignIn,
    onReturnToList: () => void staff.backToDealerPanel(),
    onLogOut: () => void staff.logOut(),
    onEndSession: () => void staff.endCustomerSession(),
  };

  const otherLanguage: Language = language === "fr" ? "en" : "fr";
  const otherLocale = dealer.allowed_languages.find((l) => languageOf(l) === otherLanguage);
  const otherHref = storefrontPath({ ...prefix, language: otherLanguage }, shell.rest, location.search);
  const languageSwitch = otherLocale
    ? {
        href: otherHref,
        label: t("language.switch_to", { language: t(`language.${otherLanguage}`) }),
        language: otherLanguage,
        // Spec 4: post the language, then load the page (and dealer info) in it, even if the post failed.
        onSwitch: () => api.post("/api/i18n/", { language: otherLocale }).catch(() => undefined).finally(() => navigate(otherHref)),
      }
    : null;

  // Spec 2.4, 9: the cookie banner (asked once), and the choices reopened from the footer or the phone's menu. Whether
  // the banner was asked is a flag its leaves read: state here would render the whole page again on a first visit.
  const [bannerAsked] = useState(createFlag);
  const manageCookies = (onClosed?: () => void) => modals.open("cookie consent", { t, managing: true, onClosed });

  // Analytics (spec 4): the data layer opens with every consent signal denied; staff, and shoppers whose email is of
  // the dealership's website domain or of the signed-in staff's domain, are internal users.
  useEffect(() => {
    configureAnalytics({
      tags: shell.analyticsTags,
      people: { staffSignedIn: staffUser !== null, staffEmail: staffUser?.email ?? null, customerEmail: shell.customer?.email ?? null, website: dealer.website },
      dealerCode: dealer.code,
      language,
    });
  }, [shell.analyticsTags, staffUser, shell.customer, dealer.website, dealer.code, language]);

  // Start-up (spec 2.5): expired-session notice, manufacturer sign-in errors, then cookie consent once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (shell.sessionExpired === "dealer") void staff.signIn();
    else if (shell.sessionExpired) session.sessionExpired(shell.sessionExpired);
    const params = new URLSearchParams(location.search);
    session.startUp(params);
    const errorParams = ERROR_TOAST_PARAMS.filter((p) => params.has(p));
    if (errorParams.length) {
      for (const p of errorParams) {
        toasts.show({ message: params.get(p) ?? "", tone: "error", closable: true });
        params.delete(p);
      }
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
    } else if (
      cookieConsentAsked({
        bannerEnabled: dealer.cookie_banner_enabled,
        bannerWithAnalytics: dealer.cookie_banner_with_analytics,
        hasAnalyticsIds: hasTagIds(shell.analyticsTags),
        consentStored: storedConsent() !== null,
        route: shell.rest,
      }) &&
      !hasSignInEntry(params)
    ) {
      // A sign-in link opens its code modal instead; the cookie choice is asked on the next page.
      bannerAsked.set(true);
    }
  }, [shell, t, modals, toasts, navigate, location, session, staff, bannerAsked]);

  // Spec 2.5: the welcome modal once per browser (not on the privacy policy), after the cookie choice when it is asked.
  useWelcomeOnce({
    enabled: dealer.welcome_modal,
    route: shell.rest.split("/")[0] ?? "",
    signInEntry: hasSignInEntry(new URLSearchParams(location.search)),
    consentAsked: () =>
      cookieConsentAsked({
        bannerEnabled: dealer.cookie_banner_enabled,
        bannerWithAnalytics: dealer.cookie_banner_with_analytics,
        hasAnalyticsIds: hasTagIds(shell.analyticsTags),
        consentStored: storedConsent() !== null,
        route: shell.rest,
      }),
    open: () => modals.open("welcome", { t, dealerName: dealer.name }),
  });
  // A feature that needs a cookie category the shopper has not allowed (the chat) asks for the preferences.
  const manageRef = useRef(manageCookies);
  manageRef.current = manageCookies;
  useEffect(() => onConsentPreferencesRequest(() => manageRef.current()), []);

  return (
    <ShellContext.Provider value={context}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[90] focus:rounded focus:bg-white focus:p-2">
        {t("app.skip_to_content")}
      </a>
      <CookieBannerPlace asked={bannerAsked} t={t} manage={manageCookies} />
      <ProgressBar label={t("common.loading")} />
      {shell.unsupportedBrowser && <UnsupportedBrowserBanner t={t} />}
      {!shell.hideHeader && (
        <Header
          dealer={dealer}
          t={t}
          viewer={viewer}
          routeName={shell.rest.split("/")[0] ?? ""}
          homeHref={homeHref}
          languageSwitch={languageSwitch}
          onOpenMenu={() => modals.open("sidebar", { dealer, t, homeHref, languageSwitch, customer: customerEntries, onCookiePreferences: () => manageCookies() })}
          customer={customerEntries}
          staff={staffEntries}
          onContact={() => modals.open("contact", { dealer, t })}
        />
      )}
      <main id="main" className="min-h-[60vh]">
        {shell.unknownDealer ? (
          <NotFound t={t} showroomHref={dealer.show_vehicle_list ? homeHref : null} websiteHref={dealer.website} />
        ) : (
          <Outlet />
        )}
      </main>
      <Footer dealer={dealer} language={language} t={t} onCookiePreferences={() => manageCookies()} privacyHref={path("privacy-policy")} />
      <ChatPlace bannerAsked={bannerAsked} dealer={dealer} t={t} />
    </ShellContext.Provider>
  );
}

export default function ShellRoute({ loaderData: shell }: Route.ComponentProps) {
  const i18n = useMemo(() => ({ locale: shell.locale, t: translator(catalogueOf(languageOf(shell.locale))) }), [shell.locale]);
  return (
    <I18nContext.Provider value={i18n}>
      <ThemeStyle theme={shell.dealer.theme} />
      <ToastProvider regionLabel={i18n.t("toast.region")} closeLabel={i18n.t("toast.close")}>
        <ModalProvider registry={MODALS}>
          <ShellBody shell={shell} t={i18n.t} />
        </ModalProvider>
      </ToastProvider>
    </I18nContext.Provider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The shell's data is missing when its own loader failed: the address still names the language.
  const { pathname } = useLocation();
  const t = translator(catalogueOf(parsePrefix(pathname, undefined).language ?? "en"));
  return <ErrorPage status={status} t={t} homeHref="/" />;
}
