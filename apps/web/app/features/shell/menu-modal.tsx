import type { DealerInfo } from "@showroom/domain";
import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import type { CustomerEntries } from "./header.tsx";

/** The sidebar menu; on phones it also carries the language switch the header hides. */
export function MenuModal(props: {
  dealer: DealerInfo;
  t: Translate;
  homeHref: string;
  languageSwitch: { href: string; label: string; language: string; onSwitch(): void } | null;
  customer: CustomerEntries;
  /** Reopens the cookie choices (the footer, which has this too, is hidden on phones). */
  onCookiePreferences?(): void;
  close(): void;
}) {
  const { dealer, t, customer } = props;
  const then = (action: () => void) => () => {
    props.close();
    action();
  };
  const item = "block rounded-md px-3 py-3 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
  return (
    <ModalFrame title={t("menu.title")} closeLabel={t("common.close")} onClose={props.close} size="sm">
      <nav aria-label={t("menu.title")}>
        <ul className="grid gap-1">
          {dealer.show_vehicle_list && (
            <li><Link className={item} to={props.homeHref}>{t("menu.vehicles")}</Link></li>
          )}
          {dealer.website && (
            <li><a className={item} href={dealer.website}>{t("header.dealer_website")}</a></li>
          )}
          <li><a className={item} href={`tel:${dealer.phone.replace(/[^\d+]/g, "")}`}>{t("menu.call", { phone: dealer.phone })}</a></li>
          {customer.show.signIn && (
            <li><button type="button" className={`${item} w-full text-left`} onClick={then(customer.onSignIn)} data-testid="menu-sign-in">{t("header.sign_in")}</button></li>
          )}
          {customer.manufacturer && customer.show.manufacturerSignIn && (
            <li><Link className={item} to={customer.manufacturer.signInHref} onClick={props.close} data-testid="menu-manufacturer-sign-in">{t("header.manufacturer_sign_in")}</Link></li>
          )}
          {customer.manufacturer && customer.show.profile && (
            <li><Link className={item} to={customer.manufacturer.profileHref} onClick={props.close} data-testid="menu-manufacturer-profile">{t("header.manufacturer_profile")}</Link></li>
          )}
          {customer.show.savedVehicles && (
            <li><Link className={item} to={customer.ordersHref} data-testid="menu-saved-vehicles">{t("header.saved_vehicles", { count: customer.savedDeals })}</Link></li>
          )}
          {customer.show.logOut && (
            <li><button type="button" className={`${item} w-full text-left`} onClick={then(customer.onLogOut)} data-testid="menu-log-out">{t("header.log_out")}</button></li>
          )}
          {props.languageSwitch && (
            <li>
              <a
                className={item}
                href={props.languageSwitch.href}
                lang={props.languageSwitch.language}
                onClick={(e) => {
                  e.preventDefault();
                  props.languageSwitch!.onSwitch();
                }}
              >
                {props.languageSwitch.label}
              </a>
            </li>
          )}
          {props.onCookiePreferences && (
            <li><button type="button" className={`${item} w-full text-left`} onClick={then(props.onCookiePreferences)} data-testid="menu-cookie-preferences">{t("consent.preferences")}</button></li>
          )}
        </ul>
      </nav>
    </ModalFrame>
  );
}
