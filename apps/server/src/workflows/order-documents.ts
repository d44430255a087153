import {
  DOCUMENT_TYPE_LABELS,
  FILE_UPLOAD_STEP_VALUE,
  displayNameOf,
  missingDocuments,
  quotaRefusal,
  type DocumentMediaType,
  type DocumentType,
} from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { newFileKey, type FileStorage } from "../platform/file-storage.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { documentsRepo, type DocumentRow } from "../modules/documents/repo.ts";
import { documentSettingsFor, documentStep } from "../modules/documents/service.ts";
import { ordersRepo } from "../modules/orders/repo.ts";
import type { OrderRow } from "../modules/orders/service.ts";

/**
 * Adding, removing and completing a deal's documents. The file is written to the storage under a name the server
 * chooses before the transaction that records it (checks the customer's quota under a lock, inserts the row, sets
 * the deal's file upload step); if that fails the file is deleted again. A removed document's file is deleted once
 * its row is gone.
 */

export type DocumentFailure =
  { kind: "quota"; limit: "files" | "bytes" } | { kind: "missing"; documents: DocumentType[] } | { kind: "not_found" };
export type DocumentOutcome<T> = { ok: true; value: T } | { ok: false; failure: DocumentFailure };

const FOLDER = "order-documents";

export function orderDocuments(deps: { db: Db; files: FileStorage; now: () => Date }) {
  const { files } = deps;

  /** The deal's file upload step after a change (completed stays completed while nothing required is missing). */
  async function setStep(tx: Db, dealership: DealershipRow, order: OrderRow, completed: boolean) {
    const rows = await documentsRepo(tx).ofOrder(dealership.id, order.id);
    const step = documentStep(rows, documentSettingsFor(dealership), completed);
    await ordersRepo(tx).mergeDetails(
      { dealershipId: dealership.id, customerId: order.customerId },
      order.id,
      {},
      { "file-upload": FILE_UPLOAD_STEP_VALUE[step] },
      deps.now(),
    );
  }
  const isCompleted = (order: OrderRow) => order.stepStatuses["file-upload"] === 1;

  return {
    /** Stores a file already checked to be a PDF, JPEG or PNG within the size limit, if the customer's quota has room. */
    async upload(input: {
      dealership: DealershipRow;
      order: OrderRow;
      documentType: DocumentType;
      sentName: string;
      mediaType: DocumentMediaType;
      bytes: Buffer;
      staffUserId: number | null;
    }): Promise<DocumentOutcome<DocumentRow>> {
      const { dealership, order } = input;
      const settings = documentSettingsFor(dealership);
      const storageKey = newFileKey(FOLDER);
      await files.put(storageKey, input.bytes, input.mediaType);
      try {
        const outcome = await deps.db.transaction(async (tx): Promise<DocumentOutcome<DocumentRow>> => {
          const repo = documentsRepo(tx);
          await repo.lockCustomer(order.customerId);
          const refusal = quotaRefusal(await repo.usage(dealership.id, order.customerId), input.bytes.length, settings);
          if (refusal) return { ok: false, failure: { kind: "quota", limit: refusal } };
          const row = await repo.insert({
            dealershipId: dealership.id,
            customerId: order.customerId,
            orderId: order.id,
            documentType: input.documentType,
            name: displayNameOf(input.sentName, input.mediaType),
            mediaType: input.mediaType,
            bytes: input.bytes.length,
            storageKey,
            uploadedByStaffUserId: input.staffUserId,
            createdAt: deps.now(),
          });
          await setStep(tx, dealership, order, isCompleted(order));
          return { ok: true, value: row };
        });
        if (!outcome.ok) await files.delete(storageKey);
        return outcome;
      } catch (error) {
        await files.delete(storageKey);
        throw error;
      }
    },

    async remove(input: {
      dealership: DealershipRow;
      order: OrderRow;
      documentId: number;
    }): Promise<DocumentOutcome<DocumentRow>> {
      const { dealership, order } = input;
      const removed = await deps.db.transaction(async (tx) => {
        const row = await documentsRepo(tx).remove(dealership.id, order.id, input.documentId);
        if (row) await setStep(tx, dealership, order, isCompleted(order));
        return row;
      });
      if (!removed) return { ok: false, failure: { kind: "not_found" } };
      await files.delete(removed.storageKey);
      return { ok: true, value: removed };
    },

    /** The shopper is done: the step is completed when every required document is there, else the missing ones are named. */
    async complete(input: { dealership: DealershipRow; order: OrderRow }): Promise<DocumentOutcome<null>> {
      const { dealership, order } = input;
      return deps.db.transaction(async (tx): Promise<DocumentOutcome<null>> => {
        const rows = await documentsRepo(tx).ofOrder(dealership.id, order.id);
        const missing = missingDocuments(
          documentSettingsFor(dealership).required_documents,
          rows.map((r) => r.documentType),
        );
        if (missing.length) return { ok: false, failure: { kind: "missing", documents: missing } };
        await setStep(tx, dealership, order, true);
        return { ok: true, value: null };
      });
    },

    /** Deletes the files of documents whose rows are about to cascade away (a deal or an account removed). */
    async forget(rows: Pick<DocumentRow, "storageKey">[]) {
      for (const row of rows) await files.delete(row.storageKey);
    },
  };
}
export type OrderDocumentsWorkflow = ReturnType<typeof orderDocuments>;

/** The missing documents as the message names them, in the shopper's language. */
export const missingDocumentsText = (documents: DocumentType[], language: "en" | "fr") =>
  documents.map((d) => DOCUMENT_TYPE_LABELS[d][language]).join(", ");
