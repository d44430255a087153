/** What the server hands every web loader and action: how to reach the API as this browser. */
export type WebLoadContext = {
  apiOrigin: string;
  cookieHeader: string;
  /** The browser's address, which the API counts the loaders' calls against (with the key below). */
  clientAddress: string;
  /** A per-process secret that lets the API believe clientAddress; never sent to a browser. */
  internalKey: string;
  nonce: string;
  defaultDealerCode: string;
  /** Set-Cookie headers from API calls made while rendering, passed on to the browser. */
  responseCookies: string[];
  /** Hosts of the dealership's feed photos, which the page's Content-Security-Policy allows. */
  imageOrigins: string[];
};
