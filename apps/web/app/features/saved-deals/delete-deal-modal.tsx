import { useEffect, useRef, useState } from "react";
import { useI18n, type MessageKey } from "../../i18n/index.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import type { OrdersApi } from "./orders-api.ts";

const REFUSALS: Record<string, MessageKey> = {
  order_delete_deposit_paid: "deal.refused.order_delete_deposit_paid",
  order_delete_deposit_pre_authorized: "deal.refused.order_delete_deposit_pre_authorized",
  order_delete_quote_pending: "deal.refused.order_delete_quote_pending",
};

/** The API's refusal message (in the visitor's language), else the catalogue's for its code. */
export function refusalMessage(body: unknown, t: (key: MessageKey) => string): string {
  const read = errorMessages(body);
  const key = read.code ? REFUSALS[read.code] : undefined;
  return read.general[0] ?? (key ? t(key) : t("deal.delete_failed"));
}

type Phase = { kind: "checking" } | { kind: "confirm" } | { kind: "deleting" } | { kind: "refused"; message: string } | { kind: "failed"; message: string };

/**
 * Deleting a saved deal: the API is asked first (dry run) whether it may go; a refusal (deposit paid or
 * pre-authorized, quote pending) is explained instead of asking for confirmation.
 */
export function DeleteDealModal(props: { orderId: number; title: string; api: OrdersApi; onDeleted(): void; close(): void }) {
  const { t } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: "checking" });
  const api = useRef(props.api);
  useEffect(() => {
    let live = true;
    api.current
      .checkDelete(props.orderId)
      .then(() => live && setPhase({ kind: "confirm" }))
      .catch((error) => {
        if (!live) return;
        const failure = httpFailure(error);
        setPhase(failure?.status === 400 ? { kind: "refused", message: refusalMessage(failure.body, t) } : { kind: "failed", message: t("deal.delete_failed") });
      });
    return () => {
      live = false;
    };
  }, [props.orderId, t]);

  async function remove() {
    setPhase({ kind: "deleting" });
    try {
      await api.current.remove(props.orderId);
      props.close();
      props.onDeleted();
    } catch (error) {
      const failure = httpFailure(error);
      setPhase(failure?.status === 400 ? { kind: "refused", message: refusalMessage(failure.body, t) } : { kind: "failed", message: t("deal.delete_failed") });
    }
  }

  const secondary = "min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5";
  const title = phase.kind === "refused" ? t("deal.refused_title") : t("deal.delete_title");
  return (
    <ModalFrame title={title} closeLabel={t("common.close")} onClose={props.close} size="sm">
      <div className="grid gap-5" data-testid="delete-deal-modal">
        {phase.kind === "checking" && <p role="status">{t("deal.delete_checking")}</p>}
        {(phase.kind === "confirm" || phase.kind === "deleting") && <p>{t("deal.delete_body", { title: props.title })}</p>}
        {phase.kind === "refused" && <p role="alert" data-testid="delete-refused">{phase.message}</p>}
        {phase.kind === "failed" && <p role="alert" className="font-medium text-red-800">{phase.message}</p>}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={props.close} className={secondary} data-testid="delete-keep">
            {phase.kind === "confirm" || phase.kind === "deleting" ? t("deal.keep") : t("common.close")}
          </button>
          {(phase.kind === "confirm" || phase.kind === "deleting") && (
            <button
              type="button"
              onClick={() => void remove()}
              disabled={phase.kind === "deleting"}
              className="min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
              data-testid="delete-confirm"
            >
              {phase.kind === "deleting" ? t("deal.deleting") : t("deal.delete")}
            </button>
          )}
        </div>
      </div>
    </ModalFrame>
  );
}
