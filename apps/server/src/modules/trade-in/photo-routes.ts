import multipart from "@fastify/multipart";
import {
  TRADE_IN_PHOTO_ANGLES,
  TRADE_IN_PHOTO_MAX_BYTES,
  apiMessage,
  idPathSchema,
  isEditable,
  languageOf,
  tradeInCheckImagesQuerySchema,
  tradeInCheckImagesSchema,
  tradeInPhotoParamsSchema,
  tradeInPhotoRemovalSchema,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound, parseWith } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import { photoMediaType, type TradeInPhotoStore } from "./photos.ts";
import { PHOTO_MAX_MEGABYTES, shopperContext, staffSeeing, tradeInErrors as errors } from "./route-support.ts";
import type { TradeInService } from "./service.ts";
import { imagesOf } from "./views.ts";

export type TradeInPhotoRouteDeps = {
  tradeIns: TradeInService;
  photos: TradeInPhotoStore;
  customers: Pick<CustomersService, "byId">;
};

/** The multipart limits of a photo upload: one file of at most TRADE_IN_PHOTO_MAX_BYTES, the angle, nothing else of size. */
export const PHOTO_UPLOAD_LIMITS = { fileSize: TRADE_IN_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, fieldNameSize: 100, headerPairs: 50 };

const uploadFieldsSchema = z.object({ angle: z.enum(TRADE_IN_PHOTO_ANGLES, "Please select a valid choice.") });

/**
 * The documentation of the photo call: its JSON body (removal) as the route's schema says, and its multipart
 * body (the upload, read by the handler within PHOTO_UPLOAD_LIMITS) described beside it.
 */
function photoUploadDocs(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const transformed = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
  const upload = {
    type: "object",
    required: ["angle", "file"],
    properties: {
      angle: { type: "string", enum: [...TRADE_IN_PHOTO_ANGLES], description: "Sent before the file." },
      file: { type: "string", format: "binary", description: `A JPEG or PNG picture of at most ${PHOTO_MAX_MEGABYTES} MB.` },
    },
  };
  const removal = z.toJSONSchema(tradeInPhotoRemovalSchema, { target: "openapi-3.0" });
  return { ...transformed, schema: { ...transformed.schema, body: { content: { "application/json": { schema: removal }, "multipart/form-data": { schema: upload } } } } };
}

/** The parts of an upload: the angle field and the bytes of the `file` part (other parts are read and dropped). */
async function readUpload(request: FastifyRequest): Promise<{ angle: string | undefined; file: Buffer | undefined }> {
  let angle: string | undefined;
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      if (part.fieldname === "angle" && typeof part.value === "string") angle = part.value;
    } else if (part.fieldname === "file" && file === undefined) {
      file = await part.toBuffer();
    } else {
      await part.toBuffer();
    }
  }
  return { angle, file };
}

/** A multipart failure as the contract answers it: too large is 413 naming the file; anything malformed is 400. */
function uploadRefusal(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const code = (error as { code?: unknown })?.code;
  const language = languageOf(request.locale);
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return reply.status(413).send({ file: [apiMessage("trade_in_photo_too_large", language, { size: PHOTO_MAX_MEGABYTES })], code: "trade_in_photo_too_large" });
  }
  if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return reply.status(413).send({ detail: apiMessage("body_too_large", language) });
  }
  request.log.info({ err: error }, "a trade-in photo upload could not be read");
  return reply.status(400).send({ detail: apiMessage("malformed_request", language) });
}

/**
 * Trade-in photos: upload one angle (multipart, checked by content, stored, re-encoded in the background), remove
 * angles (JSON), poll until re-encoded (check_images), and serve a re-encoded photo to its owner or the
 * dealership's staff.
 */
