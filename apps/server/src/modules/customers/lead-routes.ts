import {
  contactLeadResultSchema,
  contactLeadSchema,
  crmEventSchema,
  customerLeadSchema,
  detailErrorSchema,
  idPathSchema,
  languageOf,
  notifyMeResultSchema,
  notifyMeSchema,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf, staffHere } from "../../platform/actor.ts";
import { HttpError } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { checkReferences, customerInPath, customersTag, type CustomerRouteDeps } from "./route-support.ts";

/** Leads and journey events for the dealership's CRM. */
export const customerLeadRoutes =
  (deps: CustomerRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { customers } = deps;
    app.post(
      "/api/customer/contact_dealer/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...customersTag,
          summary: "Contact-dealer lead: stored for the dealership and queued for its CRM",
          body: contactLeadSchema,
          response: { 201: contactLeadResultSchema, 400: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const lead = request.body;
        await checkReferences(deps, request, lead);
        const row = await deps.contactDealer({ dealershipId: dealership.id, lead, language: languageOf(request.locale), customerId: customerIdOf(request.actor) });
        return reply.status(201).send({ id: row.id, status: "queued" as const });
      },
    );

    app.post(
      "/api/customer/notify_me/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...customersTag,
          summary:
            "Notify-me form: email, names, phone, terms_confirmation (required: 'notify-me confirmation required' otherwise), the vehicle and the deal when " +
            "there is one. Stored, marked on the deal (has_notify_me_submission), and queued for the dealership's CRM as an ADF lead when it has one.",
          body: notifyMeSchema,
          response: { 201: notifyMeResultSchema, 400: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        await checkReferences(deps, request, request.body);
        let result: { id: number; queued: boolean };
        try {
          result = await deps.notifyMe({
            dealership,
            request: request.body,
            customerId: customerIdOf(request.actor),
            byStaff: staffHere(request.actor) !== null,
            language: languageOf(request.locale),
          });
        } catch (error) {
          request.log.error({ err: error }, "a notify-me request could not be stored");
          throw new HttpError(500, "notify_me_failed", { code: "notify_me_failed" });
        }
        return reply.status(201).send({ id: result.id, status: result.queued ? ("queued" as const) : ("recorded" as const) });
      },
    );

    app.post(
      "/api/customer/:id/send_customer_lead/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...customersTag,
          summary: "Sends the customer's lead to the dealership's CRM (only when it has one)",
          params: idPathSchema,
          body: customerLeadSchema,
          response: { 201: z.object({ status: z.enum(["queued", "not_sent"]) }), 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const row = await customerInPath(deps, request, request.params.id);
        const lead = request.body;
        await checkReferences(deps, request, lead);
        const queued = await deps.leads.send({
          dealership,
          customer: row,
          byStaff: staffHere(request.actor) !== null,
          url: lead.url,
          comments: lead.comments ?? null,
          vehicleId: lead.vehicle ?? null,
        });
        return reply.status(201).send({ status: queued ? ("queued" as const) : ("not_sent" as const) });
      },
    );

    app.post(
      "/api/customer/user/log_crm_event/",
      {
        config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
        schema: { ...customersTag, summary: "Logs a step of the shopper's journey for the dealership's CRM; an order must be the signed-in customer's, a vehicle one the dealership shows (400 otherwise)", body: crmEventSchema, response: { 201: z.object({ status: z.literal("logged") }), 400: validationErrorSchema } },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        await checkReferences(deps, request, request.body);
        await customers.logCrmEvent({
          dealershipId: dealership.id,
          customerId: customerIdOf(request.actor),
          event: request.body.event,
          orderId: request.body.order ?? null,
          vehicleId: request.body.vehicle ?? null,
        });
        return reply.status(201).send({ status: "logged" as const });
      },
    );
  };
