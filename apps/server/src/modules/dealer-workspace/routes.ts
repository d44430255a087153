import {
  WORKSPACE_PAGE_SIZE,
  actResultSchema,
  can,
  dealerRedirectSchema,
  detailErrorSchema,
  languageOf,
  paginatedSchema,
  validationErrorSchema,
  workspaceCustomerDetailSchema,
  workspaceCustomerQuerySchema,
  workspaceCustomerSchema,
  idPathSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { requireStaff } from "../../platform/actor.ts";
import { workspacePath } from "../dealer-auth/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { DealerWorkspaceService } from "./service.ts";

type Deps = {
  workspace: DealerWorkspaceService;
  /** Puts the customer in the session (new id) beside the staff user. */
  signInCustomer(request: FastifyRequest, customerId: number): Promise<void>;
  /** Drops the customer from the session (new id); the staff user stays. */
  signOutCustomer(request: FastifyRequest): Promise<void>;
};

const stepSettingsOf = (dealership: DealershipRow) => ({ enabled_modules: dealership.moduleSettings.enabled_modules, deposit_system: dealership.profile.deposit_system });
/** 403 bodies here also carry non_field_errors, which the dealer panel's toast reads first. */
const refusalSchema = detailErrorSchema.extend({ non_field_errors: z.array(z.string()).optional() });

export const dealerWorkspaceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { workspace } = deps;
    const tag = { tags: ["dealer-workspace"] };
    const staffResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };
    const language = (request: FastifyRequest) => languageOf(request.locale);

    app.get(
      "/api/dealer/customers/",
      {
        schema: {
          ...tag,
          summary:
            `The dealership's customers for a fully signed-in staff user, ${WORKSPACE_PAGE_SIZE} a page, latest change first: a sales ` +
            "rep sees their own and the unassigned, other roles all. search matches part of the name, the email or (3+ digits) the " +
            "phone. Each with its deal count and last activity.",
          querystring: workspaceCustomerQuerySchema,
          response: { 200: paginatedSchema(workspaceCustomerSchema), ...staffResponses },
        },
      },
      async (request) => {
        const staff = requireStaff(request, "workspace.view");
        const dealership = requireDealership(request);
        const { search, page } = request.query;
        const { count, results } = await workspace.listCustomers(staff, dealership.id, { search, page });
        const link = (p: number) => `/api/dealer/customers/?${new URLSearchParams({ ...(search && { search }), page: String(p) }).toString()}`;
        return {
          count,
          next: page * WORKSPACE_PAGE_SIZE < count ? link(page + 1) : null,
          previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / WORKSPACE_PAGE_SIZE)))) : null,
          results,
        };
      },
    );

    app.get(
      "/api/dealer/customers/:id/",
      {
        schema: {
          ...tag,
          summary:
            "One customer with their deals (status, step progress, deposit, trade-in, credit application and quote state; null " +
            "until those flows exist) and whether this staff user may act for them. 404 for a customer the user may not see.",
          params: idPathSchema,
          response: { 200: workspaceCustomerDetailSchema, ...staffResponses },
        },
      },
      async (request) => {
        const staff = requireStaff(request, "workspace.view");
        const dealership = requireDealership(request);
        const row = await workspace.visibleCustomer(staff, dealership.id, request.params.id);
        if (!row) throw notFound("resource_not_found");
        return { ...(await workspace.customerDetail(dealership.id, row, stepSettingsOf(dealership))), can_act: can(staff.role, "customers.act_as") };
      },
    );

    app.post(
      "/api/dealer/customers/:id/act/",
      {
        schema: {
          ...tag,
          summary:
            "Acts for a customer: the customer joins the staff user's session (new session id), the storefront then shows their " +
            "deals, and every change made until end_customer_session is recorded on the customer's deals. 403 for roles that may " +
            "not act (organization assistant); 404 for a customer the user may not see.",
          params: idPathSchema,
          response: { 200: actResultSchema, ...staffResponses },
        },
      },
      async (request) => {
        const staff = requireStaff(request, "customers.act_as");
        const dealership = requireDealership(request);
        const row = await workspace.visibleCustomer(staff, dealership.id, request.params.id);
        if (!row) throw notFound("resource_not_found");
        await deps.signInCustomer(request, row.id);
        return {
          customer: { id: row.id, full_name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
          redirect_to: `/${language(request)}/${dealership.code}/orders/`,
        };
      },
    );

    /** Both calls of the dealer menu end the acting (the customer leaves the session) and lead to the customer list. */
    const leaveCustomer = (url: string, summary: string) =>
      app.post(
        url,
        { schema: { tags: ["dealer-auth"], summary, response: { 200: dealerRedirectSchema, 403: refusalSchema } } },
        async (request) => {
          const actor = request.actor;
          if (actor.kind !== "staff" && actor.kind !== "acting") throw new HttpError(403, "not_authenticated").withNonFieldErrors();
          if (!actor.staff.reachesDealership) throw new HttpError(403, "dealership_mismatch").withNonFieldErrors();
          if (actor.kind === "acting") await deps.signOutCustomer(request);
          return { redirect_to: workspacePath(language(request), requireDealership(request).code) };
        },
      );
    leaveCustomer(
      "/api/quickshop/user/end_customer_session/",
      "Ends acting for a customer: the customer leaves the session (new id), the staff user stays. Answers redirect_to, the " +
        "customer list. Without a staff session: 403 with detail and non_field_errors.",
    );
    leaveCustomer(
      "/api/quickshop/user/back_to_dealer_panel/",
      "Back to the dealer panel (the customer list): like end_customer_session, the customer leaves the session so nothing " +
        "more is done in their name. Answers redirect_to.",
    );
  };
