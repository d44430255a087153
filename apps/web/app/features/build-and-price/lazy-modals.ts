import { lazy } from "react";

/**
 * The build-and-price dialogs load apart from the page (they bring the dialog framework): the page is
 * interactive sooner, and they are fetched once the build is ready, before a shopper can need one.
 */
const conflictDialog = () => import("./conflict-dialog.tsx");
const mandatoryColoursModal = () => import("./mandatory-colours-modal.tsx");
const postDepositEdit = () => import("./post-deposit-edit.tsx");

export const ConflictDialog = lazy(() => conflictDialog().then((m) => ({ default: m.ConflictDialog })));
export const MandatoryColoursModal = lazy(() => mandatoryColoursModal().then((m) => ({ default: m.MandatoryColoursModal })));
export const ReviewChangesModal = lazy(() => postDepositEdit().then((m) => ({ default: m.ReviewChangesModal })));
export const DiscardChangesModal = lazy(() => postDepositEdit().then((m) => ({ default: m.DiscardChangesModal })));
export const UnsavedChangesModal = lazy(() => postDepositEdit().then((m) => ({ default: m.UnsavedChangesModal })));
/** The bar of a build a deposit holds (it brings the post-deposit messages). */
export const PostDepositBar = lazy(() => import("./post-deposit-bar.tsx").then((m) => ({ default: m.PostDepositBar })));
export const EditConfirmationModal = lazy(() => postDepositEdit().then((m) => ({ default: m.EditConfirmationModal })));
export const SavedConfirmationModal = lazy(() => postDepositEdit().then((m) => ({ default: m.SavedConfirmationModal })));

export function prefetchBuildModals() {
  void Promise.all([conflictDialog(), mandatoryColoursModal(), postDepositEdit()]).catch(() => {
    // Offline for a moment: the dialog is fetched again when it opens.
  });
}
