import type { ManufacturerIdentityProfile } from "@showroom/domain";
import { formatDate } from "@showroom/domain";
import { useState } from "react";
import { Link } from "react-router";
import { useManufacturerIdentityI18n } from "./i18n.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";

/** Why there is no profile to show: nobody is signed in, or the customer never signed in with the manufacturer's identity. */
export type ProfileAbsence = "signed-out" | "not-linked";

/** The manufacturer-identity profile page (spec 2.1): the identity as the provider shared it, and signing out. */
export function ManufacturerProfilePanel(props: { profile: ManufacturerIdentityProfile | null; absence: ProfileAbsence | null }) {
  const { t, locale } = useManufacturerIdentityI18n();
  const shell = useShell();
  const [leaving, setLeaving] = useState(false);
  const { profile } = props;
  const signInHref = shell.path("vw/id-login", `?return_to=${encodeURIComponent(shell.path("vw/id-profile"))}`);
  return (
    <section className="mx-auto grid max-w-xl gap-5 px-4 py-10" aria-labelledby="manufacturer-profile-title" data-testid="manufacturer-profile">
      <h1 id="manufacturer-profile-title" className="text-2xl font-bold">
        {t("manufacturer_identity.profile_title")}
      </h1>
      {!profile ? (
        <>
          <p data-testid="manufacturer-profile-absent">
            {props.absence === "not-linked" ? t("manufacturer_identity.profile_not_linked", { dealer: shell.dealer.name }) : t("manufacturer_identity.profile_signed_out")}
          </p>
          {shell.dealer.enable_volkswagen_id && (
            <Link to={signInHref} className={`${ctaButtonClass} justify-self-start`}>
              {t("manufacturer_identity.login_button")}
            </Link>
          )}
        </>
      ) : (
        <>
          <p className="text-sm opacity-80">{t("manufacturer_identity.profile_intro", { dealer: shell.dealer.name })}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-black/10 bg-white p-6">
            <dt className="font-semibold">{t("manufacturer_identity.profile_name")}</dt>
            <dd data-testid="manufacturer-profile-name">{profile.full_name || "—"}</dd>
            <dt className="font-semibold">{t("manufacturer_identity.profile_email")}</dt>
            <dd className="break-all" data-testid="manufacturer-profile-email">
              {profile.email}
            </dd>
            <dt className="font-semibold">{t("manufacturer_identity.profile_linked_since")}</dt>
            <dd data-testid="manufacturer-profile-linked">{formatDate(profile.linked_at, locale)}</dd>
            <dt className="font-semibold">{t("manufacturer_identity.profile_last_sign_in")}</dt>
            <dd>{formatDate(profile.last_sign_in_at, locale)}</dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Link to={shell.path("orders", "?source=header")} className={secondaryButtonClass}>
              {t("manufacturer_identity.profile_saved_vehicles")}
            </Link>
            <button
              type="button"
              className={ctaButtonClass}
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void shell.logOut().finally(() => setLeaving(false));
              }}
              data-testid="manufacturer-sign-out"
            >
              {t("manufacturer_identity.profile_sign_out")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
