/** What the server gives every loader and action (see apps/server/src/web/mount.ts). */
export type WebLoadContext = {
  apiOrigin: string;
  cookieHeader: string;
  forwardedFor: string;
  nonce: string;
  defaultDealerCode: string;
  responseCookies: string[];
};

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
