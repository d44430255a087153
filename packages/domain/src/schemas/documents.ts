import { z } from "zod";
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_TYPES,
  FILE_UPLOAD_STEP_STATES,
  UPLOAD_STATES,
} from "../documents/rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdTextSchema } from "./ids.ts";

/**
 * Document upload per deal (transactional contract: "File upload call: not shown"; the paths are ours, in the
 * contract's style): GET /api/documents/settings/, GET and POST /api/order/{id}/documents/, DELETE and GET
 * /api/order/{id}/documents/{documentId}/, POST /api/order/{id}/documents/complete/, and for staff GET
 * /api/quickshop/documents/?order=. The upload is multipart/form-data: a field document_type, then a part file.
 */

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, msg("document_type"));
export const documentUploadFieldsSchema = z.object({ document_type: documentTypeSchema });

export const documentPathSchema = z.object({
  id: rowIdTextSchema(msg("order_id")),
  documentId: rowIdTextSchema(msg("row_id")),
});

export const documentSettingsSchema = z.object({
  enabled: z.boolean(),
  /** What the file picker offers and the server accepts (checked by content): .pdf, .jpg, .jpeg, .png. */
  accepted_extensions: z.array(z.enum(DOCUMENT_EXTENSIONS)),
  accepted_media_types: z.array(z.enum(Object.keys(DOCUMENT_MEDIA_TYPES) as [keyof typeof DOCUMENT_MEDIA_TYPES])),
  /** The size limit shown to the shopper, in bytes and in whole megabytes. */
  max_file_bytes: z.number().int(),
  max_file_megabytes: z.number().int(),
  quota_bytes: z.number().int(),
  quota_files: z.number().int(),
  document_types: z.array(documentTypeSchema),
  required_documents: z.array(documentTypeSchema),
});
export type DocumentSettingsWire = z.infer<typeof documentSettingsSchema>;

export const documentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  document_type: documentTypeSchema,
  /** The name the shopper gave it, cleaned, with the extension of what it really is. */
  name: z.string(),
  media_type: z.enum(Object.keys(DOCUMENT_MEDIA_TYPES) as [keyof typeof DOCUMENT_MEDIA_TYPES]),
  size: z.number().int(),
  /** Spec 4, "Upload": a stored file is uploaded (uploading and error are the editor's own states). */
  status: z.enum(UPLOAD_STATES),
  /** Where its owner and the dealership's staff download it. */
  url: z.string(),
  created: z.string(),
});
export type DocumentWire = z.infer<typeof documentSchema>;

export const orderDocumentsSchema = z.object({
  order_id: z.number().int(),
  documents: z.array(documentSchema),
  required_documents: z.array(documentTypeSchema),
  missing_documents: z.array(documentTypeSchema),
  /** Spec 4, "File upload step". */
  step: z.enum(FILE_UPLOAD_STEP_STATES),
  /** What the customer keeps at the dealership over all their deals, against the quota. */
  used_bytes: z.number().int(),
  used_files: z.number().int(),
});
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>;

export const staffDocumentsQuerySchema = z.object({ order: rowIdTextSchema(msg("order_id")) });