export const tradeInPhotoRoutes =
  (deps: TradeInPhotoRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { tradeIns, photos } = deps;
    const tag = { tags: ["trade-in"] };
    // Multipart is read by these routes only, within explicit limits (busboy stops reading past them).
    await app.register(multipart, { limits: PHOTO_UPLOAD_LIMITS, throwFileSizeLimit: true });

    async function ownedTrade(request: FastifyRequest, id: number) {
      const context = shopperContext(request);
      const row = await tradeIns.owned(context.owner, id);
      if (!row) throw notFound("resource_not_found");
      return { ...context, row };
    }

    const checkImages = async (tradeInId: number) => {
      const rows = await tradeIns.repo.photosOf([tradeInId]);
      return { images: imagesOf({ id: tradeInId }, rows), processed: rows.every((p) => p.status !== "processing") };
    };

    app.patch(
      "/api/trade-in/:id/photos/",
      {
        config: { swaggerTransform: photoUploadDocs },
        schema: {
          ...tag,
          summary:
            "multipart/form-data with a field angle (front, back, left, right, dashboard, seat_interior, vin) then a part file: a JPEG or PNG (checked by its content) " +
            `of at most ${PHOTO_MAX_MEGABYTES} MB (413 beyond), answered 202 while it is re-encoded (poll check_images). A JSON body {remove: [angles]} removes photos. Drafts only.`,
          params: idPathSchema,
          body: tradeInPhotoRemovalSchema.nullish(),
          response: { 200: tradeInCheckImagesSchema, 202: tradeInCheckImagesSchema, 413: validationErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { row } = await ownedTrade(request, request.params.id);
        if (!isEditable(row.status)) throw new HttpError(409, "trade_in_not_editable", { code: "trade_in_not_editable" });
        if (!request.isMultipart()) {
          const { remove } = parseWith(tradeInPhotoRemovalSchema, request.body);
          await photos.remove(row.id, remove);
          return reply.status(200).send(await checkImages(row.id));
        }
        let upload: Awaited<ReturnType<typeof readUpload>>;
        try {
          upload = await readUpload(request);
        } catch (error) {
          return uploadRefusal(request, reply, error);
        }
        const { angle } = parseWith(uploadFieldsSchema, { angle: upload.angle });
        if (!upload.file || upload.file.length === 0) throw new FieldErrors({ file: ["trade_in_photo_missing"] });
        const mediaType = await photoMediaType(upload.file);
        if (!mediaType) throw new FieldErrors({ file: ["trade_in_photo_not_image"] }, "trade_in_photo_not_image");
        await photos.upload(row.id, angle, upload.file, mediaType);
        return reply.status(202).send(await checkImages(row.id));
      },
    );

    app.get(
      "/api/trade-in/:id/check_images/",
      {
        schema: {
          ...tag,
          summary: "Each angle's photo (processing, uploaded with its address, or error) and whether none is still processing; t is the caller's cache-buster",
          params: idPathSchema,
          querystring: tradeInCheckImagesQuerySchema,
          response: { 200: tradeInCheckImagesSchema, ...errors },
        },
      },
      async (request) => {
        const { row } = await ownedTrade(request, request.params.id);
        return checkImages(row.id);
      },
    );

    app.get(
      "/api/trade-in/:id/photos/:angle/",
      {
        schema: {
          ...tag,
          summary: "A trade-in photo as re-encoded (JPEG, without EXIF or GPS), for the customer whose trade-in it is or the dealership's staff who see that customer; 404 for anyone else",
          params: tradeInPhotoParamsSchema,
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const { id, angle } = request.params;
        const row = await tradeIns.repo.findAtDealership(dealership.id, id);
        if (!row) throw notFound("resource_not_found");
        let allowed = customerIdOf(request.actor) === row.customerId;
        if (!allowed) {
          const customer = await deps.customers.byId(dealership.id, row.customerId);
          allowed = customer !== null && staffSeeing(request, customer) !== null;
        }
        if (!allowed) throw notFound("resource_not_found");
        const photo = await photos.read(row.id, angle);
        if (!photo) throw notFound("resource_not_found");
        return reply
          .header("content-type", photo.contentType)
          .header("cache-control", "private, max-age=3600")
          .header("content-security-policy", "default-src 'none'")
          .header("content-disposition", `inline; filename="${angle}.jpg"`)
          .send(photo.bytes);
      },
    );
  };
