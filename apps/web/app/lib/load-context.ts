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
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends WebLoadContext {}
}
