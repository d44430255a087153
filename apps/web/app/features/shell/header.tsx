import { classicHeaderElements, type DealerInfo, type Viewer } from "@showroom/domain";
import { Link } from "react-router";
import { MenuIcon } from "../../ui/icons.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import type { Translate } from "../../i18n/index.ts";
import { LoggedInAsBar, StaffArea, type StaffEntries } from "./staff-header.tsx";

export { staffEntriesShown, type StaffEntries } from "./staff-header.tsx";

export type HeaderProps = {
  dealer: DealerInfo;
  t: Translate;
  viewer: Viewer;
  routeName: string;
  homeHref: string;
  languageSwitch: { href: string; label: string; language: string; onSwitch(): void } | null;
  onOpenMenu(): void;
  onContact(): void;
  /** The shopper's entries: sign in when anonymous; saved vehicles and log out once signed in. */
  customer: CustomerEntries;
  /** The dealer staff's entries (dealer login, add customer, dealer menu, the "logged in as" bar). */
  staff?: StaffEntries;
};

export type CustomerEntries = {
  savedDeals: number;
  ordersHref: string;
  onSignIn(): void;
  onPrefetch(): void;
  onLogOut(): void;
  /** Which entries show (the sidebar menu is told, so it needs no rules of its own). */
  show: { signIn: boolean; savedVehicles: boolean; logOut: boolean; manufacturerSignIn?: boolean; profile?: boolean };
  /** The manufacturer-identity pages (dealer info enable_volkswagen_id): its sign-in page and the customer's profile. */
  manufacturer?: { signInHref: string; profileHref: string };
};

/**
 * The customer entries of spec 2.3 and 6 for this visitor. Where the dealership offers the manufacturer's identity, the
 * customer menu also has its sign-in (anonymous, or signed in without it) or, for a customer who has it (has_volkswagen_id),
 * their profile. On the manufacturer-identity login page the customer menu is hidden (spec 2.1).
 */
export function customerEntriesShown(
  dealer: DealerInfo,
  viewer: Viewer,
  options: { hasManufacturerIdentity?: boolean; onManufacturerLoginPage?: boolean } = {},
): CustomerEntries["show"] {
  const show = classicHeaderElements(dealer, viewer, { name: "" });
  const menu = show.customerMenu && !options.onManufacturerLoginPage;
  const manufacturer = menu && dealer.enable_volkswagen_id;
  return {
    signIn: menu && !viewer.isCustomer,
    savedVehicles: show.savedVehiclesLink,
    logOut: menu && show.customerLogOut,
    manufacturerSignIn: manufacturer && !(viewer.isCustomer && options.hasManufacturerIdentity === true),
    profile: manufacturer && viewer.isCustomer && options.hasManufacturerIdentity === true,
  };
}

const entryClass =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-current";

/**
 * The customer menu of spec 2.3 and 6: "Sign in" for an anonymous visitor; the saved-vehicles link (with the count of
 * saved deals, tablet and up, not with a third-party retail system) and log out (not for dealer staff) once signed in.
 * On phones the sidebar menu carries the same entries (hideOnPhone).
 */
function CustomerArea(props: HeaderProps & { hideOnPhone: boolean }) {
  const { t, customer } = props;
  const show = customer.show;
  const phone = props.hideOnPhone ? "max-mobile:hidden" : "";
  if (show.signIn) {
    return (
      <>
        <ManufacturerEntries {...props} />
        <button
          type="button"
          onClick={customer.onSignIn}
          onPointerEnter={customer.onPrefetch}
          onFocus={customer.onPrefetch}
          className={`${entryClass} ${phone}`}
          data-testid="header-sign-in"
        >
          {t("header.sign_in")}
        </button>
      </>
    );
  }
  return (
    <>
      <ManufacturerEntries {...props} />
      {show.savedVehicles && (
        <Link to={customer.ordersHref} className={`${entryClass} max-mobile:hidden`} data-testid="header-saved-vehicles">
          {t("header.saved_vehicles", { count: customer.savedDeals })}
        </Link>
      )}
      {show.logOut && (
        <button type="button" onClick={customer.onLogOut} className={`${entryClass} ${phone}`} data-testid="header-log-out">
          {t("header.log_out")}
        </button>
      )}
    </>
  );
}

