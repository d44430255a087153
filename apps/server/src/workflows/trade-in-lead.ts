import { centsToDecimalString, cents, renderAdfLead, type AdfTradeIn } from "@showroom/domain";
import type { CustomersService } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import type { OrdersService } from "../modules/orders/service.ts";
import type { TradeInRow } from "../modules/trade-in/repo.ts";
import { LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";
import { customerLeads } from "./customer-lead.ts";

export type TradeInLeadDeps = ContactDealerDeps & {
  customers: Pick<CustomersService, "byId" | "logCrmEvent">;
  orders: Pick<OrdersService, "find">;
};

/** The trade as ADF describes it: the second vehicle of the lead, interest "trade-in", valued by its offer or the estimate's low end. */
export function adfTradeIn(row: TradeInRow, currency: "cad" | "usd"): AdfTradeIn {
  const value = row.icoAmountCents ?? row.estimateLowCents;
  const financing = row.financing;
  const comments = [
    financing ? `Owing ${centsToDecimalString(cents(financing.amount_due))} on a ${financing.kind}, ${financing.payments_left} payments left.` : null,
    row.odometerStatement ? `Odometer statement: ${row.odometerStatement}.` : null,
    row.style ? `Style: ${row.style}.` : null,
  ].filter(Boolean);
  return {
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    vin: row.vin,
    odometer: row.odometer,
    odometer_units: row.odometerUnit,
    appraisal: value === null ? null : { amount: String(Math.floor(value / 100)), currency: currency === "usd" ? "USD" : "CAD" },
    comments: comments.length ? comments.join(" ") : null,
  };
}

/**
 * A sent trade-in reaches the dealership's CRM: the "trade_in_finish" event is logged, and when the dealership
 * takes the customer's leads, an ADF lead naming the deal's vehicle (when the trade is for a deal) and the trade
 * as a second vehicle of interest "trade-in" is queued in the outbox.
 */
export function tradeInLeads(deps: TradeInLeadDeps) {
  const leads = customerLeads(deps);
  return async function tradeInSubmitted(input: { dealership: DealershipRow; tradeIn: TradeInRow; byStaff: boolean }) {
    const { dealership, tradeIn } = input;
    const owner = { dealershipId: dealership.id, customerId: tradeIn.customerId };
    const [customer, order] = await Promise.all([
      deps.customers.byId(dealership.id, tradeIn.customerId),
      tradeIn.orderId === null ? null : deps.orders.find(owner, tradeIn.orderId),
    ]);
    if (!customer) return;
    await deps.customers.logCrmEvent({ dealershipId: dealership.id, customerId: customer.id, event: "trade_in_finish", orderId: order?.id ?? null, vehicleId: order?.vehicleId ?? null });
    const target = await leads.target({ dealership, createdByStaff: input.byStaff, sendLeadToCrm: customer.sendLeadToCrm, vehicleId: order?.vehicleId ?? null });
    if (!target) return;
    const now = deps.now();
    const adf = renderAdfLead({
      id: `trade-in-${tradeIn.vid}`,
      requested_at: now,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      comments: tradeIn.pageUrl,
      lead_type: "trade_in",
      source: customer.source,
      vehicle: target.vehicle,
      trade_in: adfTradeIn(tradeIn, dealership.currencyUnit),
      vendor_name: dealership.name,
      vendor_phone: dealership.profile.phone,
      provider_name: LEAD_PROVIDER_NAME,
    });
    await queueCrmLead(deps.db, {
      dealershipId: dealership.id,
      to: target.to,
      subject: `Trade-in: ${customer.firstName} ${customer.lastName}`.trim(),
      adf,
      lead: { type: "trade_in", id: tradeIn.id },
      now,
    });
  };
}
