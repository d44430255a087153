import {
  consentResultSchema,
  consentSchema,
  contactLeadResultSchema,
  contactLeadSchema,
  crmEventSchema,
  customerLeadSchema,
  customerUpdateSchema,
  customerUserSchema,
  decodedTokenSchema,
  detailErrorSchema,
  etiAuthenticationSchema,
  languageOf,
  leadTypeSchema,
  redirectResultSchema,
  reentryCodeRequestSchema,
  reentryCodeSentSchema,
  reentryCodeVerifySchema,
  registrationBodySchema,
  registrationSchema,
  signUpRulesFor,
  tokenizedUrlDecodeSchema,
  validationErrorSchema,
  can,
  canSeeCustomer,
  type ContactLead,
  type DeletionRefusal,
  type EffectiveRole,
  type Registration,
  idPathSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressLimit } from "../../platform/rate-limit.ts";
import { FieldErrors, HttpError, notFound, parseWith } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { toDealerInfo } from "../dealerships/service.ts";
import { hashSessionId } from "../sessions/service.ts";
import type { CustomerRow, CustomersService } from "./service.ts";

/** A fully signed-in staff user who reaches this dealership, with what the customer calls need of them. */
export type StaffActor = { id: number; role: EffectiveRole; defaultSendInvitationEmail: boolean };

type Deps = {
  customers: CustomersService;
  contactDealer(input: { dealershipId: number; lead: ContactLead; language: string }): Promise<{ id: number }>;
  /** Whether this dealership may show the vehicle (its own or its group's). */
  vehicleVisible(dealershipId: number, vehicleId: number): Promise<boolean>;
  /** Whether the deal is this customer's, at this dealership. */
  orderOwned(owner: { dealershipId: number; customerId: number }, orderId: number): Promise<boolean>;
  /** Creates the customer and sends what follows from it (consents, CRM lead, invitation); null on an email conflict. */
  register(input: { dealership: DealershipRow; registration: Registration; language: "en" | "fr"; staff: StaffActor | null; origin: string }): Promise<CustomerRow | null>;
  /** Queues a CRM lead for the customer when the dealership takes them; false when it went nowhere. */
  sendLead(input: { dealership: DealershipRow; customer: CustomerRow; staff: StaffActor | null; lead: z.output<typeof customerLeadSchema> }): Promise<boolean>;
  /** Signs the customer in under a new session id, keeping a staff user who is acting for them. */
  signIn(request: FastifyRequest, customerId: number): Promise<void>;
  /** Ends the customer's part of the session; a staff user stays signed in. */
  signOut(request: FastifyRequest): Promise<void>;
  /** Why the customer's account cannot be closed (a deal holds a deposit or waits for a quote), or null. */
  accountClosingRefusal(customer: CustomerRow): Promise<DeletionRefusal | null>;
  /** Every link the customer is sent or shown starts here (never the request's Host header). */
  publicOrigin: string;
  /** Sign-up, code and re-entry-link calls one address may make in 15 minutes. */
  signInLimitPer15Minutes: number;
  /** The staff user of the request when fully signed in here; anyone else counts as a shopper in these calls. */
  staffOf(request: FastifyRequest): Promise<StaffActor | null>;
};

