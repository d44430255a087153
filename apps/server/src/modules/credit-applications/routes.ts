import {
  ADDRESS_TYPES,
  CANADIAN_PROVINCES,
  EMPLOYMENT_TYPES,
  GENDERS,
  INCOME_FREQUENCIES,
  MARITAL_STATUSES,
  MIN_AMOUNT_FINANCED_CENTS,
  OTHER_INCOME_TYPES,
  PERSONAL_DATA_RETENTION_DAYS,
  RELATIONS_TO_APPLICANT,
  RESIDENCE_TYPES,
  STREET_DIRECTIONS,
  STREET_TYPES,
  TITLES,
  US_STATES,
  cents,
  centsToDecimalString,
  creditApplicationProblems,
  creditCustomerState,
  creditApplicationWireSchema,
  creditDecisionStatusSchema,
  creditDraftSaveSchema,
  creditOrderPathSchema,
  creditScreenSchema,
  creditScreensFor,
  creditStaticDataSchema,
  creditSubmitSchema,
  creditValidateSchema,
  dateInZone,
  detailErrorSchema,
  formatMoney,
  postalCodeProvincePathSchema,
  postalCodeProvinceSchema,
  provinceOfPostalCode,
  provincesOfPostalCode,
  validationErrorSchema,
  type CreditSchemaContext,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf, staffHere } from "../../platform/actor.ts";
import { HttpError, SchemaErrors, notFound, parseWith } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { CreditOwner, CreditApplicationRow } from "./repo.ts";
import type { CreditActor, CreditApplicationsService, CreditDeal } from "./service.ts";

export const creditErrors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema };

export type CreditRouteDeps = {
  credit: CreditApplicationsService;
  /** The saved deal's figures the application is checked and sent with; null when the deal is not the owner's. */
  dealOf(owner: CreditOwner, orderId: number, dealership: DealershipRow): Promise<CreditDeal | null>;
  /** Sends a queued application (the workflow): false when a technical error left it queued for later. */
  send(row: CreditApplicationRow): Promise<boolean>;
  /** Asks the lender about a pending application; a final answer updates the deal and tells the shopper. */
  refreshDecision(dealership: DealershipRow, row: CreditApplicationRow): Promise<CreditApplicationRow>;
  /** The CRM hears of a sent application (the credit_app_finish event, and the ADF lead when the dealership has a CRM). */
  submitted(input: { dealership: DealershipRow; application: CreditApplicationRow; byStaff: boolean; pageUrl: string }): Promise<void>;
  now: () => Date;
};

export const creditApplicationsEnabled = (dealership: DealershipRow) => dealership.moduleSettings.enabled_modules.includes("credit_app");

/** Canada checks the application's address; the US does not (spec 5). */
export const schemaContextOf = (dealership: DealershipRow, today: string): CreditSchemaContext => ({
  country: dealership.country,
  variant: dealership.profile.credit_application_variant,
  today,
});

/**
 * The shopper's credit application calls (transactional contract section 7), under /api/customer/credit-application/.
 * Every one but static_data and postal_code_province needs a customer (signed in, or the one staff act for) and
 * finds only that customer's deals at this dealership: another's answers 404.
 */
