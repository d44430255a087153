import { usePostDepositI18n } from "./post-deposit-i18n.ts";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";

/**
 * After a deposit (spec 4 and 6): the build is locked to the customer. Staff who may act for customers change it where
 * the dealership allows it, explicitly: edit, then review and save, or discard.
 */
export function PostDepositBar(props: {
  viewer: "customer" | "staff" | "staff_disabled";
  editing: boolean;
  busy: boolean;
  onEdit(): void;
  onReview(): void;
  onDiscard(): void;
}) {
  const { t } = usePostDepositI18n();
  const message = props.editing
    ? "build.post_deposit.editing"
    : props.viewer === "staff"
      ? "build.post_deposit.staff_locked"
      : props.viewer === "staff_disabled"
        ? "build.post_deposit.staff_disabled"
        : "build.post_deposit.locked";
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border-2 border-[var(--accent)] bg-white p-4 tablet-up:flex-row tablet-up:items-center" data-testid="post-deposit-bar">
      <p className="flex-1" role="status">
        {t(message)}
      </p>
      {props.editing ? (
        <>
          <button type="button" className={`${ctaButtonClass} min-h-11`} disabled={props.busy} onClick={props.onReview} data-testid="post-deposit-review">
            {t("build.post_deposit.review")}
          </button>
          <button type="button" className={secondaryButtonClass} disabled={props.busy} onClick={props.onDiscard} data-testid="post-deposit-discard">
            {t("build.post_deposit.discard")}
          </button>
        </>
      ) : (
        props.viewer === "staff" && (
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.onEdit} data-testid="post-deposit-edit">
            {t("build.post_deposit.edit")}
          </button>
        )
      )}
    </div>
  );
}
