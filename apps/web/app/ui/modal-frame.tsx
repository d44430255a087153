import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/** The frame every modal uses: an accessible dialog with a heading and a close button. */
export function ModalFrame(props: {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  dismissable?: boolean;
  size?: "sm" | "md";
  /** Actions kept in view below the scrolling body (long sheets such as the filters). */
  footer?: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen
      isDismissable={props.dismissable ?? true}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-0 tablet-up:items-center tablet-up:p-4"
    >
      <Modal
        className={`flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-[var(--modal-bg)] text-[var(--modal-fg)] shadow-xl tablet-up:rounded-2xl ${
          props.size === "sm" ? "tablet-up:max-w-md" : "tablet-up:max-w-xl"
        }`}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <DialogTitleBar title={props.title} closeLabel={props.closeLabel} onClose={props.onClose} className="p-6 pb-4" />
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">{props.children}</div>
          {props.footer && <div className="border-t border-black/10 px-6 py-3">{props.footer}</div>}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A dialog's heading (its accessible name) with the close button beside it: the modal's and the side sheet's. */
export function DialogTitleBar(props: { title: string; closeLabel: string; onClose(): void; className: string }) {
  return (
    <div className={`flex items-start justify-between gap-4 ${props.className}`}>
      <Heading slot="title" className="text-xl font-semibold">
        {props.title}
      </Heading>
      <button
        type="button"
        onClick={props.onClose}
        aria-label={props.closeLabel}
        className="-m-2 rounded-full p-2 text-2xl leading-none hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
      >
        ×
      </button>
    </div>
  );
}
