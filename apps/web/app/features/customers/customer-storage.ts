import type { CustomerUser } from "@showroom/domain";

/** What the browser keeps about the shopper between pages, in session storage (this tab, this visit). */
const CUSTOMER_EMAIL_KEY = "customer-email";
const CAT_ID_KEY = "cat-id";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The last signed-in shopper's email: the session-expired notice offers a sign-in code for it. */
export function rememberCustomer(customer: Pick<CustomerUser, "email"> | null): void {
  if (customer) session()?.setItem(CUSTOMER_EMAIL_KEY, customer.email);
}

export const rememberedCustomerEmail = (): string | null => session()?.getItem(CUSTOMER_EMAIL_KEY) ?? null;

/** A campaign id arriving as ?catId= is kept for this visit and sent at registration and re-entry. */
export function rememberCatId(params: URLSearchParams): void {
  const catId = params.get("catId")?.trim();
  if (catId) session()?.setItem(CAT_ID_KEY, catId.slice(0, 64));
}

export const storedCatId = (): string | null => session()?.getItem(CAT_ID_KEY) ?? null;

/** Log out (spec 4): local and session storage are emptied, except the keys named (the cookie choice). */
export function clearBrowserStorage(keep: readonly string[]): void {
  for (const get of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const storage = get();
      const kept = keep.map((key) => [key, storage.getItem(key)] as const);
      storage.clear();
      for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
    } catch {
      // Storage can be unavailable (privacy modes): nothing is kept there then.
    }
  }
}
