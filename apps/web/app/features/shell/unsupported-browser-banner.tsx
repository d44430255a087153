import { useState } from "react";
import type { Translate } from "../../i18n/index.ts";

export const UNSUPPORTED_BROWSER_DISMISSED_COOKIE = "unsupported_browser_dismissed";

/** The dismissal lives in a cookie so the server does not render the banner again. */
export function UnsupportedBrowserBanner(props: { t: Translate }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div role="alert" className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2 text-sm">
        <p className="flex-1">{props.t("banner.unsupported_browser")}</p>
        <button
          type="button"
          className="rounded px-2 font-semibold underline focus-visible:outline-2"
          onClick={() => {
            document.cookie = `${UNSUPPORTED_BROWSER_DISMISSED_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`;
            setOpen(false);
          }}
        >
          {props.t("banner.dismiss")}
        </button>
      </div>
    </div>
  );
}
