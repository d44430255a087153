import {
  STEP_KEYS,
  availableSteps,
  emptyProgress,
  orderDeletionRefusal,
  stepProgressPercent,
  stepSection,
  type DealSummary,
  type ModuleName,
  type Order,
  type OrderCreate,
  type OrderPatch,
  type OrderPayment,
  type OrderSteps,
  type StepStatuses,
  type DepositStepStatus,
  cents,
  centsToDecimalString,
  dollarsToCents,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { SavedVehicle } from "../inventory/vehicle-views.ts";
import { ordersRepo, type OrderOwner, type OrderRow } from "./repo.ts";

export type { OrderOwner, OrderRow };

export type StepSettings = { enabled_modules: readonly ModuleName[]; deposit_system: "STANDARD" | "VW_DEPOSIT" };
export type CustomerInfo = { email: string; full_name: string; phone: string | null; tokenized_url: string };

export const ORDERS_PAGE_SIZE = 20;
/** A second identical save within this time is the same save (a double click, a retried request). */
export const REPEATED_CREATE_WINDOW_MS = 30_000;

const SECTIONS: OrderSteps["sections"] = [
  { section: "customize-order", final_step: "customize-order", optional: true, is_locked: false, conditional_sections: [] },
  { section: "complete-order", final_step: "complete-order", optional: false, is_locked: false, conditional_sections: [] },
  { section: "review", final_step: "review", optional: false, is_locked: false, conditional_sections: [] },
];

export function stepsOf(orderId: number | null, settings: StepSettings, statuses: StepStatuses): OrderSteps {
  const available = new Set(availableSteps(settings));
  return {
    order: orderId,
    steps: STEP_KEYS.map((key) => ({ id: key, available: available.has(key), progress: statuses[key] ?? 0, section: stepSection(key), triggers: [] })),
    sections: SECTIONS,
  };
}

const money = (amount: number | null) => (amount === null ? null : centsToDecimalString(cents(amount)));

/** The order as the API returns it: columns, then the contract's later-flow fields from `details` or their empty values. */
export function toOrder(row: OrderRow, ctx: { dealershipCode: string; vehicle: SavedVehicle; customer: CustomerInfo; settings: StepSettings }): Order {
  const d = row.details;
  const nullable = (key: string) => (d[key] as Record<string, unknown> | undefined) ?? null;
  const steps = availableSteps(ctx.settings);
  return {
    id: row.id,
    customer: row.customerId,
    dealership: ctx.dealershipCode,
    vehicle: ctx.vehicle,
    customer_info: { email: ctx.customer.email, full_name: ctx.customer.full_name, phone: ctx.customer.phone },
    status: row.status,
    overall_status: row.overallStatus,
    order_type: row.orderType,
    payment_type: row.paymentType,
    payment: row.payment,
    finance_term: row.financeTerm,
    lease_term: row.leaseTerm,
    finance_down_payment: money(row.financeDownPaymentCents),
    lease_down_payment: money(row.leaseDownPaymentCents),
    finance_payment_frequency: row.financePaymentFrequency,
    lease_payment_frequency: row.leasePaymentFrequency,
    lease_model_km: row.leaseModelKm,
    payment_credit_score: row.paymentCreditScore,
    payment_include_tax: row.paymentIncludeTax,
    payment_type_settings: row.paymentTypeSettings,
    accessories: [],
    accessory_ids: row.accessoryIds,
    protection_ids: row.protectionIds,
    protection_plan_prices: [],
    fees: [],
    discounts: [],
    incentives: row.incentives,
    trade_in: nullable("trade_in"),
    available_trade_in: nullable("available_trade_in"),
    has_trade_in_intention: d["has_trade_in_intention"] === true,
    has_deposit: row.depositStatus === "completed" || row.depositStatus === "pre-authorized",
    deposit_status: row.depositStatus,
    has_notify_me_submission: d["has_notify_me_submission"] === true,
    cardinfo: nullable("cardinfo"),
    credit_application_status: (d["credit_application_status"] as string | undefined) ?? null,
    personal_application: nullable("personal_application"),
    personal_application_status: (d["personal_application_status"] as string | undefined) ?? null,
    display: { title: ctx.vehicle.title, title_fr: ctx.vehicle.title_fr },
    submit_datetime: (d["submit_datetime"] as string | undefined) ?? null,
    decision_datetime: (d["decision_datetime"] as string | undefined) ?? null,
    verify_request_datetime: (d["verify_request_datetime"] as string | undefined) ?? null,
    proposed_appointment: (d["proposed_appointment"] as string | undefined) ?? null,
    proposed_appointment_formatted: (d["proposed_appointment_formatted"] as string | undefined) ?? null,
    is_appointment_autoconfirmed: d["is_appointment_autoconfirmed"] === true,
    praq: nullable("praq"),
    praq_data: nullable("praq_data"),
    praq_flow: nullable("praq_flow"),
    insurance_quote: nullable("insurance_quote"),
    build_state: row.buildState,
    campaign: row.campaign,
    analytics: row.analytics,
    progress: row.progress,
    step_statuses: row.stepStatuses,
    step_progress: stepProgressPercent(steps, row.stepStatuses),
    sections: SECTIONS,
    show_credit_app_result: d["show_credit_app_result"] === true,
    show_tradein_result: d["show_tradein_result"] === true,
    started_transactional: Object.values(row.stepStatuses).some((s) => s !== 0),
    tokenized_url: ctx.customer.tokenized_url,
    reserveit_id: (d["reserveit_id"] as string | undefined) ?? null,
    commission_number: (d["commission_number"] as string | undefined) ?? null,
    completion_sections_completed: Number(d["completion_sections_completed"] ?? 0),
    vom_order_status: (d["vom_order_status"] as Order["vom_order_status"] | undefined) ?? null,
    url_params: row.urlParams,
    is_sold_out: !ctx.vehicle.is_available,
    order_lang: row.orderLang,
    postal_code: row.postalCode,
    is_archived: row.isArchived,
    source_slug: row.sourceSlug,
    uses_oem_code: row.usesOemCode,
    configuration_id: row.configurationId,
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
  };
}

/** The vehicle of a deal: the listing's, or the snapshot saved with the deal (marked unavailable) once the listing is gone. */
export function dealVehicle(row: OrderRow, vehicles: Map<number, SavedVehicle>): SavedVehicle {
  return vehicles.get(row.vehicleId) ?? { ...(row.details["vehicle_snapshot"] as SavedVehicle), is_available: false };
}

/** A deal as the dealer workspace lists it: status and progress; the later flows' states stay null until they exist. */
export function toDealSummary(row: OrderRow, ctx: { vehicle: SavedVehicle; settings: StepSettings }): DealSummary {
  const d = row.details;
  const tradeIn = d["trade_in"] as { status?: unknown } | null | undefined;
  return {
    id: row.id,
    vehicle: ctx.vehicle,
    status: row.status,
    overall_status: row.overallStatus,
    order_type: row.orderType,
    payment_type: row.paymentType,
    step_statuses: row.stepStatuses,
    step_progress: stepProgressPercent(availableSteps(ctx.settings), row.stepStatuses),
    deposit_status: row.depositStatus,
    has_deposit: row.depositStatus === "completed" || row.depositStatus === "pre-authorized",
    has_build: row.buildState !== null,
    trade_in: tradeIn ? { status: typeof tradeIn.status === "string" ? tradeIn.status : null } : null,
    credit_application_status: (d["credit_application_status"] as string | undefined) ?? null,
    quote_state: (d["quote_state"] as string | undefined) ?? null,
    praq_pending: row.praqPending,
    is_archived: row.isArchived,
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
  };
}

/** Columns that follow from the chosen payment: the deal keeps the terms the shopper saw. */
function paymentColumns(payment: OrderPayment | null, fallbackType: OrderRow["paymentType"]) {
  if (!payment) return { paymentType: fallbackType };
  const down = dollarsToCents(payment.down_payment);
  return {
    paymentType: payment.payment_type,
    payment,
    paymentIncludeTax: payment.include_tax,
    ...(payment.payment_type === "finance" && { financeTerm: payment.term, financePaymentFrequency: payment.payment_frequency, financeDownPaymentCents: down }),
    ...(payment.payment_type === "lease" && {
      leaseTerm: payment.term,
      leasePaymentFrequency: payment.payment_frequency,
      leaseDownPaymentCents: down,
      leaseModelKm: payment.distance_allowance ?? null,
    }),
  };
}

export function ordersService(db: Db, now: () => Date) {
  const repo = ordersRepo(db);
  const removalListeners: ((order: OrderRow) => Promise<void>)[] = [];
  return {
    find: (owner: OrderOwner, id: number) => repo.find(owner, id),
    findAtDealership: (dealershipId: number, id: number) => repo.findAtDealership(dealershipId, id),
    withBuildState: (dealershipId: number, uid: string) => repo.withBuildState(dealershipId, uid),
    referencedPaymentOptions: repo.referencedPaymentOptions,
    allOf: (owner: OrderOwner) => repo.allOf(owner),
    countsByCustomers: (dealershipId: number, customerIds: number[]) => repo.countsByCustomers(dealershipId, customerIds),
    page: (owner: OrderOwner, page: number, vehicleId?: number) => repo.page(owner, (page - 1) * ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE, vehicleId),

    /** Saves the deal, or gives back the one the same request saved moments ago (`created: false`). */
    async create(owner: OrderOwner, input: OrderCreate, ctx: { vehicle: SavedVehicle; payment: { uid: string; snapshot: OrderPayment } | null; language: "en" | "fr" }) {
      const at = now();
      return repo.insertUnlessRepeated({
        ...owner,
        vehicleId: input.vehicle,
        ...paymentColumns(ctx.payment?.snapshot ?? null, input.payment_type ?? null),
        paymentOptionUid: ctx.payment?.uid ?? null,
        paymentCreditScore: input.payment_credit_score,
        accessoryIds: input.accessory_ids,
        protectionIds: input.protection_ids,
        stepStatuses: input.step_statuses,
        progress: emptyProgress(),
        buildState: input.build_state ?? null,
        configurationId: input.configuration_id ?? null,
        campaign: input.campaign,
        analytics: input.analytics,
        urlParams: input.url_params,
        sourceSlug: input.source_slug ?? null,
        usesOemCode: input.uses_oem_code,
        postalCode: input.postal_code ?? null,
        orderLang: ctx.language,
        // The vehicle as it was saved, so the deal still reads well if the listing goes away.
        details: { vehicle_snapshot: ctx.vehicle },
        createdAt: at,
        updatedAt: at,
      }, new Date(at.getTime() - REPEATED_CREATE_WINDOW_MS));
    },

    async update(owner: OrderOwner, id: number, changes: OrderPatch, payment: { uid: string; snapshot: OrderPayment } | null) {
      return repo.update(owner, id, {
        ...(payment && { ...paymentColumns(payment.snapshot, null), paymentOptionUid: payment.uid }),
        ...(changes.payment_type !== undefined && !payment && { paymentType: changes.payment_type }),
        ...(changes.payment_credit_score !== undefined && { paymentCreditScore: changes.payment_credit_score }),
        ...(changes.postal_code !== undefined && { postalCode: changes.postal_code ?? null }),
        ...(changes.build_state !== undefined && { buildState: changes.build_state ?? null }),
        ...(changes.configuration_id !== undefined && { configurationId: changes.configuration_id ?? null }),
        ...(changes.accessory_ids !== undefined && { accessoryIds: changes.accessory_ids }),
        ...(changes.protection_ids !== undefined && { protectionIds: changes.protection_ids }),
        ...(changes.is_archived !== undefined && { isArchived: changes.is_archived }),
        updatedAt: now(),
      });
    },

    setIncentives: (owner: OrderOwner, id: number, incentives: string[]) => repo.update(owner, id, { incentives, updatedAt: now() }),

    async setStepStatuses(owner: OrderOwner, row: OrderRow, statuses: StepStatuses) {
      return repo.update(owner, row.id, { stepStatuses: { ...row.stepStatuses, ...statuses }, updatedAt: now() });
    },

    /**
     * The deal's trade-in (details.trade_in, as the order shows it; null: none) and its trade-in step status
     * (left as it is when null). Answers null when the deal is not the owner's.
     */
    setTradeIn: (owner: OrderOwner, id: number, summary: Record<string, unknown> | null, stepStatus: StepStatuses["trade-in"] | null) =>
      repo.mergeDetails(owner, id, { trade_in: summary }, stepStatus === null || stepStatus === undefined ? {} : { "trade-in": stepStatus }, now()),

    /**
     * The deal's credit application as the order shows it (credit_application_status, submit and decision times,
     * show_credit_app_result) and its credit-app step status. Answers null when the deal is not the owner's.
     */
    setCreditApplication: (owner: OrderOwner, id: number, details: Record<string, unknown>, stepStatus: StepStatuses["credit-app"]) =>
      repo.mergeDetails(owner, id, details, stepStatus === undefined ? {} : { "credit-app": stepStatus }, now()),

    /** The insurance quote the shopper kept on the deal, as the order shows it (`insurance_quote`: provider, quote). */
    setInsuranceQuote: (owner: OrderOwner, id: number, insuranceQuote: { provider: string; quote: Record<string, unknown> }) =>
      repo.mergeDetails(owner, id, { insurance_quote: insuranceQuote }, {}, now()),

    /** The deal's deposit status and its deposit step (deposit, or vw-deposit for the manufacturer's flow). */
    async setDeposit(owner: OrderOwner, id: number, status: DepositStepStatus, step: { key: "deposit" | "vw-deposit"; status: StepStatuses["deposit"] }) {
      const row = await repo.update(owner, id, { depositStatus: status, updatedAt: now() });
      if (!row) return null;
      return repo.mergeDetails(owner, id, {}, step.status === undefined ? {} : { [step.key]: step.status }, now());
    },

    /** The deal's personalized-quote state (workspace) and whether a quote request is pending (it blocks deletion). */
    async setQuoteState(owner: OrderOwner, id: number, quoteState: string, praqPending: boolean) {
      await repo.update(owner, id, { praqPending, updatedAt: now() });
      return repo.mergeDetails(owner, id, { quote_state: quoteState }, {}, now());
    },

    /**
     * "Reset an order to a quote" (spec 7): the deal takes a personalized quote's option as its terms and becomes a
     * quote order; its payment is the option's as the quote priced it (no stored payment option backs it).
     */
    async applyQuote(owner: OrderOwner, id: number, quoteId: number, payment: OrderPayment) {
      const row = await repo.update(owner, id, { ...paymentColumns(payment, null), paymentOptionUid: null, orderType: "quote", updatedAt: now() });
      return row && repo.mergeDetails(owner, id, { applied_quote_id: quoteId }, {}, now());
    },

    /** The payment of the deal, as a stored payment option was priced again (the trade-in's credit changed). */
    setPayment: (owner: OrderOwner, id: number, payment: { uid: string; snapshot: OrderPayment }) =>
      repo.update(owner, id, { ...paymentColumns(payment.snapshot, null), paymentOptionUid: payment.uid, updatedAt: now() }),

    /** The first refusal among all of the customer's deals, e.g. before their account is closed. */
    async anyDeletionRefusal(owner: OrderOwner) {
      for (const row of await repo.allOf(owner)) {
        const refusal = orderDeletionRefusal({ deposit_status: row.depositStatus, praq_pending: row.praqPending });
        if (refusal) return refusal;
      }
      return null;
    },
    deletionRefusal: (row: OrderRow) => orderDeletionRefusal({ deposit_status: row.depositStatus, praq_pending: row.praqPending }),
    /** Work to do before a deal is deleted (its rows elsewhere cascade away; files they name do not). */
    beforeRemove(listener: (order: OrderRow) => Promise<void>) {
      removalListeners.push(listener);
    },
    async remove(owner: OrderOwner, id: number) {
      const row = await repo.find(owner, id);
      if (!row) return false;
      for (const listener of removalListeners) await listener(row);
      return repo.remove(owner, id);
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
