import type { ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { DialogTitleBar } from "./modal-frame.tsx";

/**
 * A dialog that slides in from the right edge and takes the window's full height (the full width on a phone): the
 * "slide-in" presentation of a vehicle-details card, beside the centred modal (ModalFrame). Same accessibility: a
 * labelled dialog, focus kept inside, Escape and a click outside close it.
 */
export function SideSheet(props: { title: string; closeLabel: string; onClose(): void; children: ReactNode; testId?: string }) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      className="fixed inset-0 z-50 flex justify-end bg-black/50"
    >
      <Modal
        className="side-sheet flex h-full w-full flex-col bg-[var(--modal-bg)] text-[var(--modal-fg)] shadow-xl tablet-up:max-w-md transition-transform duration-200 ease-out data-[entering]:translate-x-full motion-reduce:transition-none"
        data-testid={props.testId}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none" data-presentation="slide-in">
          <DialogTitleBar title={props.title} closeLabel={props.closeLabel} onClose={props.onClose} className="border-b border-black/10 p-6 pb-4" />
          <div className="min-h-0 flex-1 overflow-y-auto p-6">{props.children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
