import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";

/** The dealership's welcome (spec 2.4 "welcome"), shown once per browser. */
export function WelcomeModal(props: { t: Translate; dealerName: string; close(): void }) {
  const { t } = props;
  return (
    <ModalFrame title={t("welcome.title", { dealer: props.dealerName })} closeLabel={t("common.close")} onClose={props.close} size="sm">
      <p data-testid="welcome-body">{t("welcome.body")}</p>
      <div className="mt-6 flex justify-end">
        <button type="button" className={ctaButtonClass} onClick={props.close} data-testid="welcome-start">
          {t("welcome.start")}
        </button>
      </div>
    </ModalFrame>
  );
}
