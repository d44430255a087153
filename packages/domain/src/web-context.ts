/**
 * What a loader reads of an API answer: members of fetch's Response (a test's fetch answers with one), without the
 * web stream a Response wraps its body in (about 3 % of the search page's time when made for each call).
 */
export type ApiAnswer = Pick<Response, "status" | "ok" | "headers" | "json" | "arrayBuffer">;

/** What the server hands every web loader and action: how to reach the API as this browser. */
export type WebLoadContext = {
  /**
   * Calls the API in this process, as this browser: its hooks (session, tenant, limits) and schemas run as for
   * any call, without a TCP connection or compression.
   */
  callApi(path: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<ApiAnswer>;
  cookieHeader: string;
  /** The browser's address, which the API counts the loaders' calls against (with the key below). */
  clientAddress: string;
  /** A per-process secret that lets the API believe clientAddress; never sent to a browser. */
  internalKey: string;
  nonce: string;
  defaultDealerCode: string;
  /** The storefront's public origin (PUBLIC_URL): canonical addresses and the sitemap name it, never the Host header. */
  publicOrigin: string;
  /** Set-Cookie headers from API calls made while rendering, passed on to the browser. */
  responseCookies: string[];
  /** The origin of the dealership's chat provider (spec 2.3), which the page's Content-Security-Policy allows. */
  chatOrigins?: string[];
  /** The dealership has Google tag ids (spec 3): the page's Content-Security-Policy allows Google's tag hosts. */
  googleTags?: boolean;
  /**
   * A page's HTML as the renderer writes it, which the server sends as it is (the document Response then has no
   * body): wrapping it in a web stream and back into a Node stream took a fifth of a page's time (npm run bench).
   */
  documentBody: NodeJS.ReadableStream | null;
  /**
   * The API's answers to GET calls already made while rendering this request, by dealer code, language and path:
   * the shell and a page both read the dealership, once.
   */
  apiAnswers?: Map<string, Promise<unknown>>;
};
