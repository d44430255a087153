import { renderAdfLead, type AdfVehicle } from "@showroom/domain";
import type { CustomersService } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import type { OrderRow } from "../modules/orders/service.ts";
import { LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";
import { customerLeads } from "./customer-lead.ts";

/** The payment the shopper chose, as ADF's price and finance of the vehicle (amounts in dollars, as the deal keeps them). */
export function adfDealTerms(
  order: Pick<OrderRow, "payment">,
  currency: "cad" | "usd",
): Pick<AdfVehicle, "price" | "finance" | "comments"> {
  const payment = order.payment;
  if (!payment) return {};
  const code = currency === "usd" ? "USD" : "CAD";
  const terms = [
    payment.payment_type,
    payment.payment,
    payment.payment_frequency,
    payment.term ? `${payment.term} months` : null,
    payment.rate ? `at ${payment.rate}%` : null,
  ];
  return {
    price: { type: "quote", amount: payment.total_purchase_price, currency: code },
    finance: {
      method: payment.payment_type,
      amounts: [
        { type: "downpayment", amount: payment.down_payment, currency: code },
        { type: "total", amount: payment.total_purchase_price, currency: code },
      ],
    },
    comments: `Payment: ${terms.filter(Boolean).join(" ")}.`,
  };
}

/**
 * A saved deal reaches the dealership's CRM: when it takes the customer's leads, an ADF lead "saved_deal" with the
 * vehicle, the price and the payment the shopper chose. Queued after the deal is stored; a lead that cannot be
 * queued is logged by the caller without failing the save.
 */
export function savedDealLeads(deps: ContactDealerDeps & { customers: Pick<CustomersService, "byId"> }) {
  const leads = customerLeads(deps);
  return async function dealSaved(input: {
    dealership: DealershipRow;
    order: OrderRow;
    byStaff: boolean;
    url: string | null;
  }) {
    const { dealership, order } = input;
    const customer = await deps.customers.byId(dealership.id, order.customerId);
    if (!customer) return false;
    const target = await leads.target({
      dealership,
      createdByStaff: input.byStaff,
      sendLeadToCrm: customer.sendLeadToCrm,
      vehicleId: order.vehicleId,
    });
    if (!target) return false;
    const now = deps.now();
    const adf = renderAdfLead({
      id: `saved-deal-${order.id}`,
      requested_at: now,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      comments: input.url,
      lead_type: "saved_deal",
      source: customer.source,
      vehicle: target.vehicle
        ? {
            ...target.vehicle,
            interest: order.payment?.payment_type === "lease" ? "lease" : "buy",
            ...adfDealTerms(order, dealership.currencyUnit),
          }
        : null,
      vendor_name: dealership.name,
      vendor_phone: dealership.profile.phone,
      provider_name: LEAD_PROVIDER_NAME,
    });
    await queueCrmLead(deps.db, {
      dealershipId: dealership.id,
      to: target.to,
      subject: `Saved deal: ${customer.firstName} ${customer.lastName}`.trim(),
      adf,
      lead: { type: "saved_deal", id: order.id },
      now,
    });
    return true;
  };
}
