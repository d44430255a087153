import { createContext, useContext } from "react";
import type { CustomerUser, DealerInfo, DealerUser, Locale } from "@showroom/domain";
import type { ApiClient } from "./api-client.ts";
import type { AuthOutcome, AuthPreset, SignInOptions } from "./auth.ts";
import type { Prefix } from "./paths.ts";

export type Shell = {
  dealer: DealerInfo;
  locale: Locale;
  prefix: Prefix;
  dealerUser: DealerUser | null;
  /** The signed-in shopper, or null for an anonymous visitor. */
  customer: CustomerUser | null;
  /** Spec 6: a compulsory-login dealership's prices, until a shopper or fully signed-in staff are there (the API sends none). */
  pricesLocked: boolean;
  /** How many deals the signed-in shopper has saved at this dealership. */
  savedDeals: number;
  api: ApiClient;
  /** The same client without the HTTP error toasts: for forms that show the API's messages themselves. */
  quietApi: ApiClient;
  /** An address under the current prefixes, e.g. path("search"). */
  path(route: string, search?: string): string;
  /** Opens the sign-in/sign-up modal; the promise settles with how it ended (the shell's data is reloaded after a sign-in). */
  signIn(preset?: AuthPreset, options?: SignInOptions): Promise<AuthOutcome>;
  /** Starts fetching the sign-in modal's code (a pointer or the focus is on a button that opens it). */
  prefetchSignIn(): void;
  logOut(): Promise<void>;
  /** Reads the shell's data (customer, saved-deal count) and the page's again. */
  refresh(): void;
  /** A call answered 440: the notice of spec 8 for the kind of user whose session ended. */
  sessionExpired(userKind: "dealer" | "customer" | null): void | Promise<boolean>;
  /** The dealer staff's session (spec 4 "Dealer session"). */
  staff: {
    /** Opens the dealer sign-in modal; true once the staff user is fully signed in (the shell's data is read again). */
    signIn(): Promise<boolean>;
    prefetchSignIn(): void;
    endCustomerSession(): Promise<void>;
    backToDealerPanel(): Promise<void>;
    /** Acts for a customer of the workspace; answers where the storefront continues as them. */
    act(customerId: number): Promise<{ customer: { id: number; full_name: string }; redirect_to: string }>;
  };
};

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell outside the storefront shell");
  return shell;
}
