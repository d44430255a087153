/** Query parameters that carry a manufacturer sign-in error to the storefront (spec 8). */
export const MANUFACTURER_SIGN_IN_ERROR_PARAMS = ["vw_idk_error", "sso_error"] as const;

const PLACEHOLDER_ORIGIN = "http://return-path.invalid";
const MAX_RETURN_PATH_LENGTH = 2000;

/**
 * Where a shopper goes back to after the manufacturer's sign-in: only a path of this site, never another site.
 * Refused (null): anything not starting with a single "/", protocol-relative ("//host"), backslashes (which
 * browsers read as "/"), control characters, paths under /api/, or more than 2000 characters. The error
 * parameters of an earlier attempt are dropped, so they are not shown twice.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith("/api/")) return null;
  for (const param of MANUFACTURER_SIGN_IN_ERROR_PARAMS) url.searchParams.delete(param);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path with `sso_error` set to the message a person reads in the storefront's error toast. */
export function withSignInError(path: string, message: string): string {
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  url.searchParams.set("sso_error", message);
  return `${url.pathname}${url.search}${url.hash}`;
}
