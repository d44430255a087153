import { cents, formatMoney, type BuildOption } from "@showroom/domain";
import { useBuildI18n } from "./i18n.ts";
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
  const { t, locale } = useBuildI18n();
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

/** The edit-confirmation, discard-changes and unsaved-changes modals: one question, confirm or go back. */
export function ConfirmModal(props: { title: string; message: string; confirm: string; cancel: string; onConfirm(): void; onCancel(): void; testId: string }) {
  const { t } = useBuildI18n();
  return (
    <ModalFrame title={props.title} closeLabel={t("common.close")} onClose={props.onCancel} size="sm">
      <div data-testid={props.testId}>
        <p>{props.message}</p>
        <div className="mt-5 flex flex-col gap-2 tablet-up:flex-row-reverse">
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.onConfirm} data-testid={`${props.testId}-confirm`}>
            {props.confirm}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
            {props.cancel}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
