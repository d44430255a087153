import { useMemo, useState } from "react";
import { useLocation, type MetaFunction } from "react-router";
import { ResetPasswordForm } from "../features/staff/reset-password-form.tsx";
import { createStaffApi } from "../features/staff/staff-api.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { ctaButtonClass } from "../ui/styles.ts";

export const meta: MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const { t } = shell;
  return [{ title: t("staff.reset_page_title") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
};

/** The page of a password-reset link (?token=…): the new password, then the dealer sign-in. */
export default function DealerResetPasswordRoute() {
  const { t } = useI18n();
  const { quietApi, staff } = useShell();
  const location = useLocation();
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const api = useMemo(() => createStaffApi(quietApi), [quietApi]);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-md px-4 py-8" data-testid="reset-password-page">
      <h1 className="mb-4 text-2xl font-bold">{t("staff.reset_page_title")}</h1>
      {done ? (
        <div className="grid gap-4">
          <p role="status" data-testid="reset-password-done">{done}</p>
          <button type="button" onClick={() => void staff.signIn()} className={`${ctaButtonClass} min-h-11`}>
            {t("staff.sign_in")}
          </button>
        </div>
      ) : !token ? (
        <p role="alert">{t("staff.reset_link_missing")}</p>
      ) : (
        <ResetPasswordForm api={api} token={token} onDone={setDone} />
      )}
    </div>
  );
}
