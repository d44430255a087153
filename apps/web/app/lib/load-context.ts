import type { WebLoadContext } from "@showroom/domain";

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends WebLoadContext {}
}
