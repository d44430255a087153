import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_TYPES,
  documentSettingsOf,
  fileUploadStepOf,
  megabytes,
  missingDocuments,
  type DocumentMediaType,
  type DocumentSettings,
  type DocumentSettingsWire,
  type DocumentWire,
  type FileUploadStepState,
  type OrderDocuments,
} from "@showroom/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { documentsRepo, type DocumentRow } from "./repo.ts";

export type { DocumentRow };

/** Whether the dealership takes documents (its "file_upload" module). */
export const documentsEnabled = (dealership: DealershipRow) =>
  dealership.moduleSettings.enabled_modules.includes("file_upload");

/** The dealership's document settings (dealer info `document_settings`, with the defaults of the domain). */
export const documentSettingsFor = (dealership: DealershipRow): DocumentSettings =>
  documentSettingsOf((dealership.profile as { document_settings?: unknown }).document_settings);

export function toDocumentSettingsWire(dealership: DealershipRow): DocumentSettingsWire {
  const settings = documentSettingsFor(dealership);
  return {
    enabled: documentsEnabled(dealership),
    accepted_extensions: [...DOCUMENT_EXTENSIONS],
    accepted_media_types: Object.keys(DOCUMENT_MEDIA_TYPES) as DocumentMediaType[],
    max_file_bytes: settings.max_file_bytes,
    max_file_megabytes: megabytes(settings.max_file_bytes),
    quota_bytes: settings.quota_bytes,
    quota_files: settings.quota_files,
    document_types: [...DOCUMENT_TYPES],
    required_documents: settings.required_documents,
  };
}

/** What the bytes are, when they are a PDF, JPEG or PNG; null for anything else (a renamed program, text, an empty file). */
export async function documentMediaType(bytes: Buffer): Promise<DocumentMediaType | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && Object.hasOwn(DOCUMENT_MEDIA_TYPES, type.mime) ? (type.mime as DocumentMediaType) : null;
}

/** Where a document is downloaded: its deal's documents, by id (never by name). */
export const documentUrl = (row: Pick<DocumentRow, "orderId" | "id">) =>
  `/api/order/${row.orderId}/documents/${row.id}/`;

export function toDocumentWire(row: DocumentRow): DocumentWire {
  return {
    id: row.id,
    order_id: row.orderId,
    document_type: row.documentType,
    name: row.name,
    media_type: row.mediaType,
    size: row.bytes,
    status: "uploaded",
    url: documentUrl(row),
    created: row.createdAt.toISOString(),
  };
}

/** The file upload step a deal's documents give, the shopper having said they were done (`completed`) or not. */
export function documentStep(
  rows: Pick<DocumentRow, "documentType">[],
  settings: DocumentSettings,
  completed: boolean,
): FileUploadStepState {
  const missing = missingDocuments(
    settings.required_documents,
    rows.map((r) => r.documentType),
  );
  return fileUploadStepOf({ files: rows.length, completed, missing: missing.length });
}

/** Reads of documents (every change is a workflow: workflows/order-documents.ts). */
export function documentsService(deps: { db: Db }) {
  const repo = documentsRepo(deps.db);
  return {
    repo,
    /** A deal's documents as the editor lists them, with the required ones still missing, the step and the customer's usage. */
    async listOf(
      dealership: DealershipRow,
      order: { id: number; customerId: number; stepStatuses: Record<string, number | undefined> },
    ): Promise<OrderDocuments> {
      const settings = documentSettingsFor(dealership);
      const [rows, usage] = await Promise.all([
        repo.ofOrder(dealership.id, order.id),
        repo.usage(dealership.id, order.customerId),
      ]);
      return {
        order_id: order.id,
        documents: rows.map(toDocumentWire),
        required_documents: settings.required_documents,
        missing_documents: missingDocuments(
          settings.required_documents,
          rows.map((r) => r.documentType),
        ),
        step: documentStep(rows, settings, order.stepStatuses["file-upload"] === 1),
        used_bytes: usage.bytes,
        used_files: usage.files,
      };
    },
    find: (dealershipId: number, orderId: number, id: number) => repo.find(dealershipId, orderId, id),
    ofCustomer: (dealershipId: number, customerId: number) => repo.ofCustomer(dealershipId, customerId),
    ofOrder: (dealershipId: number, orderId: number) => repo.ofOrder(dealershipId, orderId),
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
