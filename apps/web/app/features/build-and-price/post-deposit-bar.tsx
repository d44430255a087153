import { useBuildI18n } from "./i18n.ts";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";

/** After a deposit (spec 4): the build is locked; where the dealership allows it, the shopper edits it explicitly. */
export function PostDepositBar(props: { editing: boolean; busy: boolean; onEdit(): void; onReview(): void; onDiscard(): void }) {
  const { t } = useBuildI18n();
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border-2 border-[var(--accent)] bg-white p-4 tablet-up:flex-row tablet-up:items-center" data-testid="post-deposit-bar">
      <p className="flex-1">{t(props.editing ? "build.post_deposit.editing" : "build.post_deposit.locked")}</p>
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
        <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.onEdit} data-testid="post-deposit-edit">
          {t("build.post_deposit.edit")}
        </button>
      )}
    </div>
  );
}
