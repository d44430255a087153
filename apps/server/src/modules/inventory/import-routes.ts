import { detailErrorSchema, validationErrorSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { requireStaff } from "../../platform/actor.ts";
import { FeedRefused, type InventoryImports } from "./import-service.ts";

const FEED_LIMIT_BYTES = 25 * 1024 * 1024;

/**
 * A feed's text: UTF-8 with or without its byte-order mark; null for any other charset or bytes that are not
 * UTF-8. UTF-16 without a byte-order mark is valid UTF-8 in which every other byte of Latin text is NUL: such
 * a body is refused too, while a stray NUL in a cell is left for the parser to reject with its row.
 */
export function csvText(contentType: string, body: Buffer): string | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return null;
  const head = body.subarray(0, 1024);
  if (head.length > 0 && head.filter((byte) => byte === 0).length * 4 > head.length) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return null;
  }
}

const rejectionSchema = z.object({ line: z.number().int(), vin: z.string().nullable(), field: z.string(), reason: z.string() });
const importReportSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  full_feed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  marked_unavailable: z.number().int(),
  rejected: z.array(rejectionSchema),
  warnings: z.array(z.object({ line: z.number().int(), message: z.string() })),
});

export const inventoryImportRoutes =
  (deps: { imports: InventoryImports }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser("text/csv", { parseAs: "buffer", bodyLimit: FEED_LIMIT_BYTES }, (request, body, done) => {
      const text = csvText(String(request.headers["content-type"]), body as Buffer);
      if (text === null) done(new HttpError(415, "feed_not_utf8_csv"), undefined);
      else done(null, text);
    });

    app.post(
      "/api/quickshop/inventory/import/",
      {
        bodyLimit: FEED_LIMIT_BYTES,
        // A NUL character in a cell rejects that row (reported with its line), not the whole feed.
        config: { rawTextBody: true },
        schema: {
          tags: ["inventory"],
          consumes: ["text/csv"],
          summary:
            "Imports a dealer feed (CSV body, text/csv) for a dealer administrator: upsert by VIN; full=true (default) " +
            "marks vehicles the feed no longer lists as unavailable. Refused rows are reported with their line.",
          querystring: z.object({ full: z.enum(["true", "false"]).default("true") }),
          body: z.string().min(1, "Send the feed as a text/csv body."),
          response: { 200: importReportSchema, 400: validationErrorSchema, 403: detailErrorSchema, 415: detailErrorSchema },
        },
        // After the CSRF check (a global hook): a feed is a text/csv body and nothing else.
        preParsing: async (request) => {
          if (!/^text\/csv\s*(;|$)/i.test(request.headers["content-type"] ?? "")) throw new HttpError(415, "feed_not_utf8_csv");
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        // Dealer admins, and organization or super admins at a dealership they reach (domain permission matrix).
        const staff = requireStaff(request, "inventory.import");
        try {
          return await deps.imports.importFeed(dealership, { csv: request.body, fullFeed: request.query.full === "true", source: `api:${staff.email}` });
        } catch (error) {
          if (error instanceof FeedRefused) throw new HttpError(400, "feed_refused", { non_field_errors: error.problems });
          throw error;
        }
      },
    );
  };