/** The manufacturer-identity entries of the customer menu: its sign-in page, or the customer's profile. */
function ManufacturerEntries(props: HeaderProps & { hideOnPhone: boolean }) {
  const { t, customer } = props;
  const pages = customer.manufacturer;
  if (!pages) return null;
  const phone = props.hideOnPhone ? "max-mobile:hidden" : "";
  if (customer.show.profile) {
    return (
      <Link to={pages.profileHref} className={`${entryClass} ${phone}`} data-testid="header-manufacturer-profile">
        {t("header.manufacturer_profile")}
      </Link>
    );
  }
  if (!customer.show.manufacturerSignIn) return null;
  return (
    <Link to={pages.signInHref} className={`${entryClass} ${phone}`} data-testid="header-manufacturer-sign-in">
      {t("header.manufacturer_sign_in")}
    </Link>
  );
}

function Logo(props: { dealer: DealerInfo; href: string; t: Translate; className?: string }) {
  const { theme } = props.dealer;
  const external = props.dealer.showroom_logo_redirect;
  const image = <img src={theme.logo_url} alt={theme.logo_alt} className={props.className ?? "h-10 w-auto"} width={160} height={40} />;
  const label = props.t("header.home", { dealer: props.dealer.name });
  return external ? (
    <a href={external} aria-label={label}>
      {image}
    </a>
  ) : (
    <Link to={props.href} aria-label={label}>
      {image}
    </Link>
  );
}

function MenuButton(props: HeaderProps) {
  return (
    <button
      type="button"
      onClick={props.onOpenMenu}
      aria-label={props.t("header.menu")}
      className="-ml-2 rounded-md p-2 hover:bg-current/10 focus-visible:outline-2 focus-visible:outline-current"
    >
      <MenuIcon />
    </button>
  );
}

function LanguageToggle(props: { toggle: NonNullable<HeaderProps["languageSwitch"]>; className?: string }) {
  return (
    <Link
      to={props.toggle.href}
      lang={props.toggle.language}
      aria-label={props.toggle.label}
      data-testid="language-toggle"
      onClick={(event) => {
        event.preventDefault();
        props.toggle.onSwitch();
      }}
      className={`rounded-md px-3 py-2 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-current ${props.className ?? ""}`}
    >
      {props.toggle.language === "fr" ? "Français" : "English"}
    </Link>
  );
}

