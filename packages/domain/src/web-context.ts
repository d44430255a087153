/** What the server hands every web loader and action: how to reach the API as this browser. */
export type WebLoadContext = {
  apiOrigin: string;
  cookieHeader: string;
  forwardedFor: string;
  nonce: string;
  defaultDealerCode: string;
  /** Set-Cookie headers from API calls made while rendering, passed on to the browser. */
  responseCookies: string[];
};
