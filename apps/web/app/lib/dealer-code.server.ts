import type { AppLoadContext, Params } from "react-router";
import { readCookie } from "./cookies.ts";

/** The same choice the shell makes: the route's dealer code, else the stored one, else the default. */
export function dealerCodeFor(request: Request, params: Params, context: AppLoadContext): string {
  return params["dealerCode"] ?? readCookie(request.headers.get("cookie"), "dealer_code") ?? context.defaultDealerCode;
}
