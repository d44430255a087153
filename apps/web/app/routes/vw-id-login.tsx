import { languageOf } from "@showroom/domain";
import { manufacturerIdentityMessage } from "../features/manufacturer-identity/i18n.ts";
import { ManufacturerLoginPanel } from "../features/manufacturer-identity/login-panel.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/vw-id-login";

/** The manufacturer-identity login page (spec 2.1, route vw-id-login); ?return_to= the page to come back to. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [{ title: `${manufacturerIdentityMessage(languageOf(shell.locale), "manufacturer_identity.login_title")} | ${shell.dealer.name}` }, { name: "robots", content: "noindex" }];
};

export default function ManufacturerLoginRoute() {
  return <ManufacturerLoginPanel />;
}
