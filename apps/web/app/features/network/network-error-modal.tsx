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

export function SessionExpiredModal(props: { t: Translate; close(): void }) {
  return <Notice {...props} title="session_expired.title" body="session_expired.body" action="session_expired.ok" />;
}
