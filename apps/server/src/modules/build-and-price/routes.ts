import {
  buildDifferencesSchema,
  buildImagesQuerySchema,
  buildImagesSchema,
  buildStateCreateSchema,
  buildStatePatchSchema,
  buildStateSchema,
  buildStateUidParamSchema,
  compareBuildStateSchema,
  configQuerySchema,
  configurationStateSchema,
  detailErrorSchema,
  generateBuildStateSchema,
  generatedBuildStateSchema,
  languageOf,
  premiumPaintsQuerySchema,
  premiumPaintsSchema,
  trimConfigurationCheckSchema,
  trimConfigurationQuerySchema,
  trimConfigurationResultSchema,
  trimConfigurationSchema,
  trimIdParamSchema,
  trimSchema,
  validationErrorSchema,
  vehiclePictureSvg,
  bodyTypeOfSlug,
  can,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOwner, staffHere } from "../../platform/actor.ts";
import type { PostDepositEditor } from "./build-states.ts";
import { notFound } from "../../platform/http-errors.ts";
import { sendPicture } from "../../platform/pictures.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { buildImageOf, httpErrorOf, trimCheckAnswer } from "./failure-answers.ts";
import { BuildFailed } from "./failures.ts";
import { BUILD_IMAGE_ANGLES } from "./pictures.ts";
import type { BuildAndPriceService } from "./service.ts";

type Deps = { buildAndPrice: BuildAndPriceService };


const tags = ["build-and-price"];
const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

