import {
  bodyTypeOfSlug,
  carfaxBadgesSchema,
  colourHexFor,
  colourRecordSchema,
  facetsWithoutPrices,
  searchWithoutPrices,
  summaryWithoutPrices,
  vehicleWithoutPrices,
  coloursQuerySchema,
  detailErrorSchema,
  languageOf,
  NORMALIZED_COLOURS,
  pageLinks,
  SEARCH_PAGE_SIZE,
  searchQuerySchema,
  validationErrorSchema,
  validationMessage,
  vehicleIdParamSchema,
  vehicleLookupQuerySchema,
  vehiclePictureSvg,
  vehicleSchema,
  vehicleSearchNotFoundSchema,
  vehicleSearchResultSchema,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipsService } from "../dealerships/service.ts";
import type { VehicleReportProvider } from "./vehicle-reports.ts";
import type { InventoryService } from "./service.ts";
import { toVehicle } from "./vehicle-views.ts";
import { sendPicture } from "../../platform/pictures.ts";
import { viewRoute } from "../../platform/view-serializer.ts";
import { PICTURE_ANGLES } from "./pictures.ts";

const slug = z.string().regex(/^[a-z0-9-]{1,40}$/);

export const inventoryRoutes =
  (deps: { inventory: InventoryService; dealerships: DealershipsService; reports: VehicleReportProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/",
      {
        schema: {
          tags: ["inventory"],
          summary:
            "Vehicle search: filters, text query, sort and 50 a page, with facet counts (each computed with the other filters applied). " +
            "dealership_uid / dealership_name (repeatable) search dealerships of the same group.",
          querystring: searchQuerySchema,
          response: { 200: vehicleSearchResultSchema, 400: validationErrorSchema, 404: vehicleSearchNotFoundSchema },
        },
        config: { publicRead: true },
        ...viewRoute,
      },
      async (request) => {
        const tenant = requireDealership(request);
        // A dealership without a vehicle list (show_vehicle_list false) has none to search: its pages send visitors to its website.
        if (tenant.profile.show_vehicle_list === false) throw new HttpError(404, "no_vehicle_list", { code: "no_vehicle_list", website: tenant.profile.website ?? null });
        const query = request.query;
        const group = await deps.dealerships.listingGroup(tenant);
        let dealers = group.filter((d) => d.id === tenant.id);
        const uids = query.dealership_uid ?? [];
        const names = (query.dealership_name ?? []).map((name) => name.toLowerCase());
        if (uids.length || names.length) {
          const unknown = uids.filter((uid) => !group.some((d) => d.uid === uid));
          if (unknown.length) throw new FieldErrors({ dealership_uid: ["dealership_not_in_group"] });
          dealers = group.filter((d) => uids.includes(d.uid) || names.includes(d.name.toLowerCase()));
          if (dealers.length === 0) throw new FieldErrors({ dealership_name: ["dealership_not_in_group"] });
        }
        // Locked prices: price filters and sorts are ignored, so no answer depends on a hidden price.
        const visible = pricesVisibleTo(request, tenant);
        const found = await deps.inventory.search({ dealers, group, query: visible ? query : searchWithoutPrices(query), origin: null });
        const url = `${request.protocol}://${request.host}${request.url}`;
        const links = pageLinks({ url, page: query.page, pageSize: SEARCH_PAGE_SIZE, count: found.count });
        // The stored payments are at the dealership's default frequency, as the cards show them.
        const budget_frequency = (group.find((d) => d.id === tenant.id) ?? group[0]!).paymentFrequency;
        if (visible) return { count: found.count, ...links, results: found.results, facets: found.facets, budget_frequency };
        return { count: found.count, ...links, results: found.results.map(summaryWithoutPrices), facets: facetsWithoutPrices(found.facets), budget_frequency };
      },
    );

    app.get(
      "/api/quickshop/inventory/:id/",
      {
        schema: {
          tags: ["inventory"],
          summary: "One vehicle by id or VIN, of this dealership or of its group (404 otherwise)",
          params: vehicleIdParamSchema,
          querystring: vehicleLookupQuerySchema,
          response: { 200: vehicleSchema, 404: detailErrorSchema },
        },
        ...viewRoute,
      },
      async (request) => {
        const tenant = requireDealership(request);
        const group = await deps.dealerships.listingGroup(tenant);
        const found = await deps.inventory.find(group, request.params.id);
        if (!found) throw notFound("resource_not_found");
        const vehicle = toVehicle(found.row, found.dealer, request.locale);
        return pricesVisibleTo(request, tenant) ? vehicle : vehicleWithoutPrices(vehicle);
      },
    );

    app.get(
      "/api/quickshop/inventory/pictures/:bodyType/:colour/:file",
      {
        config: { tenant: false },
        schema: {
          tags: ["inventory"],
          summary: "A drawn picture of a body type in a normalized colour (angle 0, 1 or 2), for vehicles sent without photos",
          params: z.object({ bodyType: slug, colour: slug, file: z.enum(PICTURE_ANGLES.map((a) => `${a}.svg`) as ["0.svg"]) }),
        },
      },
      async (request, reply) => {
        const { bodyType, colour, file } = request.params;
        const named = NORMALIZED_COLOURS.find((c) => c.toLowerCase() === colour) ?? "Other";
        return sendPicture(reply, vehiclePictureSvg({ bodyType: bodyTypeOfSlug(bodyType), colourHex: colourHexFor(named), angle: Number(file[0]) as 0 | 1 | 2 }));
      },
    );

    app.get(
      "/api/colors/",
      {
        schema: {
          tags: ["inventory"],
          summary: "Exterior colours of this dealership's vehicles, narrowed by year, make, model or codes",
          querystring: coloursQuerySchema,
          response: { 200: z.array(colourRecordSchema) },
        },
      },
      async (request) => {
        const tenant = requireDealership(request);
        const { year, make, model, codes } = request.query;
        const wanted = codes ? new Set(codes.split(",").map((c) => c.trim().toLowerCase())) : null;
        const colours = await deps.inventory.colours(tenant.id, { year, make, model });
        return colours
          .map(({ name, normalized }) => {
            const code = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
            return {
              code,
              value: colourHexFor(NORMALIZED_COLOURS.find((c) => c === normalized) ?? "Other"),
              value_type: "hex" as const,
              exact: false,
              image_code: null,
              simple_value: normalized,
              swatch_url: null,
              name,
            };
          })
          .filter((colour) => !wanted || wanted.has(colour.code));
      },
    );

    app.get(
      "/api/carfax/badges/:vin/",
      {
        schema: {
          tags: ["inventory"],
          summary: "Vehicle history badges from the configured report provider (none is configured by default)",
          params: z.object({ vin: z.string().regex(/^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$/, validationMessage("vin")) }),
          querystring: z.object({ language: z.enum(["en", "fr"]).optional() }),
          response: { 200: carfaxBadgesSchema },
        },
      },
      async (request) => {
        const vin = request.params.vin.toUpperCase();
        return deps.reports.badges(vin, request.query.language ?? languageOf(request.locale));
      },
    );
  };
