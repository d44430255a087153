import { isChatProvider } from "@showroom/domain";
import { useState } from "react";
import type { Translate } from "../../i18n/index.ts";
import { allows, requestConsentPreferences, useConsent } from "../../lib/consent.ts";
import { Popover } from "../../ui/popover.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { chatProviderFor, loadChat } from "./providers.ts";

type Status = "idle" | "loading" | "open" | "failed";

/**
 * The chat launcher (spec 2.3): a button at the bottom right opens a popover from which the shopper starts the
 * dealership's chat. The provider's script loads only then, and only when the cookie choice allows targeting
 * (chat vendors set cookies that recognize the visitor across sites); otherwise the popover says so and offers the
 * cookie preferences. An unknown provider logs 'provider is not implemented' and shows nothing.
 */
export default function ChatLauncher(props: { provider: string | null; account: string | null; dealerName: string; t: Translate }) {
  const { t, provider, account } = props;
  const consent = useConsent();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  // Looked up once per provider (the unknown one's error is logged once).
  const [known] = useState(() => chatProviderFor(provider) !== null && isChatProvider(provider));
  if (!known || !isChatProvider(provider) || !account) return null;
  const allowed = allows(consent, "targeting");

  const start = () => {
    setStatus("loading");
    loadChat(provider, account).then(
      () => setStatus("open"),
      () => setStatus("failed"),
    );
  };

  return (
    <Popover
      variant="bottom-right"
      open={open}
      onOpenChange={setOpen}
      id="chat-popover"
      label={t("chat.title", { dealer: props.dealerName })}
      triggerLabel={t("chat.launcher")}
      trigger={
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
          </svg>
          <span className="max-mobile:sr-only">{t("chat.button")}</span>
        </>
      }
    >
      <div data-testid="chat-panel">
        <h2 className="text-lg font-semibold">{t("chat.title", { dealer: props.dealerName })}</h2>
        {allowed ? (
          <>
            <p className="mt-1 text-sm">{t("chat.intro")}</p>
            <p role="status" className="mt-2 text-sm" data-testid="chat-status">
              {status === "loading" ? t("chat.loading") : status === "open" ? t("chat.opened") : status === "failed" ? t("chat.failed") : ""}
            </p>
            {status !== "open" && (
              <button type="button" className={`${ctaButtonClass} mt-2 w-full`} onClick={start} disabled={status === "loading"} data-testid="chat-start">
                {t("chat.start")}
              </button>
            )}
          </>
        ) : (
          <>
            <p className="mt-1 text-sm" data-testid="chat-needs-consent">{t("chat.needs_consent")}</p>
            <button
              type="button"
              className={`${secondaryButtonClass} mt-3 w-full`}
              onClick={() => {
                setOpen(false);
                requestConsentPreferences();
              }}
              data-testid="chat-cookie-preferences"
            >
              {t("chat.cookie_preferences")}
            </button>
          </>
        )}
      </div>
    </Popover>
  );
}