export const buildAndPriceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { buildAndPrice } = deps;
    const language = (request: FastifyRequest) => languageOf(request.locale);
    const caller = (request: FastifyRequest) => sessionOwner(request, requireDealership(request));
    /** Staff of this dealership who may act for its customers: the only ones who change a build its deposit holds. */
    const postDepositEditor = (request: FastifyRequest): PostDepositEditor | null => {
      const staff = staffHere(request.actor);
      return staff && can(staff.role, "customers.act_as") ? { staffUserId: staff.id, staffName: staff.fullName } : null;
    };
    // The service's failures are values; here they become the contract's statuses and messages (the
    // platform's error handler, this one's parent, sends them).
    app.setErrorHandler((error, request) => {
      throw error instanceof BuildFailed ? httpErrorOf(error.failure, language(request)) : error;
    });

    async function trimOf(id: number) {
      const trim = await buildAndPrice.trimById(id);
      if (!trim) throw notFound("trim_not_found");
      return trim;
    }

    app.get(
      "/api/build-and-price/trims/:id/",
      { schema: { tags, summary: "A trim of the catalogue with its build options and their rules (prices in cents)", params: trimIdParamSchema, response: { 200: trimSchema, ...errors } } },
      async (request) => {
        requireDealership(request);
        return trimOf(request.params.id);
      },
    );

    app.get(
      "/api/build-and-price/trims/:id/config/",
      {
        schema: {
          tags,
          summary:
            "The configuration state of a selection (comma list), or of a change to it (add, remove, or swap=NEW,OLD). A change that breaks a rule " +
            "answers the unchanged state with `conflict` and its alternatives; a new colour drops premium-paint charges no longer needed.",
          params: trimIdParamSchema,
          querystring: configQuerySchema,
          response: { 200: configurationStateSchema, ...errors },
        },
      },
      async (request) => {
        requireDealership(request);
        return buildAndPrice.config(await trimOf(request.params.id), request.query);
      },
    );

    app.get(
      "/api/build-and-price/premium-paints/",
      {
        schema: {
          tags,
          summary: "Option codes a manufacturer uses to charge for a premium paint (oem without case; none for an unknown one)",
          querystring: premiumPaintsQuerySchema,
          response: { 200: premiumPaintsSchema, ...errors },
        },
      },
      async (request) => {
        requireDealership(request);
        return buildAndPrice.premiumPaints(request.query.oem);
      },
    );

    app.get(
      "/api/build-and-price/build-images/",
      {
        schema: {
          tags,
          summary: "Pictures of a vehicle of this dealership in the build's exterior colour (without build_state_id, the trim's default colour)",
          querystring: buildImagesQuerySchema,
          response: { 200: buildImagesSchema, ...errors },
        },
      },
      async (request) => ({ results: (await buildAndPrice.buildPictures(caller(request), request.query.vehicle_id, request.query.build_state_id)).map(buildImageOf) }),
    );

    app.get(
      "/api/build-and-price/build-images/render/:bodyType/:hex/:file",
      {
        config: { tenant: false },
        schema: {
          tags,
          summary: "A drawn picture of a body type in a colour (six hex digits), at angle 0 (side) or 1 (closer, facing the other way)",
          params: z.object({
            bodyType: z.string().regex(/^[a-z0-9-]{1,40}$/),
            hex: z.string().regex(/^[0-9a-f]{6}$/),
            file: z.enum(BUILD_IMAGE_ANGLES.map((angle) => `${angle}.svg`) as ["0.svg", "1.svg"]),
          }),
        },
      },
      async (request, reply) => {
        const { bodyType, hex, file } = request.params;
        return sendPicture(reply, vehiclePictureSvg({ bodyType: bodyTypeOfSlug(bodyType), colourHex: `#${hex}`, angle: Number(file[0]) as 0 | 1 }));
      },
    );

    app.post(
      "/api/build-and-price/build-state/",
      {
        schema: {
          tags,
          summary:
            "Starts a build of a vehicle of this dealership (with no options, its default exterior colour); it belongs to this session and " +
            "its customer. Options that break a rule are refused naming the rules.",
          body: buildStateCreateSchema,
          response: { 201: buildStateSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await buildAndPrice.createState(caller(request), request.body)),
    );

    app.post(
      "/api/build-and-price/build-state/generate_build_state/",
      {
        schema: {
          tags,
          summary: "The configuration state and pictures of a vehicle with these options, without storing anything (post-deposit editing)",
          body: generateBuildStateSchema,
          response: { 200: generatedBuildStateSchema, ...errors },
        },
      },
      async (request) => {
        const { state, pictures } = await buildAndPrice.generate(requireDealership(request).id, request.body);
        return { state, images: pictures.map(buildImageOf) };
      },
    );

    app.get(
      "/api/build-and-price/build-state/:uid/",
      {
        schema: {
          tags,
          summary: "A build of this session or its customer (or, for the dealership's staff, any of its builds); 404 for anyone else's",
          params: buildStateUidParamSchema,
          response: { 200: buildStateSchema, ...errors },
        },
      },
      async (request) => buildAndPrice.state(request.params.uid, caller(request)),
    );

    app.patch(
      "/api/build-and-price/build-state/:uid/",
      {
        schema: {
          tags,
          summary:
            "Changes a build: its options (normalised by the rules engine; a selection that breaks a rule is refused), source or configuration. Once a deposit locks it: 403 for the shopper; staff who may act for customers change it where the dealership allows post-deposit editing, with last_date_of_change_checked when it asks for the confirmation (400 without), and the buyer is emailed.",
          params: buildStateUidParamSchema,
          body: buildStatePatchSchema,
          response: { 200: buildStateSchema, ...errors },
        },
      },
      async (request) => buildAndPrice.updateState(request.params.uid, caller(request), request.body, postDepositEditor(request)),
    );

    app.delete(
      "/api/build-and-price/build-state/:uid/",
      { schema: { tags, summary: "Removes a build", params: buildStateUidParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await buildAndPrice.deleteState(request.params.uid, caller(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/build-and-price/build-state/:uid/compare_build_state/",
      {
        schema: {
          tags,
          summary: "What would change from the stored build to these options: present options added and removed (MSRP in cents, 0 when included), and the MSRP before and after",
          params: buildStateUidParamSchema,
          body: compareBuildStateSchema,
          response: { 200: buildDifferencesSchema, ...errors },
        },
      },
      async (request) => buildAndPrice.compare(request.params.uid, caller(request), request.body),
    );

    app.get(
      "/api/build-and-price/trim-configuration/",
      {
        schema: {
          tags,
          summary: "Alternative configurator: the option groups and steps of a model's trims (the named trim, else the first) and the initial selection with this dealership's vehicle of that trim",
          querystring: trimConfigurationQuerySchema,
          response: { 200: trimConfigurationSchema, ...errors },
        },
      },
      async (request) => buildAndPrice.trimConfiguration(requireDealership(request).id, request.query),
    );

    app.post(
      "/api/build-and-price/trim-configuration/",
      {
        schema: {
          tags,
          summary:
            "Alternative configurator: checks a new selection (one trim id plus codes of that trim). Valid: the resulting selection and the matching vehicle; " +
            "invalid: the problems, the previous selection and suggested selections that resolve them.",
          body: trimConfigurationCheckSchema,
          response: { 200: trimConfigurationResultSchema, ...errors },
        },
      },
      async (request) => trimCheckAnswer(await buildAndPrice.checkTrimConfiguration(requireDealership(request).id, request.body), language(request)),
    );
  };
