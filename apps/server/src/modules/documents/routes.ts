import multipart from "@fastify/multipart";
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_FILE_BYTES_CAP,
  DOCUMENT_TYPES,
  apiMessage,
  attachmentDisposition,
  can,
  canSeeCustomer,
  detailErrorSchema,
  documentPathSchema,
  documentSchema,
  documentSettingsSchema,
  documentUploadFieldsSchema,
  hasAllowedExtension,
  idPathSchema,
  languageOf,
  megabytes,
  orderDocumentsSchema,
  staffDocumentsQuerySchema,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  missingDocumentsText,
  type DocumentFailure,
  type OrderDocumentsWorkflow,
} from "../../workflows/order-documents.ts";
import { customerIdOf, requireStaff, staffHere } from "../../platform/actor.ts";
import type { FileStorage } from "../../platform/file-storage.ts";
import { FieldErrors, HttpError, notFound, parseWith } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { OrderRow, OrdersService } from "../orders/service.ts";
import {
  documentMediaType,
  documentSettingsFor,
  documentsEnabled,
  toDocumentSettingsWire,
  toDocumentWire,
  type DocumentsService,
} from "./service.ts";

export type DocumentRouteDeps = {
  documents: DocumentsService;
  workflow: OrderDocumentsWorkflow;
  files: FileStorage;
  orders: Pick<OrdersService, "find" | "findAtDealership">;
  customers: Pick<CustomersService, "byId">;
};

/**
 * The multipart limits of an upload: one file (at most the dealership's size, itself at most
 * DOCUMENT_MAX_FILE_BYTES_CAP), the document type, nothing else of size.
 */
export const DOCUMENT_UPLOAD_LIMITS = {
  fileSize: DOCUMENT_MAX_FILE_BYTES_CAP,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

const errors = {
  400: validationErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  413: validationErrorSchema,
};
const uploadResultSchema = orderDocumentsSchema.extend({ document: documentSchema });

/** The upload's documentation: a multipart body (read by the handler within the limits), described beside the route. */
function uploadDocs(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const transformed = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
  const upload = {
    type: "object",
    required: ["document_type", "file"],
    properties: {
      document_type: { type: "string", enum: [...DOCUMENT_TYPES], description: "Sent before the file." },
      file: {
        type: "string",
        format: "binary",
        description: `A PDF, JPEG or PNG (${DOCUMENT_EXTENSIONS.join(", ")}), checked by its content, within the dealership's size limit.`,
      },
    },
  };
  return {
    ...transformed,
    schema: { ...transformed.schema, body: { content: { "multipart/form-data": { schema: upload } } } },
  };
}

/** The parts of an upload: the document type and the `file` part's name and bytes (other parts are read and dropped). */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  let documentType: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === "field") {
      if (part.fieldname === "document_type" && typeof part.value === "string") documentType = part.value;
    } else if (part.fieldname === "file" && file === undefined) {
      file = { name: part.filename ?? "", bytes: await part.toBuffer() };
    } else {
      await part.toBuffer();
    }
  }
  return { documentType, file };
}

/**
 * A deal's documents (transactional spec 2 "File upload"): the settings the editor shows (types, size limit), the
 * list, the upload (multipart, checked by content), removal, completion of the step, and the download, served
 * only to the deal's customer (or staff acting for them) and to the dealership's staff who see that customer.
 */
