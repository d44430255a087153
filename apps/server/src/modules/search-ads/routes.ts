import {
  detailErrorSchema,
  pageLinks,
  paginatedSchema,
  publicSearchAdSchema,
  SEARCH_PAGE_SIZE,
  searchAdCreateSchema,
  searchAdListQuerySchema,
  searchAdSchema,
  searchAdUidParamSchema,
  searchAdUpdateSchema,
  summaryWithoutPrices,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStaff } from "../../platform/actor.ts";
import { FieldErrors, notFound } from "../../platform/http-errors.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { viewRoute } from "../../platform/view-serializer.ts";
import { SEARCH_AD_STAFF_PAGE_SIZE, type SearchAdsService } from "./service.ts";

const FIELD_MESSAGES = { dealership_uid: "dealership_not_in_group", dealership_name: "dealership_not_in_group" } as const;

export const searchAdsRoutes =
  (deps: { searchAds: SearchAdsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { searchAds } = deps;
    const tags = ["search-ads"];
    const staffResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };
    const url = (request: { protocol: string; host: string; url: string }) => `${request.protocol}://${request.host}${request.url}`;

    app.post(
      "/api/dealer/search-ads/",
      {
        schema: {
          tags,
          summary:
            "Staff who may manage search ads (search_ads.manage: sales managers and admins) publish a search of their dealership as a " +
            "public, read-only list: a title and the filters as the vehicle search's query takes them (each refused filter named, e.g. filters.make).",
          body: searchAdCreateSchema,
          response: { 201: searchAdSchema, ...staffResponses },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request, "search_ads.manage");
        const dealership = requireDealership(request);
        const outcome = await searchAds.create(dealership, staff.id, request.body);
        if (!outcome.ok) throw new FieldErrors({ [`filters.${outcome.failure.field}`]: [FIELD_MESSAGES[outcome.failure.field]] });
        return reply.status(201).send(outcome.value);
      },
    );

    app.get(
      "/api/dealer/search-ads/",
      {
        schema: {
          tags,
          summary: `Staff who may manage search ads: their dealership's, newest first, ${SEARCH_AD_STAFF_PAGE_SIZE} a page, withdrawn ones too.`,
          querystring: searchAdListQuerySchema,
          response: { 200: paginatedSchema(searchAdSchema), ...staffResponses },
        },
      },
      async (request) => {
        requireStaff(request, "search_ads.manage");
        const dealership = requireDealership(request);
        const { count, results } = await searchAds.list(dealership, request.query.page);
        return { count, ...pageLinks({ url: url(request), page: request.query.page, pageSize: SEARCH_AD_STAFF_PAGE_SIZE, count }), results };
      },
    );

    app.patch(
      "/api/dealer/search-ads/:uid/",
      {
        schema: {
          tags,
          summary: "Staff who may manage search ads: withdraw an ad of their dealership (active false; its link then answers 404) or publish it again.",
          params: searchAdUidParamSchema,
          body: searchAdUpdateSchema,
          response: { 200: searchAdSchema, ...staffResponses },
        },
      },
      async (request) => {
        requireStaff(request, "search_ads.manage");
        const dealership = requireDealership(request);
        const ad = await searchAds.setActive(dealership, request.params.uid, request.body.active);
        if (!ad) throw notFound("resource_not_found");
        return ad;
      },
    );

    app.get(
      "/api/public-views/search-ads/:uid/",
      {
        schema: {
          tags,
          summary:
            `Anyone, no session needed: an active search ad of this dealership with the listed vehicles its filters match now, ${SEARCH_PAGE_SIZE} ` +
            "a page (no amounts where the dealership locks its prices). 404 for an ad of another dealership, an unknown or a withdrawn one.",
          params: searchAdUidParamSchema,
          querystring: searchAdListQuerySchema,
          response: { 200: publicSearchAdSchema, 400: validationErrorSchema, 404: detailErrorSchema },
        },
        ...viewRoute,
      },
      async (request) => {
        const dealership = requireDealership(request);
        const view = await searchAds.publicView(dealership, request.params.uid, request.query.page);
        if (!view) throw notFound("resource_not_found");
        const visible = pricesVisibleTo(request, dealership);
        return {
          ...view.ad,
          count: view.count,
          ...pageLinks({ url: url(request), page: request.query.page, pageSize: SEARCH_PAGE_SIZE, count: view.count }),
          results: visible ? view.results : view.results.map(summaryWithoutPrices),
        };
      },
    );
  };
