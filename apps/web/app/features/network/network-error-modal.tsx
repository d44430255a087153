import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modals.tsx";

export function NetworkErrorModal(props: { t: Translate; close(): void }) {
  return (
    <ModalFrame title={props.t("error.network")} closeLabel={props.t("common.close")} onClose={props.close} size="sm">
      <div className="flex justify-end">
        <button type="button" onClick={props.close} className="rounded-md bg-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta-fg)]">
          {props.t("common.close")}
        </button>
      </div>
    </ModalFrame>
  );
}

export function SessionExpiredModal(props: { t: Translate; close(): void }) {
  return (
    <ModalFrame title={props.t("session_expired.title")} closeLabel={props.t("common.close")} onClose={props.close} size="sm">
      <p className="mb-6">{props.t("session_expired.body")}</p>
      <div className="flex justify-end">
        <button type="button" onClick={props.close} className="rounded-md bg-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta-fg)]">
          {props.t("session_expired.ok")}
        </button>
      </div>
    </ModalFrame>
  );
}
