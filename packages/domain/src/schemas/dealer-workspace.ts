import { z } from "zod";
import { DEPOSIT_STEP_STATUSES, ORDER_OVERALL_STATUSES, ORDER_STATUSES, ORDER_TYPES } from "../orders/order-rules.ts";
import { PAYMENT_TYPES } from "../constants.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { paginatedSchema } from "./common.ts";
import { savedVehicleSchema, stepStatusesSchema } from "./orders.ts";

export const WORKSPACE_PAGE_SIZE = 25;

export const workspaceCustomerQuerySchema = z.object({
  /** Part of a name, an email or a phone number (digits of it are enough). */
  search: z.string().trim().max(100, msg("too_long")).optional(),
  page: z.coerce.number({ error: msg("page") }).int(msg("page")).min(1, msg("page")).max(100_000, msg("page")).default(1),
});

const staffRefSchema = z.object({ id: z.number().int(), full_name: z.string() });

/** A customer as the workspace lists them. last_activity: the newest of the customer's own update, their deals' and the recorded staff actions. */
export const workspaceCustomerSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  language: z.enum(["en", "fr"]),
  source: z.string().nullable(),
  /** The staff user the customer is assigned to (the one who added them), or null. */
  dealer_user: staffRefSchema.nullable(),
  deal_count: z.number().int(),
  created: z.string(),
  last_activity: z.string(),
});
export type WorkspaceCustomer = z.infer<typeof workspaceCustomerSchema>;

/**
 * One deal of a customer, as the workspace shows it. Fields a later flow fills (trade-in, credit
 * application, quotes) are null until it does.
 */
export const dealSummarySchema = z.object({
  id: z.number().int(),
  vehicle: savedVehicleSchema,
  status: z.enum(ORDER_STATUSES),
  overall_status: z.enum(ORDER_OVERALL_STATUSES),
  order_type: z.enum(ORDER_TYPES),
  payment_type: z.enum(PAYMENT_TYPES).nullable(),
  step_statuses: stepStatusesSchema,
  /** 0 to 100: the share of the dealership's steps the deal completed or skipped. */
  step_progress: z.number().int().min(0).max(100),
  deposit_status: z.enum(DEPOSIT_STEP_STATUSES),
  has_deposit: z.boolean(),
  /** The deal holds a build from build and price (staff open it there). */
  has_build: z.boolean(),
  trade_in: z.object({ status: z.string().nullable() }).nullable(),
  credit_application_status: z.string().nullable(),
  /** Quote state (no_quote_created, sent_to_customer, viewed_by_customer, reserved) once quotes exist. */
  quote_state: z.string().nullable(),
  praq_pending: z.boolean(),
  is_archived: z.boolean(),
  created: z.string(),
  last_updated: z.string(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const workspaceCustomerDetailSchema = workspaceCustomerSchema.extend({
  deals: z.array(dealSummarySchema),
  /** Whether this staff user may act for the customer (opens their deals as the customer). */
  can_act: z.boolean(),
});
export type WorkspaceCustomerDetail = z.infer<typeof workspaceCustomerDetailSchema>;
/** A page of the workspace's customer list (`GET dealer/customers/`). */
export const workspaceCustomerPageSchema = paginatedSchema(workspaceCustomerSchema);

export const actResultSchema = z.object({
  customer: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  /** The customer's saved deals page on the storefront, where the staff user continues as the customer. */
  redirect_to: z.string(),
});

/** One recorded call made by a staff user while acting for a customer. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  created: z.string(),
  staff: staffRefSchema,
  customer: z.number().int(),
  order: z.number().int().nullable(),
  method: z.string(),
  path: z.string(),
  /** Null while the call is running (or if the server stopped during it). */
  status_code: z.number().int().nullable(),
  fields: z.array(z.string()),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
