import { Suspense } from "react";
import {
  ConflictDialog,
  DiscardChangesModal,
  EditConfirmationModal,
  MandatoryColoursModal,
  ReviewChangesModal,
  SavedConfirmationModal,
  UnsavedChangesModal,
} from "./lazy-modals.ts";
import type { PriceFormat } from "./option-choices.tsx";
import type { BuildPage } from "./use-build-page.ts";

/** The dialogs of a build, loaded on demand: a rule's conflict, the mandatory colours, the edit's review and confirmations. */
export function BuildDialogs(props: { page: BuildPage; format: PriceFormat }) {
  const { page, format } = props;
  const { model, view, state, mandatory, asked, confirming, blocker, leaveAsked, edit } = page;
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
          onSave={() => {
            if (!model.buildState?.post_deposit_edit_confirm_required) return void edit.save(false);
            // One dialog at a time: the confirmation takes the review's place.
            edit.closeReview();
            page.setConfirming("save");
          }}
          onClose={edit.closeReview}
        />
      )}
      {confirming === "save" && (
        <EditConfirmationModal
          busy={model.busy}
          onConfirm={() => {
            page.setConfirming(null);
            void edit.save(true);
          }}
          onCancel={() => page.setConfirming(null)}
        />
      )}
      {confirming === "discard" && (
        <DiscardChangesModal
          onConfirm={() => {
            page.setConfirming(null);
            void edit.discard();
          }}
          onCancel={() => page.setConfirming(null)}
        />
      )}
      {model.savedEdit && <SavedConfirmationModal onClose={edit.closeSaved} />}
      {(blocker.state === "blocked" || leaveAsked) && (
        <UnsavedChangesModal
          onConfirm={() => (leaveAsked ? leaveAsked.answer(true) : blocker.proceed?.())}
          onCancel={() => (leaveAsked ? leaveAsked.answer(false) : blocker.reset?.())}
        />
      )}
    </Suspense>
  );
}
