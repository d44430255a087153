import type { PaymentOptionWire, PaymentType } from "@showroom/domain";

/** A payment option as `payment-type/{type}/pricing/` answers it (finance at 60 months biweekly by default). */
export function paymentOption(type: PaymentType, overrides: Partial<PaymentOptionWire> = {}): PaymentOptionWire {
  return {
    id: `${type}0000000000000001`,
    vehicle: 42,
    payment_type: type,
    jurisdiction: "CA-ON",
    payment: "215.34",
    payment_repr: "215.34",
    monthly_payment: "467.72",
    payment_frequency: type === "cash" ? null : "biweekly",
    payment_frequency_choices:
      type === "cash"
        ? []
        : [
            { frequency: "monthly", payment: "467.72", label_key: "pricing.frequency.monthly" },
            { frequency: "biweekly", payment: "215.34", label_key: "pricing.frequency.biweekly" },
          ],
    term: type === "cash" ? null : 60,
    term_choices: type === "cash" ? [] : [36, 48, 60, 72],
    rate: type === "cash" ? null : "6.49",
    down_payment: "0.00",
    max_down_payment: "32900.00",
    distance_allowance: type === "lease" ? 20000 : null,
    distance_allowance_choices: type === "lease" ? [16000, 20000, 24000] : [],
    include_tax: true,
    taxes: [],
    fees: [],
    incentives: [],
    discounts: [],
    pricing_stack: [],
    accessories_prices: [],
    unavailable_accessories: [],
    unavailable_protections: [],
    protections_prices: [],
    sales_tax: "0.00",
    tax_payable_at_registration: "0.00",
    subtotal: "0.00",
    total_purchase_price: "0.00",
    trade_in_credit: "0.00",
    trade_in_owing: "0.00",
    trade_in_tax_credit: "0.00",
    dealer_admin_fee_pretax: "0.00",
    dealer_admin_fee_posttax: "0.00",
    credit_score: null,
    bank: null,
    residual_value: null,
    expiry_date: null,
    cash: null,
    finance: null,
    lease: null,
    available_incentives: [],
    ...overrides,
  };
}
