import {
  bodyTypeOfSlug,
  colourHexFor,
  DEFAULT_PHOTO_WIDTH,
  negotiatePhotoFormat,
  NORMALIZED_COLOURS,
  pictureSlug,
  snapPhotoWidth,
  vehiclePhotoParamsSchema,
  vehiclePhotoQuerySchema,
  vehiclePictureSvg,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../platform/http-errors.ts";
import { photoVersion, type FeedPhotoStore } from "./feed-photos.ts";
import type { InventoryService } from "./service.ts";

const A_YEAR = "public, max-age=31536000, immutable";
/** An address without the photo's current version (an old page, a hand-made link) is kept a few minutes only. */
const A_FEW_MINUTES = "public, max-age=300";
/** The drawn picture standing in for a photo that failed is asked again soon: the photo may come back. */
const A_MINUTE = "public, max-age=60";

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}

export const feedPhotoRoutes =
  (deps: { inventory: Pick<InventoryService, "photoSource">; photos: FeedPhotoStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/:id/photos/:n/",
      {
        // Anyone, signed in or not, of any dealership: a photo is as public as the vehicle's page, and <img> sends no tenant header.
        config: { tenant: false },
        schema: {
          tags: ["inventory"],
          summary:
            "A vehicle's n-th feed photo (from 0), fetched once from the feed's address and served resized to a width of " +
            "320, 480, 640, 960, 1280 or 1920 (w is snapped up to one of them; 1280 without w), as AVIF or WebP when the Accept " +
            "header names them (JPEG otherwise; format forces one). Cached for a year when v is the photo's current version " +
            "(the vehicle's images give it). A photo that cannot be fetched or decoded answers the drawn picture of its body " +
            "type instead. x-image-cache says hit, miss or fallback.",
          params: vehiclePhotoParamsSchema,
          querystring: vehiclePhotoQuerySchema,
        },
      },
      async (request, reply) => {
        const { id, n } = request.params;
        const vehicle = await deps.inventory.photoSource(id);
        const url = vehicle?.images[n];
        if (!vehicle || !url) throw notFound("resource_not_found");
        const width = snapPhotoWidth(request.query.w ?? DEFAULT_PHOTO_WIDTH);
        const format = request.query.format ?? negotiatePhotoFormat(request.headers.accept);
        // The format follows the Accept header unless the address names one.
        if (!request.query.format) reply.header("vary", "Accept");
        const photo = await deps.photos.photo(url, width, format);
        if (!photo) {
          const colour = NORMALIZED_COLOURS.find((c) => c === vehicle.exteriorColorNormalized) ?? "Other";
          const svg = vehiclePictureSvg({ bodyType: bodyTypeOfSlug(pictureSlug(vehicle.bodyType)), colourHex: colourHexFor(colour), angle: (n % 3) as 0 | 1 | 2 });
          return reply
            .header("content-type", "image/svg+xml; charset=utf-8")
            .header("cache-control", A_MINUTE)
            .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
            .header("x-image-cache", "fallback")
            .send(svg);
        }
        reply
          .header("content-type", photo.mediaType)
          .header("cache-control", request.query.v === photoVersion(url) ? A_YEAR : A_FEW_MINUTES)
          .header("etag", photo.etag)
          .header("content-security-policy", "default-src 'none'")
          .header("x-image-cache", photo.cache);
        if (etagMatches(request.headers["if-none-match"], photo.etag)) return reply.code(304).send();
        return reply.send(photo.bytes);
      },
    );
  };
