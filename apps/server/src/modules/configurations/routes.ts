import {
  customerConfigurationCreatedSchema,
  customerConfigurationCreateSchema,
  customerConfigurationPatchSchema,
  customerConfigurationSchema,
  detailErrorSchema,
  idPathSchema,
  languageOf,
  validationErrorSchema,
  type BuildStateWire,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOwner } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { BuildAndPriceService } from "../build-and-price/service.ts";
import { httpErrorOf } from "../build-and-price/failure-answers.ts";
import { BuildFailed } from "../build-and-price/failures.ts";
import type { CustomerConfigurationRow } from "./repo.ts";
import { tokenOfHeader, type ConfigurationsService } from "./service.ts";

type Deps = {
  configurations: ConfigurationsService;
  buildAndPrice: Pick<BuildAndPriceService, "state" | "updateState" | "usableState">;
  /** The configured vehicle at this dealership, as the list filters it, or null. */
  vehicleSummary(dealershipId: number, vehicleId: number): Promise<{ year: number; make: string; model: string; trim: string } | null>;
};

const tags = ["build-and-price"];
const errors = { 400: validationErrorSchema, 401: detailErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };
const authorization = z.object({ authorization: z.string().max(300).optional() }).loose();


/**
 * Customer configurations (spec 2.1 `configurationId`; transactional spec 7: "GET customer configuration by id and
 * PATCH configuration {id} with a token authorization header"). Creating one shares a build the caller may use and
 * answers its token once; GET and PATCH take `Authorization: Token <token>` (the build's own session, customer or
 * the dealership's staff need none). No token: 401; a wrong one: 403; another dealership's id: 404.
 */
export const configurationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { configurations, buildAndPrice } = deps;
    const toWire = async (row: CustomerConfigurationRow, state: BuildStateWire) => ({
      id: row.id,
      vehicle: state.vehicle,
      vehicle_summary: await deps.vehicleSummary(row.dealershipId, state.vehicle),
      build_state: state,
      created: row.createdAt.toISOString(),
    });
    app.setErrorHandler((error, request) => {
      throw error instanceof BuildFailed ? httpErrorOf(error.failure, languageOf(request.locale)) : error;
    });

    /** The configuration and the caller the build-and-price service is asked with (the token's holder, or the build's owner). */
    async function opened(request: FastifyRequest, reply: FastifyReply, id: number) {
      const dealership = requireDealership(request);
      const row = await configurations.find(dealership.id, id);
      if (!row) throw notFound("resource_not_found");
      const owner = sessionOwner(request, dealership);
      const token = tokenOfHeader(request.headers.authorization);
      if (token === null) {
        if (await buildAndPrice.usableState(row.buildStateUid, owner)) return { row, caller: owner };
        reply.header("www-authenticate", 'Token realm="configuration"');
        throw new HttpError(401, "configuration_token_required");
      }
      if (!token || !configurations.opens(row, token)) throw new HttpError(403, "configuration_token_invalid");
      return { row, caller: { ...owner, tokenFor: row.buildStateUid } };
    }

    app.post(
      "/api/customer/configuration/",
      {
        schema: {
          tags,
          summary:
            "Shares a build this caller may use as a customer configuration: its id (the storefront's ?configurationId=) and its token, answered once, for the Authorization header of GET and PATCH",
          body: customerConfigurationCreateSchema,
          response: { 201: customerConfigurationCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const owner = sessionOwner(request, dealership);
        if (!(await buildAndPrice.usableState(request.body.build_state, owner))) throw new FieldErrors({ build_state: ["build_state_unknown"] });
        const state = await buildAndPrice.state(request.body.build_state, owner);
        const { row, token } = await configurations.issue({ dealershipId: dealership.id, buildStateUid: state.uid, customerId: owner.customerId });
        return reply.status(201).send({ ...(await toWire(row, state)), token });
      },
    );

    app.get(
      "/api/customer/configuration/:id/",
      {
        schema: {
          tags,
          summary: "A customer configuration by id, with `Authorization: Token <token>` (401 without, 403 with a wrong one)",
          params: idPathSchema,
          headers: authorization,
          response: { 200: customerConfigurationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { row, caller } = await opened(request, reply, request.params.id);
        return toWire(row, await buildAndPrice.state(row.buildStateUid, caller));
      },
    );

    app.patch(
      "/api/customer/configuration/:id/",
      {
        schema: {
          tags,
          summary:
            "Changes a customer configuration's build (options normalised by the rules engine, source, configuration, trim_configuration), with `Authorization: Token <token>`; a build a deposit holds is refused (403)",
          params: idPathSchema,
          headers: authorization,
          body: customerConfigurationPatchSchema,
          response: { 200: customerConfigurationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { row, caller } = await opened(request, reply, request.params.id);
        return toWire(row, await buildAndPrice.updateState(row.buildStateUid, caller, request.body, null));
      },
    );
  };
