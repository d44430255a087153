import { Suspense } from "react";
import { useBuildI18n } from "./i18n.ts";
import { ConfirmModal, ConflictDialog, MandatoryColoursModal, ReviewChangesModal } from "./lazy-modals.ts";
import type { PriceFormat } from "./option-choices.tsx";
import type { BuildPage } from "./use-build-page.ts";

/** The dialogs of a build, loaded on demand: a rule's conflict, the mandatory colours, the edit's review and confirmations. */
export function BuildDialogs(props: { page: BuildPage; format: PriceFormat }) {
  const { t } = useBuildI18n();
  const { page, format } = props;
  const { model, view, state, mandatory, asked, confirming, blocker, edit } = page;
  return (
    <Suspense fallback={null}>
      {model.conflict && (
        <ConflictDialog conflict={model.conflict} optionsByCode={view.optionsByCode} format={format} onConfirm={(alternative) => void page.resolve(alternative)} onCancel={page.cancelConflict} />
      )}
      {asked && state && mandatory && (
        <MandatoryColoursModal
          asked={asked}
          missing={mandatory.missing}
          colours={{ exterior: view.exteriorColours, interior: view.interiorColours }}
          optionsByCode={view.optionsByCode}
          state={state}
          swatches={page.swatches}
          format={format}
          busy={model.busy}
          onChoose={(code) => void page.toggle(code)}
          onClose={() => page.setAsked(null)}
          onContinue={page.continueAfterColours}
        />
      )}
      {model.review && (
        <ReviewChangesModal
          differences={model.review}
          optionsByCode={view.optionsByCode}
          format={format}
          busy={model.busy}
          onSave={() => (model.buildState?.post_deposit_edit_confirm_required ? page.setConfirming("save") : void edit.save())}
          onClose={edit.closeReview}
        />
      )}
      {confirming && (
        <ConfirmModal
          testId={`post-deposit-${confirming}-confirmation`}
          title={t(confirming === "save" ? "build.post_deposit.confirm_title" : "build.post_deposit.discard_title")}
          message={t(confirming === "save" ? "build.post_deposit.confirm_message" : "build.post_deposit.discard_message")}
          confirm={t(confirming === "save" ? "build.post_deposit.save" : "build.post_deposit.discard")}
          cancel={t("build.post_deposit.keep_editing")}
          onConfirm={() => {
            page.setConfirming(null);
            void (confirming === "save" ? edit.save() : edit.discard());
          }}
          onCancel={() => page.setConfirming(null)}
        />
      )}
      {blocker.state === "blocked" && (
        <ConfirmModal
          testId="unsaved-changes"
          title={t("build.post_deposit.unsaved_title")}
          message={t("build.post_deposit.unsaved_message")}
          confirm={t("build.post_deposit.leave")}
          cancel={t("build.post_deposit.keep_editing")}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </Suspense>
  );
}