export const customerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { customers } = deps;
    const rulesOf = (dealership: DealershipRow) => signUpRulesFor(toDealerInfo(dealership));
    const present = (request: FastifyRequest, row: CustomerRow) => customers.toCustomerUser(row, requireDealership(request), deps.publicOrigin);

    async function signedInCustomer(request: FastifyRequest): Promise<CustomerRow> {
      const dealership = requireDealership(request);
      const id = request.session?.customerId;
      const row = id ? await customers.byId(dealership.id, id) : null;
      if (!row) throw new HttpError(403, "customer_not_signed_in");
      return row;
    }
    /** The signed-in customer when the path names them; anyone else's id is simply not found. */
    async function customerInPath(request: FastifyRequest, id: number): Promise<CustomerRow> {
      const row = await signedInCustomer(request);
      if (row.id !== id) throw notFound("resource_not_found");
      return row;
    }
    /** Ids a lead or an event names must be ones the caller may see: the dealership's vehicles, the customer's own deals. */
    async function checkReferences(request: FastifyRequest, refs: { vehicle?: number | undefined; order?: number | undefined }) {
      const dealership = requireDealership(request);
      const fields: Record<string, "resource_not_found"[]> = {};
      if (refs.vehicle !== undefined && !(await deps.vehicleVisible(dealership.id, refs.vehicle))) fields["vehicle"] = ["resource_not_found"];
      if (refs.order !== undefined) {
        const customerId = request.session?.customerId ?? null;
        if (customerId === null || !(await deps.orderOwned({ dealershipId: dealership.id, customerId }, refs.order))) fields["order"] = ["resource_not_found"];
      }
      if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
    }
    const tag = { tags: ["customers"] };
    const codeLimit = addressLimit(deps.signInLimitPer15Minutes, "15 minutes");

    app.post(
      "/api/customer/contact_dealer/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary: "Contact-dealer lead: stored for the dealership and queued for its CRM",
          body: contactLeadSchema,
          response: { 201: contactLeadResultSchema, 400: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const lead = request.body;
        await checkReferences(request, lead);
        const row = await deps.contactDealer({ dealershipId: dealership.id, lead, language: languageOf(request.locale) });
        return reply.status(201).send({ id: row.id, status: "queued" as const });
      },
    );

    app.post(
      "/api/customer/",
      {
        config: codeLimit,
        schema: {
          ...tag,
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
        const registration = parseWith(registrationSchema(rulesOf(dealership)), request.body);
        if (registration.vehicle !== undefined && !(await deps.vehicleVisible(dealership.id, registration.vehicle))) {
          throw new FieldErrors({ vehicle: ["resource_not_found"] });
        }
        const staff = await deps.staffOf(request);
        if (staff && !can(staff.role, "customers.create")) throw new HttpError(403, "permission_denied");
        // Staff choose whether the customer gets an invitation; left out, their own default applies.
        const chosen = staff ? { ...registration, send_invitation_email: registration.send_invitation_email ?? staff.defaultSendInvitationEmail } : registration;
        const created = await deps.register({ dealership, registration: chosen, language: languageOf(request.locale), staff, origin: deps.publicOrigin });
        if (created) {
          await deps.signIn(request, created.id);
          return reply.status(201).send(present(request, created));
        }
        if (!staff) throw new FieldErrors({ email: ["email_conflict"] }, "EMAIL_CONFLICT");
        // Staff never go through re-entry: they open the customer who already has this email, when theirs to see.
        const existing = (await customers.byEmail(dealership.id, registration.email))!;
        if (!canSeeCustomer(staff, { dealer_user: existing.dealerUserId })) throw new HttpError(403, "customer_assigned_elsewhere");
        await deps.signIn(request, existing.id);
        return reply.status(200).send(present(request, existing));
      },
    );

    app.post(
      "/api/customer/user/validate_input/",
      {
        schema: {
          ...tag,
          summary: "Checks a registration payload against the dealership's sign-up rules without creating anything",
          body: registrationBodySchema,
          response: { 200: z.object({ valid: z.literal(true) }), 400: validationErrorSchema },
        },
      },
      async (request) => {
        parseWith(registrationSchema(rulesOf(requireDealership(request))), request.body);
        return { valid: true as const };
      },
    );

    app.get(
      "/api/customer/current_user/",
      { schema: { ...tag, summary: "The signed-in customer (403 when none; 440 when the session expired)", response: { 200: customerUserSchema, 403: detailErrorSchema } } },
      async (request) => present(request, await signedInCustomer(request)),
    );

    app.post(
      "/api/customer/logout/",
      { schema: { ...tag, summary: "Ends the customer's session (a staff user acting for them stays signed in)" } },
      async (request, reply) => {
        await deps.signOut(request);
        return reply.status(204).send();
      },
    );

    for (const method of ["PUT", "PATCH"] as const) {
      app.route({
        method,
        url: "/api/customer/:id/",
        schema: {
          ...tag,
          summary: "Updates the signed-in customer's profile; the email stays as registered",
          params: idPathSchema,
          body: z.record(z.string(), z.unknown()),
          response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
        handler: async (request) => {
          const row = await customerInPath(request, request.params.id);
          const changes = parseWith(customerUpdateSchema(rulesOf(requireDealership(request))), request.body);
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
          ...tag,
          summary:
            "Closes the signed-in customer's account: their deals, consents and codes are deleted and the session ends. Refused " +
            "(400 with the reason's code) while a deal holds a paid or pre-authorized deposit or waits for a personalized quote.",
          params: idPathSchema,
          response: { 204: z.null(), 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const row = await customerInPath(request, request.params.id);
        const refusal = await deps.accountClosingRefusal(row);
        if (refusal) throw new FieldErrors({ non_field_errors: [refusal] }, refusal);
        await customers.remove(row.id);
        await deps.signOut(request);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/customer/:id/send_customer_lead/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary: "Sends the customer's lead to the dealership's CRM (only when it has one)",
          params: idPathSchema,
          body: customerLeadSchema,
          response: { 201: z.object({ status: z.enum(["queued", "not_sent"]) }), 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const row = await customerInPath(request, request.params.id);
        const lead = request.body;
        await checkReferences(request, lead);
        const queued = await deps.sendLead({ dealership, customer: row, staff: await deps.staffOf(request), lead });
        return reply.status(201).send({ status: queued ? ("queued" as const) : ("not_sent" as const) });
      },
    );

    app.post(
      "/api/customer/update_lead_type/",
      { schema: { ...tag, summary: "Sets the signed-in customer's lead type", body: leadTypeSchema, response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema } } },
      async (request) => {
        const row = await signedInCustomer(request);
        return present(request, await customers.update(row.id, { leadType: request.body.lead_type }));
      },
    );

    app.post(
      "/api/customer/send_reentry_code/",
      {
        config: codeLimit,
        schema: {
          ...tag,
          summary:
            "Emails a 6-digit sign-in code (valid 10 minutes, 5 tries) to a customer of this dealership. The answer, masked, is the " +
            "same for an unknown email. 429 after 5 requests for one email in 15 minutes, or more from one address than configured.",
          body: reentryCodeRequestSchema,
          response: { 200: reentryCodeSentSchema, 400: validationErrorSchema, 403: detailErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const result = await customers.requestCode({ dealership, email: request.body.email, sessionHash: hashSessionId(request.sessionId) });
        if (result.outcome === "throttled") {
          reply.header("retry-after", String(result.retryAfterSeconds));
          throw new HttpError(429, "throttled", {}, { seconds: result.retryAfterSeconds });
        }
        return result.masked;
      },
    );

    app.post(
      "/api/customer/verify_reentry_code/",
      {
        config: codeLimit,
        schema: {
          ...tag,
          summary: "Signs the customer in with the code this browser asked for; wrong, used or expired: 400 'Code is incorrect'",
          body: reentryCodeVerifySchema,
          // The field at fault is itself called "code", so this 400 has no separate error code; a body that is
          // not JSON gets the usual {"detail": ...}.
          response: { 200: redirectResultSchema, 400: validationErrorSchema, 403: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const { email, code, cat_id } = request.body;
        const result = await customers.verifyCode({ dealership, email, code, sessionHash: hashSessionId(request.sessionId) });
        if (result.outcome === "incorrect") throw new FieldErrors({ code: ["code_incorrect"] });
        if (cat_id && !result.customer.catId) await customers.update(result.customer.id, { catId: cat_id });
        await deps.signIn(request, result.customer.id);
        return { redirect_to: null };
      },
    );

    app.post(
      "/api/customer/user/decode_tokenized_url/",
      {
        config: codeLimit,
        schema: {
          ...tag,
          summary: "Reads a customer's re-entry link; the shopper then signs in with a code sent to the email on record",
          body: tokenizedUrlDecodeSchema,
          // An unknown token: {"detail", "code": "token_invalid"}; a missing or malformed one: field errors.
          response: { 200: decodedTokenSchema, 400: validationErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const row = await customers.customerOfToken(dealership.id, request.body.auth_token);
        if (!row) throw new HttpError(400, "token_invalid", { code: "token_invalid" });
        return { email: row.email, first_name: row.firstName, tokenized_url: customers.tokenizedUrl(deps.publicOrigin, dealership, row), redirect_url: null };
      },
    );

    app.post(
      "/api/consents/",
      {
        schema: {
          ...tag,
          summary: "Records the signed-in customer's consents",
          body: consentSchema,
          response: { 201: consentResultSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const row = await customerInPath(request, request.body.user);
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
      "/api/customer/user/log_crm_event/",
      {
        config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
        schema: { ...tag, summary: "Logs a step of the shopper's journey for the dealership's CRM; an order must be the signed-in customer's, a vehicle one the dealership shows (400 otherwise)", body: crmEventSchema, response: { 201: z.object({ status: z.literal("logged") }), 400: validationErrorSchema } },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        await checkReferences(request, request.body);
        await customers.logCrmEvent({
          dealershipId: dealership.id,
          customerId: request.session?.customerId ?? null,
          event: request.body.event,
          orderId: request.body.order ?? null,
          vehicleId: request.body.vehicle ?? null,
        });
        return reply.status(201).send({ status: "logged" as const });
      },
    );

    app.post(
      "/api/customer/:id/authenticate_eti_user/",
      {
        schema: {
          ...tag,
          summary: "Links an external trade-in estimate (eti_id, campaign cat_id) to the signed-in customer",
          params: idPathSchema,
          body: etiAuthenticationSchema,
          response: { 200: customerUserSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request) => {
        const row = await customerInPath(request, request.params.id);
        return present(request, await customers.linkEstimate(row, request.body));
      },
    );
  };
