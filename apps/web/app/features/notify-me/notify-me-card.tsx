import { lazy, Suspense, useState } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";

// The form (and the validation library) loads when the modal opens, or ahead when a pointer or the focus reaches its button.
const loadModal = () => import("./notify-me-modal.tsx");
const NotifyMeModal = lazy(() => loadModal().then((m) => ({ default: m.NotifyMeModal })));
const prefetch = () => void loadModal().catch(() => undefined);

/**
 * A vehicle that is not available (sold, or no longer offered): the shopper may ask to be told when it, or one
 * like it, is available (spec 2 "Notify-me form"). A deal that already asked says so.
 */
export function NotifyMeCard(props: { vehicleId: number; orderId: number | null; alreadyAsked: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(props.alreadyAsked);
  return (
    <section
      aria-labelledby="notify-me-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="notify-me-card"
    >
      <h2 id="notify-me-heading" className="text-lg font-semibold">
        {t("notify_me.heading")}
      </h2>
      {asked ? (
        <p className="mt-1" data-testid="notify-me-asked">
          {t("notify_me.sent")}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">{t("notify_me.intro")}</p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            className={`${ctaButtonClass} mt-3 min-h-11 w-full`}
            data-testid="notify-me-open"
          >
            {t("notify_me.open")}
          </button>
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <NotifyMeModal
            vehicleId={props.vehicleId}
            orderId={props.orderId}
            onSent={() => setAsked(true)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
