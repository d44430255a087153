import { cents, formatMoney, type BuildOption } from "@showroom/domain";
import { useState } from "react";
import { usePostDepositI18n } from "./post-deposit-i18n.ts";
import { CheckboxField } from "../../ui/form-fields.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { BuildDifferences } from "./build-api.ts";
import { optionName, type PriceFormat } from "./option-choices.tsx";

/** The post-deposit review: what the edit adds and removes, and the MSRP before and after. */
export function ReviewChangesModal(props: {
  differences: BuildDifferences;
  optionsByCode: ReadonlyMap<string, BuildOption>;
  format: PriceFormat;
  busy: boolean;
  onSave(): void;
  onClose(): void;
}) {
  const { t, locale } = usePostDepositI18n();
  const money = (value: number) => formatMoney(cents(value), props.format);
  const { differences, prices } = props.differences;
  return (
    <ModalFrame title={t("build.post_deposit.review_title")} closeLabel={t("common.close")} onClose={props.onClose}>
      <div data-testid="post-deposit-review-modal">
        {differences.length === 0 ? (
          <p>{t("build.post_deposit.no_changes")}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {differences.map((d) => {
              const option = props.optionsByCode.get(d.code);
              return (
                <li key={`${d.change}-${d.code}`} className="flex justify-between gap-4">
                  <span>{t(d.change === "added" ? "build.post_deposit.added" : "build.post_deposit.removed", { option: option ? optionName(option, locale) : d.code })}</span>
                  <span className="tabular-nums">{money(d.msrp)}</span>
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-4">{t("build.post_deposit.prices", { before: money(prices.before), after: money(prices.after) })}</p>
        <div className="mt-5 flex flex-col gap-2 tablet-up:flex-row-reverse">
          <button type="button" className={`${ctaButtonClass} min-h-11`} disabled={props.busy || differences.length === 0} onClick={props.onSave} data-testid="post-deposit-save">
            {t("build.post_deposit.save")}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={props.onClose}>
            {t("build.post_deposit.keep_editing")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

/**
 * The edit confirmation (spec 5 and 6: a post-deposit edit needs its note read, and the dealer to check the order's
 * Last Date of Change): the box must be ticked before the changes are saved.
 */
export function EditConfirmationModal(props: { busy: boolean; onConfirm(): void; onCancel(): void }) {
  const { t } = usePostDepositI18n();
  const [checked, setChecked] = useState(false);
  const [tried, setTried] = useState(false);
  return (
    <ModalFrame title={t("build.post_deposit.confirm_title")} closeLabel={t("common.close")} onClose={props.onCancel} size="sm">
      <div data-testid="post-deposit-save-confirmation">
        <p>{t("build.post_deposit.confirm_message")}</p>
        <p className="mt-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-3" id="last-date-note">
          {t("build.post_deposit.last_date_note")}
        </p>
        <div className="mt-3">
          <CheckboxField
            id="last-date-of-change-checked"
            label={t("build.post_deposit.last_date_checked")}
            checked={checked}
            onChange={setChecked}
            required
            error={tried && !checked ? t("build.post_deposit.last_date_required") : undefined}
            testId="last-date-of-change-checked"
          />
        </div>
        <div className="mt-5 flex flex-col gap-2 tablet-up:flex-row-reverse">
          <button
            type="button"
            className={`${ctaButtonClass} min-h-11`}
            disabled={props.busy}
            onClick={() => (checked ? props.onConfirm() : setTried(true))}
            data-testid="post-deposit-save-confirmation-confirm"
          >
            {t("build.post_deposit.save")}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
            {t("build.post_deposit.keep_editing")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** After the save: the build holds the changes and the customer was emailed. */
export function SavedConfirmationModal(props: { onClose(): void }) {
  const { t } = usePostDepositI18n();
  return (
    <ModalFrame title={t("build.post_deposit.saved_title")} closeLabel={t("common.close")} onClose={props.onClose} size="sm">
      <div data-testid="post-deposit-saved">
        <p>{t("build.post_deposit.saved_message")}</p>
        <div className="mt-5 flex">
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.onClose}>
            {t("build.post_deposit.done")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** One question about the edit in progress: confirm, or go back to editing. */
function ConfirmModal(props: { title: string; message: string; confirm: string; onConfirm(): void; onCancel(): void; testId: string }) {
  const { t } = usePostDepositI18n();
  return (
    <ModalFrame title={props.title} closeLabel={t("common.close")} onClose={props.onCancel} size="sm">
      <div data-testid={props.testId}>
        <p>{props.message}</p>
        <div className="mt-5 flex flex-col gap-2 tablet-up:flex-row-reverse">
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.onConfirm} data-testid={`${props.testId}-confirm`}>
            {props.confirm}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
            {t("build.post_deposit.keep_editing")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** Discarding the edit: the build goes back to what the deposit holds. */
export function DiscardChangesModal(props: { onConfirm(): void; onCancel(): void }) {
  const { t } = usePostDepositI18n();
  return (
    <ConfirmModal
      testId="post-deposit-discard-confirmation"
      title={t("build.post_deposit.discard_title")}
      message={t("build.post_deposit.discard_message")}
      confirm={t("build.post_deposit.discard")}
      {...props}
    />
  );
}

/** Leaving the page (or the customer's session) with the edit unsaved. */
export function UnsavedChangesModal(props: { onConfirm(): void; onCancel(): void }) {
  const { t } = usePostDepositI18n();
  return (
    <ConfirmModal
      testId="unsaved-changes"
      title={t("build.post_deposit.unsaved_title")}
      message={t("build.post_deposit.unsaved_message")}
      confirm={t("build.post_deposit.leave")}
      {...props}
    />
  );
}