export const documentRoutes =
  (deps: DocumentRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { documents, workflow } = deps;
    const tag = { tags: ["documents"] };
    // Multipart is read by these routes only, within explicit limits (busboy stops reading past them).
    await app.register(multipart, { limits: DOCUMENT_UPLOAD_LIMITS, throwFileSizeLimit: true });

    /** The signed-in customer's deal (or the one staff act for) at a dealership that takes documents. */
    async function ownedDeal(request: FastifyRequest, orderId: number) {
      const dealership = requireDealership(request);
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      if (!documentsEnabled(dealership)) throw new HttpError(403, "documents_disabled", { code: "documents_disabled" });
      const order = await deps.orders.find({ dealershipId: dealership.id, customerId }, orderId);
      if (!order) throw notFound("resource_not_found");
      return { dealership, order };
    }

    /** Staff of this dealership who see the customer (their role's book). */
    async function staffSees(request: FastifyRequest, dealership: DealershipRow, customerId: number) {
      const staff = staffHere(request.actor);
      if (!staff || !can(staff.role, "workspace.view")) return false;
      const customer = await deps.customers.byId(dealership.id, customerId);
      return customer !== null && canSeeCustomer(staff, { dealer_user: customer.dealerUserId });
    }

    /** The freshest deal (its step just changed). */
    const reread = async (dealership: DealershipRow, order: OrderRow) =>
      (await deps.orders.find({ dealershipId: dealership.id, customerId: order.customerId }, order.id)) ?? order;

    function refusal(request: FastifyRequest, dealership: DealershipRow, failure: DocumentFailure): never {
      const settings = documentSettingsFor(dealership);
      switch (failure.kind) {
        case "quota":
          throw failure.limit === "files"
            ? new FieldErrors(
                { file: [{ key: "document_quota_files", values: { files: settings.quota_files } }] },
                "document_quota_files",
              )
            : new FieldErrors(
                { file: [{ key: "document_quota_bytes", values: { size: megabytes(settings.quota_bytes) } }] },
                "document_quota_bytes",
              );
        case "missing":
          throw new FieldErrors(
            {
              non_field_errors: [
                {
                  key: "required_documents_missing",
                  values: { documents: missingDocumentsText(failure.documents, languageOf(request.locale)) },
                },
              ],
            },
            "required_documents_missing",
          );
        case "not_found":
          throw notFound("resource_not_found");
      }
    }

    function uploadRefusal(request: FastifyRequest, reply: FastifyReply, dealership: DealershipRow, error: unknown) {
      const code = (error as { code?: unknown })?.code;
      const language = languageOf(request.locale);
      if (code === "FST_REQ_FILE_TOO_LARGE") {
        const size = megabytes(documentSettingsFor(dealership).max_file_bytes);
        return reply
          .status(413)
          .send({ file: [apiMessage("document_too_large", language, { size })], code: "document_too_large" });
      }
      if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") {
        return reply.status(413).send({ detail: apiMessage("body_too_large", language) });
      }
      request.log.info({ err: error }, "a document upload could not be read");
      return reply.status(400).send({ detail: apiMessage("malformed_request", language) });
    }

    app.get(
      "/api/documents/settings/",
      {
        schema: {
          ...tag,
          summary:
            "What the upload editor shows: whether the dealership takes documents, the accepted types, the size limit (bytes and MB), the quota and the required documents",
          response: { 200: documentSettingsSchema },
        },
      },
      async (request) => toDocumentSettingsWire(requireDealership(request)),
    );

    app.get(
      "/api/order/:id/documents/",
      {
        schema: {
          ...tag,
          summary:
            "The deal's documents, the required ones still missing, the file upload step and the customer's usage",
          params: idPathSchema,
          response: { 200: orderDocumentsSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, order } = await ownedDeal(request, request.params.id);
        return documents.listOf(dealership, order);
      },
    );

    app.post(
      "/api/order/:id/documents/",
      {
        config: { swaggerTransform: uploadDocs, rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary:
            "Uploads a document to the deal: multipart/form-data with a field document_type then a part file, a PDF, JPEG or PNG by its content (a file of " +
            "another kind, whatever its name, is 400 with the format message), named .pdf, .jpg, .jpeg or .png, within the dealership's size limit (413 beyond) " +
            "and the customer's quota. Stored under a name the server chooses; answered with the deal's documents and the new one.",
          params: idPathSchema,
          response: { 201: uploadResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, order } = await ownedDeal(request, request.params.id);
        if (!request.isMultipart()) throw new FieldErrors({ file: ["document_missing"] }, "document_missing");
        const settings = documentSettingsFor(dealership);
        let upload: Awaited<ReturnType<typeof readUpload>>;
        try {
          upload = await readUpload(request, settings.max_file_bytes);
        } catch (error) {
          return uploadRefusal(request, reply, dealership, error);
        }
        const { document_type } = parseWith(documentUploadFieldsSchema, { document_type: upload.documentType });
        if (!upload.file || upload.file.bytes.length === 0)
          throw new FieldErrors({ file: ["document_missing"] }, "document_missing");
        const mediaType = await documentMediaType(upload.file.bytes);
        if (!mediaType || !hasAllowedExtension(upload.file.name))
          throw new FieldErrors({ file: ["document_format"] }, "document_format");
        const staff = staffHere(request.actor);
        let outcome: Awaited<ReturnType<typeof workflow.upload>>;
        try {
          outcome = await workflow.upload({
            dealership,
            order,
            documentType: document_type,
            sentName: upload.file.name,
            mediaType,
            bytes: upload.file.bytes,
            staffUserId: staff?.id ?? null,
          });
        } catch (error) {
          // The storage or the database failed: nothing is kept (the file is deleted again), and the shopper may retry.
          request.log.error({ err: error }, "a document could not be stored");
          throw new HttpError(500, "document_upload_failed", { code: "document_upload_failed" });
        }
        if (!outcome.ok) refusal(request, dealership, outcome.failure);
        const list = await documents.listOf(dealership, await reread(dealership, order));
        return reply.status(201).send({ ...list, document: toDocumentWire(outcome.value) });
      },
    );

    app.delete(
      "/api/order/:id/documents/:documentId/",
      {
        schema: {
          ...tag,
          summary: "Deletes a document of the deal (its file too)",
          params: documentPathSchema,
          response: { 200: orderDocumentsSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, order } = await ownedDeal(request, request.params.id);
        const outcome = await workflow.remove({ dealership, order, documentId: request.params.documentId });
        if (!outcome.ok) refusal(request, dealership, outcome.failure);
        return documents.listOf(dealership, await reread(dealership, order));
      },
    );

    app.post(
      "/api/order/:id/documents/complete/",
      {
        schema: {
          ...tag,
          summary:
            "The shopper is done: the file upload step is completed, or 400 'Required documents missing: …' naming the documents the dealership still needs",
          params: idPathSchema,
          response: { 200: orderDocumentsSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, order } = await ownedDeal(request, request.params.id);
        const outcome = await workflow.complete({ dealership, order });
        if (!outcome.ok) refusal(request, dealership, outcome.failure);
        return documents.listOf(dealership, await reread(dealership, order));
      },
    );

    app.get(
      "/api/order/:id/documents/:documentId/",
      {
        schema: {
          ...tag,
          summary:
            "Downloads a document (as an attachment, under its cleaned name) for the deal's customer or the dealership's staff who see that customer; 404 for anyone else",
          params: documentPathSchema,
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const row = await documents.find(dealership.id, request.params.id, request.params.documentId);
        if (!row) throw notFound("resource_not_found");
        const allowed =
          customerIdOf(request.actor) === row.customerId || (await staffSees(request, dealership, row.customerId));
        if (!allowed) throw notFound("resource_not_found");
        const file = await deps.files.get(row.storageKey);
        if (!file) throw notFound("resource_not_found");
        return reply
          .header("content-type", row.mediaType)
          .header("content-disposition", attachmentDisposition(row.name))
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(file.bytes);
      },
    );

    app.get(
      "/api/quickshop/documents/",
      {
        schema: {
          ...tag,
          tags: ["documents", "dealer"],
          summary:
            "A deal's documents for staff who see its customer (404 otherwise); each document's url downloads it",
          querystring: staffDocumentsQuerySchema,
          response: { 200: orderDocumentsSchema, ...errors },
        },
      },
      async (request) => {
        requireStaff(request, "workspace.view");
        const dealership = requireDealership(request);
        const order = await deps.orders.findAtDealership(dealership.id, request.query.order);
        if (!order || !(await staffSees(request, dealership, order.customerId))) throw notFound("resource_not_found");
        return documents.listOf(dealership, order);
      },
    );
  };
