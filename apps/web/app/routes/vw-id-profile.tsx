import { languageOf, manufacturerIdentityProfileSchema } from "@showroom/domain";
import { manufacturerIdentityMessage } from "../features/manufacturer-identity/i18n.ts";
import { ManufacturerProfilePanel, type ProfileAbsence } from "../features/manufacturer-identity/profile-panel.tsx";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/vw-id-profile";

/** The manufacturer-identity profile page (spec 2.1, route vw-id-profile): the signed-in customer's identity. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  try {
    return { profile: await api.get("/api/customer/manufacturer-identity/profile/", manufacturerIdentityProfileSchema), absence: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const absence: ProfileAbsence | null = error.status === 404 ? "not-linked" : error.status === 403 || error.status === 440 ? "signed-out" : null;
    if (!absence) throw error;
    return { profile: null, absence };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [{ title: `${manufacturerIdentityMessage(languageOf(shell.locale), "manufacturer_identity.profile_title")} | ${shell.dealer.name}` }, { name: "robots", content: "noindex" }];
};

export default function ManufacturerProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ManufacturerProfilePanel profile={loaderData.profile} absence={loaderData.absence} />;
}
