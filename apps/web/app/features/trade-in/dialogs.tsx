import { localizeValidationMessage, tradeInDiscardSchema, type Language } from "@showroom/domain";
import { useState } from "react";
import { CheckboxField } from "../../ui/form-fields.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission } from "../../ui/use-form.ts";
import { GeneralErrors } from "./stepper.tsx";
import { useTradeInI18n } from "./i18n.ts";

const dangerClass =
  "min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/**
 * Discarding a trade-in (spec 2, "discard dialog"): the shopper ticks a box confirming it; unticked, the box says so
 * (the API refuses the same way).
 */
export function DiscardDialog(props: {
  language: Language;
  discard(): Promise<unknown>;
  /** The refusal's messages (network, 409...). */
  refusal(error: unknown): string[];
  onDiscarded(): void;
  onClose(): void;
}) {
  const { t } = useTradeInI18n();
  const [confirmed, setConfirmed] = useState(false);
  const form = useSubmission({ fields: ["confirm"] as const, idOf: () => "tradein-discard-confirm" });
  const send = () =>
    void form.submit(
      checkWith(tradeInDiscardSchema, { confirm: confirmed }, { fields: ["confirm"] as const }, (m) =>
        localizeValidationMessage(m, props.language),
      ),
      {
        call: () => props.discard(),
        done: () => {
          props.onClose();
          props.onDiscarded();
        },
        refused: (error) => ({ general: props.refusal(error) }),
      },
    );
  return (
    <ModalFrame title={t("tradein.discard.title")} closeLabel={t("common.close")} onClose={props.onClose} size="sm">
      <div className="grid gap-4" data-testid="tradein-discard-dialog">
        <p>{t("tradein.discard.body")}</p>
        <CheckboxField
          id="tradein-discard-confirm"
          label={t("tradein.discard.confirm")}
          checked={confirmed}
          onChange={setConfirmed}
          error={form.errors.confirm}
          required
          testId="tradein-discard-confirm"
        />
        <GeneralErrors messages={form.general} testId="tradein-discard-error" />
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={props.onClose}
            className={secondaryButtonClass}
            data-testid="tradein-discard-keep"
          >
            {t("tradein.discard.keep")}
          </button>
          <button
            type="button"
            onClick={send}
            disabled={form.pending}
            className={dangerClass}
            data-testid="tradein-discard-submit"
          >
            {form.pending ? t("tradein.discard.discarding") : t("tradein.discard.submit")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** Sending a photo flow without photos (spec 2, "no-photo dialog"): send it anyway, or go back and add them. */
export function NoPhotoDialog(props: { onSendWithout(): void; onAddPhotos(): void; onClose(): void }) {
  const { t } = useTradeInI18n();
  return (
    <ModalFrame title={t("tradein.no_photo.title")} closeLabel={t("common.close")} onClose={props.onClose} size="sm">
      <div className="grid gap-4" data-testid="tradein-no-photo-dialog">
        <p>{t("tradein.no_photo.body")}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={() => {
              props.onClose();
              props.onSendWithout();
            }}
            className={secondaryButtonClass}
            data-testid="tradein-no-photo-send"
          >
            {t("tradein.no_photo.send_without")}
          </button>
          <button
            type="button"
            onClick={() => {
              props.onClose();
              props.onAddPhotos();
            }}
            className={`${ctaButtonClass} min-h-11`}
            data-testid="tradein-no-photo-add"
          >
            {t("tradein.no_photo.add")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
