import { can, canSeeCustomer, creditApplicationWireSchema, idPathSchema, rowIdTextSchema, validationMessage } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../platform/actor.ts";
import { notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import { creditErrors } from "./routes.ts";
import type { CreditApplicationsService } from "./service.ts";

const customerQuerySchema = z.object({ customer: rowIdTextSchema(validationMessage("row_id")) });

/**
 * The dealer workspace's credit application calls. Only staff past the second factor whose role and book let them
 * see the customer read an application (404 otherwise); every read is recorded with who read it, and the SIN is
 * masked for them too.
 */
export const creditApplicationStaffRoutes =
  (deps: { credit: CreditApplicationsService; customers: Pick<CustomersService, "byId">; now: () => Date }): FastifyPluginAsyncZod =>
  async (app) => {
    const { credit } = deps;
    const tag = { tags: ["credit-application", "dealer"] };

    async function staffSeeingCustomer(request: FastifyRequest, customerId: number) {
      const staff = requireStaff(request, "workspace.view");
      const dealership = requireDealership(request);
      const customer = await deps.customers.byId(dealership.id, customerId);
      if (!customer || !can(staff.role, "workspace.view") || !canSeeCustomer(staff, { dealer_user: customer.dealerUserId })) throw notFound("resource_not_found");
      return { staff, dealership };
    }

    const read = async (staffId: number, row: Parameters<CreditApplicationsService["present"]>[0]) => {
      await credit.repo.recordAccess([{ dealershipId: row.dealershipId, applicationId: row.id, field: "application", purpose: "staff_read", actorKind: "staff", actorId: staffId, at: deps.now() }]);
      return credit.present(row, { deal: null, viewer: { kind: "staff", id: staffId }, demonstration: credit.lender.demonstration });
    };

    app.get(
      "/api/quickshop/credit-applications/",
      { schema: { ...tag, summary: "A customer's credit applications, newest first, for staff who see that customer; each read is recorded", querystring: customerQuerySchema, response: { 200: z.array(creditApplicationWireSchema), ...creditErrors } } },
      async (request) => {
        const { staff, dealership } = await staffSeeingCustomer(request, request.query.customer);
        const rows = await credit.repo.listOf({ dealershipId: dealership.id, customerId: request.query.customer });
        const out = [];
        for (const row of rows) out.push(await read(staff.id, row));
        return out;
      },
    );

    app.get(
      "/api/quickshop/credit-applications/:id/",
      { schema: { ...tag, summary: "One credit application for staff who see its customer (404 otherwise); the read is recorded", params: idPathSchema, response: { 200: creditApplicationWireSchema, ...creditErrors } } },
      async (request) => {
        const dealership = requireDealership(request);
        const row = await credit.repo.atDealership(dealership.id, request.params.id);
        if (!row) {
          requireStaff(request, "workspace.view");
          throw notFound("resource_not_found");
        }
        const { staff } = await staffSeeingCustomer(request, row.customerId);
        return read(staff.id, row);
      },
    );
  };
