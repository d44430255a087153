import { contactLeadResultSchema, contactLeadSchema, languageOf, validationErrorSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ContactLead } from "@showroom/domain";
import { FieldErrors } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";

type Deps = {
  contactDealer(input: { dealershipId: number; lead: ContactLead; language: string }): Promise<{ id: number }>;
  /** Whether this dealership may show the vehicle (its own or its group's). */
  vehicleVisible(dealershipId: number, vehicleId: number): Promise<boolean>;
};

export const customerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/customer/contact_dealer/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          tags: ["customers"],
          summary: "Contact-dealer lead: stored for the dealership and queued for its CRM",
          body: contactLeadSchema,
          response: { 201: contactLeadResultSchema, 400: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const lead = request.body;
        if (lead.vehicle !== undefined && !(await deps.vehicleVisible(dealership.id, lead.vehicle))) {
          throw new FieldErrors({ vehicle: ["resource_not_found"] });
        }
        const row = await deps.contactDealer({ dealershipId: dealership.id, lead, language: languageOf(request.locale) });
        return reply.status(201).send({ id: row.id, status: "queued" as const });
      },
    );
  };
