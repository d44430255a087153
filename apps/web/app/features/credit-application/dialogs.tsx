import { useState, type ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Link } from "react-router";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { CreditTranslate } from "./i18n.ts";

/**
 * The real-time decision overlay (spec 4): a modal dialog that cannot be dismissed while the lender decides, with a
 * progress bar (its value as aria-valuenow) and a polite line that says what is happening. About a minute.
 */
export function DecisionOverlay(props: { t: CreditTranslate; percent: number }) {
  const { t, percent } = props;
  return (
    <ModalOverlay
      isOpen
      isDismissable={false}
      isKeyboardDismissDisabled
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-[var(--modal-bg)] p-6 text-[var(--modal-fg)] shadow-xl">
        <Dialog className="outline-none" aria-describedby="credit-overlay-body" data-testid="credit-overlay">
          <Heading slot="title" className="text-xl font-semibold">
            {t("credit.overlay.title")}
          </Heading>
          <p id="credit-overlay-body" className="mt-2">
            {t("credit.overlay.body")}
          </p>
          <div
            role="progressbar"
            aria-label={t("credit.overlay.label")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-4 h-3 overflow-hidden rounded-full bg-black/10"
            data-testid="credit-overlay-progress"
          >
            <div
              className="h-full rounded-full bg-[var(--accent)] transition-[width] duration-500 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-2 text-sm tabular-nums" aria-hidden="true">
            {t("credit.overlay.percent", { percent })}
          </p>
          {/* Said once when the wait starts, not on every tick. */}
          <p role="status" aria-live="polite" className="sr-only">
            {t("credit.overlay.started")}
          </p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A notice in a dialog with one way out (OK), and maybe a link or a second action. */
function NoticeDialog(props: {
  t: CreditTranslate;
  title: string;
  testId: string;
  onClose(): void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <ModalFrame title={props.title} closeLabel={props.t("common.close")} onClose={props.onClose} size="sm">
      <div className="grid gap-4" data-testid={props.testId}>
        {props.children}
        <div className="flex flex-wrap justify-end gap-3">
          {props.actions}
          <button
            type="button"
            onClick={props.onClose}
            className={`${ctaButtonClass} min-h-11`}
            data-testid={`${props.testId}-ok`}
          >
            {props.t("credit.dialog.ok")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}

export type CreditDialog =
  | { kind: "stale_incentives" }
  | { kind: "queued" }
  | { kind: "submitted" }
  | { kind: "cash_payment" }
  | { kind: "no_payment" }
  | { kind: "amount_below_minimum" }
  | { kind: "remove_co_applicant" };

export function CreditDialogs(props: {
  t: CreditTranslate;
  dialog: CreditDialog;
  dealHref: string | null;
  minimum: string;
  phone: string;
  /** Saves what is waiting (the stale-incentives dialog's offer): true once saved. */
  save(): Promise<boolean>;
  onRemoveCoApplicant(): void;
  onClose(): void;
}) {
  const { t, dialog, onClose } = props;
  const [saved, setSaved] = useState<boolean | null>(null);
  const dealLink = props.dealHref && (
    <Link to={props.dealHref} className={secondaryButtonClass} data-testid="credit-dialog-deal-link">
      {t("credit.blocked.deal_link")}
    </Link>
  );
  switch (dialog.kind) {
    case "stale_incentives":
      return (
        <NoticeDialog
          t={t}
          title={t("credit.dialog.stale.title")}
          testId="credit-stale-dialog"
          onClose={onClose}
          actions={
            saved ? null : (
              <button
                type="button"
                onClick={() => void props.save().then(setSaved)}
                className={secondaryButtonClass}
                data-testid="credit-stale-save"
              >
                {t("credit.dialog.stale.save")}
              </button>
            )
          }
        >
          <p>{t("credit.dialog.stale.body")}</p>
          <p role="status" className={saved === false ? "font-semibold text-red-800" : ""}>
            {saved === true ? t("credit.dialog.stale.saved") : saved === false ? t("credit.save.failed") : ""}
          </p>
        </NoticeDialog>
      );
    case "queued":
      return (
        <NoticeDialog t={t} title={t("credit.dialog.queued.title")} testId="credit-queued-dialog" onClose={onClose}>
          <p>{t("credit.dialog.queued.body")}</p>
        </NoticeDialog>
      );
    case "submitted":
      return (
        <NoticeDialog
          t={t}
          title={t("credit.dialog.submitted.title")}
          testId="credit-submitted-dialog"
          onClose={onClose}
        >
          <p>{t("credit.dialog.submitted.body")}</p>
        </NoticeDialog>
      );
    case "cash_payment":
    case "no_payment":
      return (
        <NoticeDialog
          t={t}
          title={t(`credit.blocked.${dialog.kind}.title`)}
          testId={`credit-${dialog.kind}-dialog`}
          onClose={onClose}
          actions={dealLink}
        >
          <p>{t(`credit.blocked.${dialog.kind}.body`)}</p>
        </NoticeDialog>
      );
    case "amount_below_minimum":
      return (
        <NoticeDialog
          t={t}
          title={t("credit.blocked.amount_below_minimum.title")}
          testId="credit-amount-dialog"
          onClose={onClose}
        >
          <p>{t("credit.blocked.amount_below_minimum.body", { minimum: props.minimum, phone: props.phone })}</p>
        </NoticeDialog>
      );
    case "remove_co_applicant":
      return (
        <ModalFrame
          title={t("credit.dialog.remove_co.title")}
          closeLabel={t("common.close")}
          onClose={onClose}
          size="sm"
        >
          <div className="grid gap-4" data-testid="credit-remove-co-dialog">
            <p>{t("credit.dialog.remove_co.body")}</p>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                onClick={onClose}
                className={secondaryButtonClass}
                data-testid="credit-remove-co-keep"
              >
                {t("credit.dialog.remove_co.keep")}
              </button>
              <button
                type="button"
                onClick={() => {
                  onClose();
                  props.onRemoveCoApplicant();
                }}
                className="min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                data-testid="credit-remove-co-confirm"
              >
                {t("credit.dialog.remove_co.confirm")}
              </button>
            </div>
          </div>
        </ModalFrame>
      );
  }
}

/** The notices shown before sending (spec 8): why the application cannot be sent now, from the API's `blocked`. */
export function BlockedNotice(props: {
  t: CreditTranslate;
  blocked: "cash_payment" | "no_payment" | "amount_below_minimum" | "stale_incentives";
  dealHref: string | null;
  minimum: string;
  phone: string;
}) {
  const { t, blocked } = props;
  return (
    <section
      aria-labelledby="credit-blocked-title"
      className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4"
      data-testid="credit-blocked"
      data-blocked={blocked}
    >
      <h2 id="credit-blocked-title" className="font-semibold">
        {t(`credit.blocked.${blocked}.title`)}
      </h2>
      <p className="mt-1">{t(`credit.blocked.${blocked}.body`, { minimum: props.minimum, phone: props.phone })}</p>
      {(blocked === "cash_payment" || blocked === "no_payment") && props.dealHref && (
        <Link
          to={props.dealHref}
          className="mt-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
          data-testid="credit-blocked-deal-link"
        >
          {t("credit.blocked.deal_link")}
        </Link>
      )}
    </section>
  );
}
