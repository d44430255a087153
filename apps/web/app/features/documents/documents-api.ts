import type { DocumentSettingsWire, DocumentType, DocumentWire, OrderDocuments } from "@showroom/domain";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { uploadWithProgress, type Upload } from "../../lib/upload.ts";

/** An upload's answer: the deal's documents and the new one. */
export type UploadAnswer = OrderDocuments & { document: DocumentWire };
/** An upload in flight, which the shopper may cancel. */
export type DocumentUpload = Upload<UploadAnswer>;

const orderPath = (orderId: number) => `/api/order/${orderId}/documents`;

/** A document goes up with its progress: `document_type`, then `file`. */
export function uploadDocument(options: {
  dealerCode: string;
  orderId: number;
  documentType: DocumentType;
  file: Blob & { name?: string };
  onProgress(sent: number, total: number): void;
  onSessionExpired?(userKind: "dealer" | "customer" | null): void;
  xhr?: () => XMLHttpRequest;
  cookies?: () => string;
}): DocumentUpload {
  const { orderId, documentType, ...rest } = options;
  return uploadWithProgress({
    ...rest,
    method: "POST",
    url: `${orderPath(orderId)}/`,
    fields: { document_type: documentType },
    fallbackName: "document",
  });
}

/** The shopper's document calls for one deal (on the shell's quiet client). */
export function createDocumentsApi(client: ApiClient) {
  return {
    settings: () => client.get<DocumentSettingsWire>("/api/documents/settings/"),
    list: (orderId: number) => client.get<OrderDocuments>(`${orderPath(orderId)}/`),
    remove: (orderId: number, documentId: number) =>
      client.request<OrderDocuments>("DELETE", `${orderPath(orderId)}/${documentId}/`),
    /** "I'm done": the file upload step completes, or 400 "Required documents missing: …". */
    complete: (orderId: number) => client.post<OrderDocuments>(`${orderPath(orderId)}/complete/`),
  };
}
export type DocumentsApi = ReturnType<typeof createDocumentsApi>;

/** Staff: a deal's documents (each downloads from its url). */
export const staffDocuments = (client: ApiClient, orderId: number) =>
  client.get<OrderDocuments>(`/api/quickshop/documents/?order=${orderId}`);

/**
 * A document is private (its customer's and the dealership staff's): the API serves it with the tenant header and
 * the session, which a plain link cannot send. It is fetched as any other call, then saved under its name from a
 * local object URL.
 */
export async function downloadDocument(
  document_: Pick<DocumentWire, "url" | "name">,
  dealerCode: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  const response = await fetchImpl(document_.url, {
    credentials: "same-origin",
    headers: { "x-dealer-code": dealerCode },
  });
  if (!response.ok) throw new ApiRequestError({ kind: "http", status: response.status, body: null });
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = document_.name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file by the time it follows the click: the address can go.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