export const creditApplicationRoutes =
  (deps: CreditRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { credit } = deps;
    const tag = { tags: ["credit-application"] };
    const base = "/api/customer/credit-application";

    function shopper(request: FastifyRequest) {
      const dealership = requireDealership(request);
      if (!creditApplicationsEnabled(dealership)) throw new HttpError(403, "credit_application_disabled", { code: "credit_application_disabled" });
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      const staff = staffHere(request.actor);
      const actor: CreditActor = staff ? { kind: "staff", id: staff.id } : { kind: "customer", id: customerId };
      return { dealership, owner: { dealershipId: dealership.id, customerId }, actor };
    }

    /** The deal and its application (a draft made on first sight); 404 when the deal is not the caller's. */
    async function applicationOf(request: FastifyRequest, orderId: number) {
      const context = shopper(request);
      const deal = await deps.dealOf(context.owner, orderId, context.dealership);
      if (!deal) throw notFound("resource_not_found");
      const existing = await credit.repo.ofOrder(context.owner, orderId);
      const row =
        existing ??
        (await credit.createDraft({
          owner: context.owner,
          orderId,
          variant: context.dealership.profile.credit_application_variant,
          country: context.dealership.country,
          language: request.locale?.startsWith("fr") ? "fr" : "en",
          actor: context.actor,
        }));
      return { ...context, deal, row };
    }

    const present = (row: CreditApplicationRow, deal: CreditDeal | null, actor: CreditActor) => credit.present(row, { deal, viewer: actor, demonstration: credit.lender.demonstration });

    app.get(
      `${base}/static_data/`,
      { schema: { ...tag, summary: "The choices and rules of the dealership's credit application: variant, country, screens, choice lists, minimum amount financed, retention", response: { 200: creditStaticDataSchema, ...creditErrors } } },
      async (request) => {
        const dealership = requireDealership(request);
        if (!creditApplicationsEnabled(dealership)) throw new HttpError(403, "credit_application_disabled", { code: "credit_application_disabled" });
        const ca = dealership.country === "CA";
        return {
          variant: dealership.profile.credit_application_variant,
          country: dealership.country,
          validates_application: ca,
          has_lease_disbursements: ca,
          province: dealership.provinceCode,
          today: dateInZone(deps.now().getTime(), dealership.timeZone),
          screens: creditScreensFor(dealership.profile.credit_application_variant, true),
          employment_types: [...EMPLOYMENT_TYPES],
          residence_types: [...RESIDENCE_TYPES],
          income_frequencies: [...INCOME_FREQUENCIES],
          other_income_types: [...OTHER_INCOME_TYPES],
          titles: [...TITLES],
          marital_statuses: [...MARITAL_STATUSES],
          genders: [...GENDERS],
          relations: [...RELATIONS_TO_APPLICANT],
          address_types: ca ? [...ADDRESS_TYPES] : [],
          street_types: ca ? [...STREET_TYPES] : [],
          street_directions: ca ? [...STREET_DIRECTIONS] : [],
          provinces: ca ? CANADIAN_PROVINCES.map((p) => p.code) : US_STATES.map(([code]) => code),
          minimum_amount_financed: centsToDecimalString(cents(MIN_AMOUNT_FINANCED_CENTS)),
          retention_days: PERSONAL_DATA_RETENTION_DAYS,
          demonstration_lender: credit.lender.demonstration,
        };
      },
    );

    app.get(
      `${base}/:id/postal_code_province/`,
      { schema: { ...tag, summary: "The province of a Canadian postal code (two for X: NT and NU); 400 for a malformed code", params: postalCodeProvincePathSchema, response: { 200: postalCodeProvinceSchema, ...creditErrors } } },
      async (request) => ({ postal_code: request.params.id.toUpperCase(), province: provinceOfPostalCode(request.params.id), provinces: [...provincesOfPostalCode(request.params.id)] }),
    );

    app.get(
      `${base}/:id/dealer_application/`,
      { schema: { ...tag, summary: "The credit application of the caller's saved deal {id}: made (pre-filled from an earlier one) on first sight; the SIN masked", params: creditOrderPathSchema, response: { 200: creditApplicationWireSchema, ...creditErrors } } },
      async (request) => {
        const { row, deal, actor } = await applicationOf(request, request.params.id);
        return present(row, deal, actor);
      },
    );

    app.put(
      `${base}/:id/dealer_application/`,
      {
        schema: {
          ...tag,
          summary: "Auto-save: the screens sent replace the stored ones; a SIN must pass its checksum (\"\" removes it); 409 once sent",
          params: creditOrderPathSchema,
          body: creditDraftSaveSchema,
          response: { 200: creditApplicationWireSchema, ...creditErrors },
        },
      },
      async (request) => {
        const { row, deal, actor } = await applicationOf(request, request.params.id);
        if (row.status !== "draft") throw new HttpError(409, "credit_application_submitted", { code: "credit_application_submitted" });
        const saved = await credit.saveDraft(row, request.body);
        return present(saved, deal, actor);
      },
    );

    app.post(
      `${base}/validate/`,
      { schema: { ...tag, summary: "Checks one screen's answers as the submission will (Canada: the postal code against the province); 400 names each field", body: creditValidateSchema, response: { 200: z.object({ valid: z.literal(true), screen: z.string() }), ...creditErrors } } },
      async (request) => {
        const { dealership } = shopper(request);
        parseWith(creditScreenSchema(request.body.screen, schemaContextOf(dealership, dateInZone(deps.now().getTime(), dealership.timeZone))), request.body.data);
        return { valid: true as const, screen: request.body.screen };
      },
    );

    app.post(
      `${base}/:id/submit_application/`,
      {
        schema: {
          ...tag,
          summary: "Sends the application to the lender (a workflow): pending on success, queued when a technical error leaves it to be sent later; 400 names \"screen.field\"; 409 cash, under the minimum, stale incentives",
          params: creditOrderPathSchema,
          body: creditSubmitSchema,
          response: { 200: creditApplicationWireSchema, ...creditErrors },
        },
      },
      async (request) => {
        const { dealership, row, deal, actor } = await applicationOf(request, request.params.id);
        if (row.status !== "draft") throw new HttpError(409, "credit_application_submitted", { code: "credit_application_submitted" });
        switch (credit.blockOf(deal)) {
          case "cash_payment":
            throw new HttpError(409, "credit_cash_payment", { code: "credit_cash_payment" });
          case "no_payment":
            throw new HttpError(409, "credit_no_payment", { code: "credit_no_payment" });
          case "amount_below_minimum":
            throw new HttpError(409, "credit_amount_below_minimum", { code: "credit_amount_below_minimum" }, { amount: formatMoney(cents(MIN_AMOUNT_FINANCED_CENTS), { locale: request.locale ?? "en-ca", currency: dealership.currencyUnit, wholeDollars: true }) });
          case "stale_incentives":
            throw new HttpError(409, "credit_stale_incentives", { code: "credit_stale_incentives" });
        }
        const screens = await credit.fullScreens(row, "submission", actor);
        const problems = creditApplicationProblems(screens, schemaContextOf(dealership, deal.today));
        const issues = Object.entries(problems).flatMap(([screen, fields]) => Object.entries(fields ?? {}).map(([field, message]) => ({ path: [screen, field], message })));
        if (issues.length > 0) throw new SchemaErrors(issues);
        const queued = await credit.queue(row, deal, { language: request.locale?.startsWith("fr") ? "fr" : "en" });
        if (!queued) throw new HttpError(409, "credit_application_submitted", { code: "credit_application_submitted" });
        await deps.submitted({ dealership, application: queued, byStaff: actor.kind === "staff", pageUrl: request.body.path });
        await deps.send(queued);
        const sent = (await credit.repo.byId(row.id))!;
        return present(sent, deal, actor);
      },
    );

    app.get(
      `${base}/:id/decision_status/`,
      { schema: { ...tag, summary: "Where the application of deal {id} stands (the real-time decision overlay polls it)", params: creditOrderPathSchema, response: { 200: creditDecisionStatusSchema, ...creditErrors } } },
      async (request) => {
        const context = shopper(request);
        const found = await credit.repo.ofOrder(context.owner, request.params.id);
        if (!found) throw notFound("resource_not_found");
        const row = await deps.refreshDecision(context.dealership, found);
        return {
          status: row.status,
          customer_state: creditCustomerState(row.status, row.submittedAt, deps.now()),
          final: credit.isFinal(row.status),
          decided_at: row.decidedAt?.toISOString() ?? null,
        };
      },
    );
  };