/** The full header (2.3): every element appears under the conditions of classicHeaderElements. */
function ClassicHeader(props: HeaderProps) {
  const { dealer, t } = props;
  const show = classicHeaderElements(dealer, props.viewer, { name: props.routeName });
  return (
    <header data-header-variant="classic" className="border-b border-black/10 bg-[var(--header-bg)] text-[var(--header-fg)]">
      <div className="mx-auto flex h-[75px] max-w-7xl items-center gap-3 px-4 max-mobile:h-[60px]">
        <MenuButton {...props} />
        <div className="shrink-0">
          <Logo dealer={dealer} href={props.homeHref} t={t} className="h-9 w-auto max-mobile:h-8" />
        </div>
        {dealer.theme.secondary_logo_url && (
          <img src={dealer.theme.secondary_logo_url} alt="" className="hidden h-8 w-auto laptop-up:block" width={128} height={32} />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold max-mobile:sr-only">{dealer.name}</p>
          {show.address && (
            <p className="truncate text-xs opacity-80 max-mobile:hidden" data-testid="header-address">
              {dealer.full_address}
            </p>
          )}
        </div>
        {show.contactDealerButton && (
          <button type="button" onClick={props.onContact} className={`${ctaButtonClass} text-sm max-mobile:px-3`}>
            {t("header.contact_dealer")}
          </button>
        )}
        {show.languageToggle && props.languageSwitch && <LanguageToggle toggle={props.languageSwitch} className="max-mobile:hidden" />}
        <StaffArea t={t} staff={props.staff} />
        <CustomerArea {...props} hideOnPhone />
      </div>
    </header>
  );
}

/** Themed navigation bar (nav banner enabled): the dealership's colours across the full width. */
function NavBannerHeader(props: HeaderProps) {
  const { dealer, t } = props;
  return (
    <header data-header-variant="nav_banner" className="bg-[var(--nav-bg)] text-[var(--nav-fg)]">
      <div className="mx-auto flex h-[80px] max-w-7xl items-center gap-4 px-4 max-mobile:h-[60px]">
        <MenuButton {...props} />
        <div className="rounded-md bg-white px-2 py-1">
          <Logo dealer={dealer} href={props.homeHref} t={t} className="h-8 w-auto" />
        </div>
        <nav aria-label={t("menu.title")} className="flex flex-1 items-center gap-4 text-sm font-semibold max-mobile:hidden">
          <Link to={props.homeHref} className="hover:underline">{t("menu.vehicles")}</Link>
          {dealer.website && <a href={dealer.website} className="hover:underline">{t("header.dealer_website")}</a>}
          <a href={`tel:${dealer.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">{dealer.phone}</a>
        </nav>
        <div className="flex-1 tablet-up:hidden" />
        {dealer.is_multilingual && props.languageSwitch && <LanguageToggle toggle={props.languageSwitch} className="max-mobile:hidden" />}
        <StaffArea t={t} staff={props.staff} />
        <CustomerArea {...props} hideOnPhone />
      </div>
    </header>
  );
}

/** Seamless header: a slim bar that blends into the dealership's own website around it. */
function SeamlessHeader(props: HeaderProps) {
  const { dealer, t } = props;
  return (
    <header data-header-variant="seamless" className="bg-transparent">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
        <Logo dealer={dealer} href={props.homeHref} t={t} className="h-8 w-auto" />
        <p className="sr-only">{dealer.name}</p>
        <div className="flex-1" />
        {dealer.is_multilingual && props.languageSwitch && <LanguageToggle toggle={props.languageSwitch} />}
        <StaffArea t={t} staff={props.staff} />
        <CustomerArea {...props} hideOnPhone={false} />
      </div>
    </header>
  );
}

/** Manufacturer header: the brand's network bar above the dealership's own line. */
function ManufacturerHeader(props: HeaderProps) {
  const { dealer, t } = props;
  return (
    <header data-header-variant="manufacturer">
      <div className="bg-[var(--accent)] text-white">
        <div className="mx-auto flex h-10 max-w-7xl items-center justify-between px-4 text-sm font-semibold tracking-wide">
          <span>{t("header.manufacturer_network", { oem: dealer.oem ?? "" })}</span>
          {dealer.is_multilingual && props.languageSwitch && <LanguageToggle toggle={props.languageSwitch} className="text-white max-mobile:hidden" />}
        </div>
      </div>
      <div className="border-b border-black/10 bg-[var(--header-bg)] text-[var(--header-fg)]">
        <div className="mx-auto flex h-[70px] max-w-7xl items-center gap-3 px-4 max-mobile:h-[60px]">
          <MenuButton {...props} />
          <Logo dealer={dealer} href={props.homeHref} t={t} className="h-9 w-auto" />
          {dealer.theme.secondary_logo_url && <img src={dealer.theme.secondary_logo_url} alt="" className="hidden h-8 w-auto laptop-up:block" width={128} height={32} />}
          <div className="flex-1" />
          <StaffArea t={t} staff={props.staff} />
        <CustomerArea {...props} hideOnPhone />
        </div>
      </div>
    </header>
  );
}

/**
 * Checkout-style header (spec 2.3; showroom_header.use_checkout_header): the logo and the dealership's name, and a
 * cart menu item for an authenticated shopper, the current item on the orders route.
 */
function CheckoutHeader(props: HeaderProps) {
  const { dealer, t, customer } = props;
  const onOrders = props.routeName === "orders";
  return (
    <header data-header-variant="checkout" className="border-b border-black/10 bg-[var(--header-bg)] text-[var(--header-fg)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo dealer={dealer} href={props.homeHref} t={t} className="h-8 w-auto" />
        <p className="min-w-0 flex-1 truncate font-semibold max-mobile:sr-only">{dealer.name}</p>
        <div className="flex-1 tablet-up:hidden" />
        {dealer.is_multilingual && props.languageSwitch && <LanguageToggle toggle={props.languageSwitch} className="max-mobile:hidden" />}
        <StaffArea t={t} staff={props.staff} />
        {props.viewer.isCustomer && (
          <nav aria-label={t("header.checkout_nav")}>
            <Link
              to={customer.ordersHref}
              aria-current={onOrders ? "page" : undefined}
              className={`${entryClass} gap-2 ${onOrders ? "underline decoration-2" : ""}`}
              data-testid="header-cart"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2" strokeLinejoin="round" />
                <circle cx="9" cy="20" r="1.5" />
                <circle cx="18" cy="20" r="1.5" />
              </svg>
              {t("header.cart_count", { count: customer.savedDeals })}
            </Link>
          </nav>
        )}
        <CustomerArea {...props} customer={{ ...customer, show: { ...customer.show, savedVehicles: false } }} hideOnPhone={false} />
      </div>
    </header>
  );
}

function HeaderVariant(props: HeaderProps) {
  switch (props.dealer.header_variant) {
    case "checkout":
      return <CheckoutHeader {...props} />;
    case "seamless":
      return <SeamlessHeader {...props} />;
    case "manufacturer":
      return <ManufacturerHeader {...props} />;
    case "nav_banner":
      return <NavBannerHeader {...props} />;
    default:
      return <ClassicHeader {...props} />;
  }
}

export function Header(props: HeaderProps) {
  return (
    <>
      {props.staff && <LoggedInAsBar t={props.t} staff={props.staff} />}
      <HeaderVariant {...props} />
    </>
  );
}
