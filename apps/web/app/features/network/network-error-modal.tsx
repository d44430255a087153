import type { MessageKey, Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";

/** A message with a single button that closes it. */
function Notice(props: { t: Translate; title: MessageKey; body?: MessageKey; action: MessageKey; close(): void }) {
  const { t } = props;
  return (
    <ModalFrame title={t(props.title)} closeLabel={t("common.close")} onClose={props.close} size="sm">
      {props.body && <p className="mb-6">{t(props.body)}</p>}
      <div className="flex justify-end">
        <button type="button" onClick={props.close} className={ctaButtonClass}>
          {t(props.action)}
        </button>
      </div>
    </ModalFrame>
  );
}

export function NetworkErrorModal(props: { t: Translate; close(): void }) {
  return <Notice {...props} title="error.network" action="common.close" />;
}

/**
 * Spec 8: a session ended. A customer may sign straight back in: a code is sent to the email of the last signed-in
 * shopper of this tab when it is known ("Send me a sign-in code"), otherwise the sign-in modal opens. Closing it
 * otherwise signs the customer out of this browser (onDismiss).
 */
export function SessionExpiredModal(props: {
  t: Translate;
  userKind?: "dealer" | "customer" | null;
  canSendCode?: boolean;
  onSendCode?(): void;
  onSignIn?(): void;
  onDismiss?(): void;
  close(): void;
}) {
  const { t } = props;
  const customer = props.userKind === "customer" && (props.onSendCode || props.onSignIn);
  if (!customer) return <Notice {...props} title="session_expired.title" body="session_expired.body" action="session_expired.ok" />;
  const dismiss = () => {
    props.onDismiss?.();
    props.close();
  };
  const then = (action: (() => void) | undefined) => () => {
    props.close();
    action?.();
  };
  return (
    <ModalFrame title={t("session_expired.title")} closeLabel={t("common.close")} onClose={dismiss} size="sm">
      <div data-testid="session-expired">
        <p className="mb-6">{t("session_expired.body")}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={dismiss} className="min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5">
            {t("common.close")}
          </button>
          {props.canSendCode && props.onSendCode ? (
            <button type="button" onClick={then(props.onSendCode)} className={`${ctaButtonClass} min-h-11`} data-testid="session-send-code">
              {t("session_expired.send_code")}
            </button>
          ) : (
            <button type="button" onClick={then(props.onSignIn)} className={`${ctaButtonClass} min-h-11`} data-testid="session-sign-in">
              {t("session_expired.sign_in")}
            </button>
          )}
        </div>
      </div>
    </ModalFrame>
  );
}
