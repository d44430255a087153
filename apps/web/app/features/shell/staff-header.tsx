import { classicHeaderElements, type Viewer } from "@showroom/domain";
import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../i18n/index.ts";
import { CloseIcon } from "../../ui/icons.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";

/** The dealer staff's entries of the header (spec 2.3, 6); the shell decides which show and what they do. */
export type StaffEntries = {
  show: { dealerLogin: boolean; addCustomer: boolean; dealerMenu: boolean };
  /** The staff user's name (the dealer menu's button), or null when no staff user is signed in. */
  staffName: string | null;
  /** The customer a staff user acts for: the top bar "Logged in as {full name}". */
  actingFor: string | null;
  onDealerLogin(): void;
  onAddCustomer(): void;
  onPrefetch(): void;
  onReturnToList(): void;
  onLogOut(): void;
  onEndSession(): void;
};

const entryClass =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-current";

/** The top bar while a staff user acts for a customer; its close icon ends the customer session. */
export function LoggedInAsBar(props: { t: Translate; staff: StaffEntries }) {
  const { t, staff } = props;
  if (!staff.actingFor) return null;
  return (
    <div className="bg-gray-900 text-white" data-testid="logged-in-as-bar">
      <div className="mx-auto flex min-h-10 max-w-7xl items-center justify-between gap-3 px-4 text-sm">
        <p className="min-w-0 truncate font-semibold" data-testid="logged-in-as">
          {t("header.logged_in_as", { name: staff.actingFor })}
        </p>
        <button
          type="button"
          onClick={staff.onEndSession}
          aria-label={t("header.end_customer_session")}
          title={t("header.end_customer_session")}
          className="-mr-2 inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          data-testid="end-customer-session"
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}

/** The dealer menu: return to the customer list, log out, and on phones end session (the top bar's icon elsewhere). */
function DealerMenu(props: { t: Translate; staff: StaffEntries }) {
  const { t, staff } = props;
  const [open, setOpen] = useState(false);
  const menuId = `${useId().replace(/:/g, "")}-dealer-menu`;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const item =
    "block w-full rounded-md px-3 py-3 text-left font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
  return (
    // Shrinks before the header overflows a narrow phone: the name is cut short, never the page made wider.
    <div ref={root} className="relative flex min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={`${entryClass} min-w-0 max-w-[12rem] gap-1 max-mobile:max-w-[8rem]`}
        data-testid="dealer-menu-button"
      >
        <span className="sr-only">{t("staff.menu")}: </span>
        <span className="truncate">{staff.staffName}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-1 w-64 rounded-lg border border-black/10 bg-white p-1 text-gray-900 shadow-lg"
        data-testid="dealer-menu"
      >
        <li>
          <button type="button" className={item} onClick={then(staff.onReturnToList)} data-testid="dealer-menu-return">
            {t("staff.return_to_list")}
          </button>
        </li>
        {staff.actingFor && (
          <li className="tablet-up:hidden">
            <button
              type="button"
              className={item}
              onClick={then(staff.onEndSession)}
              data-testid="dealer-menu-end-session"
            >
              {t("staff.end_session")}
            </button>
          </li>
        )}
        <li>
          <button type="button" className={item} onClick={then(staff.onLogOut)} data-testid="dealer-menu-log-out">
            {t("header.log_out")}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The staff part of the header's right side: dealer login (tablet and up), add customer, the dealer menu. */
export function StaffArea(props: { t: Translate; staff: StaffEntries | undefined }) {
  const { t, staff } = props;
  if (!staff) return null;
  return (
    <>
      {staff.show.dealerLogin && (
        <button
          type="button"
          onClick={staff.onDealerLogin}
          onPointerEnter={staff.onPrefetch}
          onFocus={staff.onPrefetch}
          className={`${entryClass} max-mobile:hidden`}
          data-testid="header-dealer-login"
        >
          {t("staff.dealer_login")}
        </button>
      )}
      {staff.show.addCustomer && (
        <button
          type="button"
          onClick={staff.onAddCustomer}
          className={`${ctaButtonClass} min-h-11 min-w-11 shrink-0 text-sm whitespace-nowrap max-mobile:px-3`}
          data-testid="header-add-customer"
        >
          {/* Phones: a "+" keeps the logo in view; the name stays for assistive technology. */}
          <span aria-hidden="true" className="text-lg leading-none tablet-up:hidden">
            +
          </span>
          <span className="max-mobile:sr-only">{t("header.add_customer")}</span>
        </button>
      )}
      {staff.show.dealerMenu && <DealerMenu t={t} staff={staff} />}
    </>
  );
}

/** Which staff entries show for this viewer (the classic header's rules, spec 2.3 and 6). */
export function staffEntriesShown(
  dealer: Parameters<typeof classicHeaderElements>[0],
  viewer: Viewer,
): StaffEntries["show"] {
  const show = classicHeaderElements(dealer, viewer, { name: "" });
  return { dealerLogin: show.dealerLoginLink, addCustomer: show.addCustomerButton, dealerMenu: viewer.isDealer };
}
