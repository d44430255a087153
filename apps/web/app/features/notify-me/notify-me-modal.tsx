import { useState } from "react";
import { useShell } from "../../lib/shell-context.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { NotifyMeForm } from "./notify-me-form.tsx";
import { useNotifyMeI18n } from "./i18n.ts";

/** The "notify me" modal (spec 2.4): the form, then the thanks. */
export function NotifyMeModal(props: { vehicleId: number; orderId: number | null; onSent(): void; onClose(): void }) {
  const { t, locale } = useNotifyMeI18n();
  const { dealer, customer, quietApi } = useShell();
  const [sent, setSent] = useState(false);
  return (
    <ModalFrame title={t("notify_me.title")} closeLabel={t("common.close")} onClose={props.onClose}>
      {sent ? (
        <div className="grid gap-4">
          <p
            role="status"
            className="rounded-lg bg-[var(--accent-soft)] p-4 font-semibold"
            data-testid="notify-me-sent"
          >
            {t("notify_me.sent")}
          </p>
          <button type="button" onClick={props.onClose} className={`${ctaButtonClass} min-h-11`}>
            {t("common.close")}
          </button>
        </div>
      ) : (
        <NotifyMeForm
          api={quietApi}
          locale={locale}
          dealerName={dealer.name}
          vehicleId={props.vehicleId}
          orderId={props.orderId}
          customer={customer}
          onSent={() => {
            setSent(true);
            props.onSent();
          }}
        />
      )}
    </ModalFrame>
  );
}
