import { redirect, type LoaderFunctionArgs } from "react-router";
import { readCookie } from "../lib/cookies.ts";

/** / leads to the vehicle list of the stored (or default) dealership; the shell then settles the language. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const dealerCode = readCookie(request.headers.get("cookie"), "dealer_code") ?? context.defaultDealerCode;
  return redirect(`/${encodeURIComponent(dealerCode)}/search/${url.search}`);
}
