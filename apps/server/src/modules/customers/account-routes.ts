import {
  can,
  canSeeCustomer,
  consentResultSchema,
  consentSchema,
  customerUpdateSchema,
  customerUserSchema,
  detailErrorSchema,
  etiAuthenticationSchema,
  idPathSchema,
  languageOf,
  leadTypeSchema,
  registrationBodySchema,
  registrationSchema,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffHere } from "../../platform/actor.ts";
import { FieldErrors, HttpError, parseWith } from "../../platform/http-errors.ts";
import { addressLimit } from "../../platform/rate-limit.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { customerInPath, customersTag, signedInCustomer, signUpRulesOf, type CustomerRouteDeps } from "./route-support.ts";
import type { CustomerRow } from "./service.ts";

/** The customer's account: sign-up (also by staff), profile, consents, sign-out and closing. */
export const customerAccountRoutes =
  (deps: CustomerRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { customers } = deps;
    const present = (request: FastifyRequest, row: CustomerRow) => customers.toCustomerUser(row, requireDealership(request), deps.publicOrigin);
    const codeLimit = addressLimit(deps.signInLimitPer15Minutes, "15 minutes");

    app.post(
      "/api/customer/",
      {
        config: codeLimit,
        schema: {
          ...customersTag,
          summary:
            "Registers a customer under the dealership's sign-up rules and signs them in. An email already on file answers 400 " +
            "code EMAIL_CONFLICT (shoppers then sign in with a code); for staff it opens that customer instead (403 when assigned " +
            "to another sales rep). Under a fully signed-in staff session the customer is assigned to the staff user, the staff user " +
            "starts acting for them, and send_invitation_email defaults to the staff user's default_send_invitation_email; roles that " +
            "may not add customers (organization assistant) get 403.",
          body: registrationBodySchema,
          response: { 200: customerUserSchema, 201: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const registration = parseWith(registrationSchema(signUpRulesOf(dealership)), request.body);
        if (registration.vehicle !== undefined && !(await deps.vehicleVisible(dealership.id, registration.vehicle))) {
          throw new FieldErrors({ vehicle: ["resource_not_found"] });
        }
        const staff = staffHere(request.actor);
        if (staff && !can(staff.role, "customers.create")) throw new HttpError(403, "permission_denied");
        // Staff choose whether the customer gets an invitation; left out, their own default applies.
        const chosen = staff ? { ...registration, send_invitation_email: registration.send_invitation_email ?? staff.defaultSendInvitationEmail } : registration;
        const created = await deps.register({ dealership, registration: chosen, language: languageOf(request.locale), staff, origin: deps.publicOrigin });
        if (created) {
          await deps.session.signIn(request, created.id);
          return reply.status(201).send(present(request, created));
        }
        if (!staff) throw new FieldErrors({ email: ["email_conflict"] }, "EMAIL_CONFLICT");
        // Staff never go through re-entry: they open the customer who already has this email, when theirs to see.
        const existing = (await customers.byEmail(dealership.id, registration.email))!;
        if (!canSeeCustomer(staff, { dealer_user: existing.dealerUserId })) throw new HttpError(403, "customer_assigned_elsewhere");
        await deps.session.signIn(request, existing.id);
        return reply.status(200).send(present(request, existing));
      },
    );

    app.post(
      "/api/customer/user/validate_input/",
      {
        schema: {
          ...customersTag,
          summary: "Checks a registration payload against the dealership's sign-up rules without creating anything",
          body: registrationBodySchema,
          response: { 200: z.object({ valid: z.literal(true) }), 400: validationErrorSchema },
        },
      },
      async (request) => {
        parseWith(registrationSchema(signUpRulesOf(requireDealership(request))), request.body);
        return { valid: true as const };
      },
    );

    app.get(
      "/api/customer/current_user/",
      { schema: { ...customersTag, summary: "The signed-in customer (403 when none; 440 when the session expired)", response: { 200: customerUserSchema, 403: detailErrorSchema } } },
      async (request) => present(request, await signedInCustomer(deps, request)),
    );

    app.post(
      "/api/customer/logout/",
      { schema: { ...customersTag, summary: "Ends the customer's session (a staff user acting for them stays signed in)" } },
      async (request, reply) => {
        await deps.session.signOut(request);
        return reply.status(204).send();
      },
    );

    for (const method of ["PUT", "PATCH"] as const) {
      app.route({
        method,
        url: "/api/customer/:id/",
        schema: {
          ...customersTag,
          summary: "Updates the signed-in customer's profile; the email stays as registered",
          params: idPathSchema,
          body: z.record(z.string(), z.unknown()),
          response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
        handler: async (request) => {
          const row = await customerInPath(deps, request, request.params.id);
          const changes = parseWith(customerUpdateSchema(signUpRulesOf(requireDealership(request))), request.body);
          const updated = await customers.update(row.id, {
            ...(changes.first_name !== undefined && { firstName: changes.first_name }),
            ...(changes.last_name !== undefined && { lastName: changes.last_name }),
            ...(changes.phone !== undefined && { phone: changes.phone }),
            ...(changes.postal_code !== undefined && { postalCode: changes.postal_code }),
            ...(changes.preferred_method_of_contact !== undefined && { preferredMethodOfContact: changes.preferred_method_of_contact }),
            ...(changes.language !== undefined && { language: changes.language }),
            ...(changes.adobe_tracking_id !== undefined && { adobeTrackingId: changes.adobe_tracking_id }),
          });
          return present(request, updated);
        },
      });
    }

    app.delete(
      "/api/customer/:id/",
      {
        schema: {
          ...customersTag,
          summary:
            "Closes the signed-in customer's account: their deals, consents and codes are deleted and the session ends. Refused " +
            "(400 with the reason's code) while a deal holds a paid or pre-authorized deposit or waits for a personalized quote.",
          params: idPathSchema,
          response: { 204: z.null(), 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const row = await customerInPath(deps, request, request.params.id);
        const refusal = await deps.accountClosingRefusal(row);
        if (refusal) throw new FieldErrors({ non_field_errors: [refusal] }, refusal);
        await customers.remove(row);
        await deps.session.signOut(request);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/customer/update_lead_type/",
      { schema: { ...customersTag, summary: "Sets the signed-in customer's lead type", body: leadTypeSchema, response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema } } },
      async (request) => {
        const row = await signedInCustomer(deps, request);
        return present(request, await customers.update(row.id, { leadType: request.body.lead_type }));
      },
    );

    app.post(
      "/api/consents/",
      {
        schema: {
          ...customersTag,
          summary: "Records the signed-in customer's consents",
          body: consentSchema,
          response: { 201: consentResultSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const row = await customerInPath(deps, request, request.body.user);
        const consent = await customers.recordConsent({
          dealershipId: row.dealershipId,
          customerId: row.id,
          disclosureTokenization: request.body.disclosure_tokenization ?? null,
          termsAndConditions: request.body.terms_and_conditions ?? null,
        });
        return reply.status(201).send({
          id: consent.id,
          user: row.id,
          disclosure_tokenization: consent.disclosureTokenization ?? undefined,
          terms_and_conditions: consent.termsAndConditions,
          created: consent.createdAt.toISOString(),
        });
      },
    );

    app.post(
      "/api/customer/:id/authenticate_eti_user/",
      {
        schema: {
          ...customersTag,
          summary: "Links an external trade-in estimate (eti_id, campaign cat_id) to the signed-in customer",
          params: idPathSchema,
          body: etiAuthenticationSchema,
          response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request) => {
        const row = await customerInPath(deps, request, request.params.id);
        return present(request, await customers.linkEstimate(row, request.body));
      },
    );

  };
