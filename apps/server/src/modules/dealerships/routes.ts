import { dealerInfoSchema, paymentSettingsSchema, vdpSettingsQuerySchema, vdpSettingsSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { InventoryService } from "../inventory/service.ts";
import { logoSvg } from "./logo.ts";
import { toDealerInfo, toPaymentSettings, type DealershipsService } from "./service.ts";

export const dealershipRoutes =
  (deps: { dealerships: DealershipsService; inventory: InventoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/dealership/home-dealership/",
      { schema: { tags: ["dealership"], summary: "Dealer info, theme and module settings", response: { 200: dealerInfoSchema } } },
      async (request) => toDealerInfo(requireDealership(request)),
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
          summary: "Vehicle details page settings: the dealership's, or a vehicle's or order's override",
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
        const row = await deps.inventory.findForDealership(dealership.id, vehicle);
        if (!row) throw notFound();
        return deps.dealerships.vdpSettings(dealership, row.vdpSettings);
      },
    );

    app.get(
      "/api/quickshop/dealership/logo/:file",
      {
        config: { tenant: false },
        schema: { tags: ["dealership"], summary: "The dealership's drawn logo (SVG)", params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) }) },
      },
      async (request, reply) => {
        const row = await deps.dealerships.byCode(request.params.file.replace(/\.svg$/, ""));
        if (!row) throw notFound();
        return reply
          .type("image/svg+xml")
          .header("cache-control", "public, max-age=3600")
          .send(logoSvg(row));
      },
    );
  };
