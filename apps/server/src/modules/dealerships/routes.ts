import { homeDealershipSchema, paymentSettingsSchema, vdpSettingsQuerySchema, vdpSettingsSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { viewRoute } from "../../platform/view-serializer.ts";
import type { InventoryService } from "../inventory/service.ts";
import { iconSvg, logoSvg } from "./logo.ts";
import { toDealerInfo, toPaymentSettings, type DealershipsService } from "./service.ts";

export const dealershipRoutes =
  (deps: { dealerships: DealershipsService; inventory: InventoryService; defaultDealerCode: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/dealership/home-dealership/",
      {
        schema: {
          tags: ["dealership"],
          summary: "Dealer info, theme and module settings",
          response: { 200: homeDealershipSchema },
        },
        ...viewRoute,
      },
      async (request) => {
        return toDealerInfo(requireDealership(request));
      },
    );

    app.get(
      "/api/quickshop/dealership/payment-settings/",
      { schema: { tags: ["dealership"], summary: "The dealership's payment settings", response: { 200: paymentSettingsSchema } } },
      async (request) => toPaymentSettings(requireDealership(request)),
    );

    app.get(
      "/api/quickshop/dealership/vdp-settings/",
      {
        schema: {
          tags: ["dealership"],
          summary:
            "Vehicle details page settings: the dealership's, or a vehicle's or order's override. A used or certified vehicle never shows " +
            "savings detail (its MSRP is the original one, not a current reference).",
          querystring: vdpSettingsQuerySchema,
          response: { 200: vdpSettingsSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const { vehicle, order } = request.query;
        // Saved deals (orders) arrive with the customer-identity work: until then no order id exists.
        if (order !== undefined) throw notFound();
        if (vehicle === undefined) return deps.dealerships.vdpSettings(dealership, null);
        const row = await deps.inventory.pageSettingsSource(dealership.id, vehicle);
        if (!row) throw notFound();
        return deps.dealerships.vdpSettings(dealership, { override: row.vdpSettings, condition: row.condition, certified: row.isCertified });
      },
    );

    // The drawn pictures of a dealership, named by its code: the header's wordmark and the browser tab's icon.
    const drawings = [
      ["logo", "The dealership's drawn logo (SVG)", logoSvg],
      ["icon", "The dealership's browser-tab icon (SVG)", iconSvg],
    ] as const;
    for (const [name, summary, draw] of drawings) {
      app.get(
        `/api/quickshop/dealership/${name}/:file`,
        { config: { tenant: false }, schema: { tags: ["dealership"], summary, params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) }) } },
        async (request, reply) => {
          const row = await deps.dealerships.byCode(request.params.file.replace(/\.svg$/, ""));
          if (!row) throw notFound();
          return reply.type("image/svg+xml").header("cache-control", "public, max-age=3600").send(draw(row));
        },
      );
    }

    // Browsers and crawlers ask for /favicon.ico whatever the page says: the default dealership's icon answers.
    app.get("/favicon.ico", { config: { tenant: false }, schema: { hide: true } }, async (_request, reply) => {
      const row = await deps.dealerships.byCode(deps.defaultDealerCode);
      if (!row) return reply.status(404).send();
      return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(iconSvg(row));
    });
  };
