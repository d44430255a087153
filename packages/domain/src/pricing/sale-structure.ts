import { type Cents } from "../money.ts";
import { addOnLines, componentBasesWithPlans, vehicleLikeAddOnsTotal } from "./add-on-pricing.ts";
import { negateCents, subtractCents, sumCents } from "./cents-math.ts";
import { creditLine, groupLine, leafLine, nonZeroLines, type PricingLine } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import {
  dealerAdminFees,
  feesLine,
  isTaxableFee,
  postTaxCreditLines,
  quotedFees,
  registrationTaxes,
  sellingPriceLine,
  taxesLine,
  withTiming,
} from "./quote-output.ts";
import { baseNetOfTrade, computeTaxLines, tradeInTaxCredit, type TaxLine } from "./tax-rules.ts";

/** The priced sale shared by cash and finance (pricing reference 1.1, order of operations). */
export interface SaleStructure {
  /** price − percentage discounts − pre-tax discounts and incentives. */
  netPrice: Cents;
  /** netPrice + every fee + every add-on: the total before tax. */
  subtotal: Cents;
  /** netPrice + taxable fees + add-ons taxed like the vehicle (accessories): picks the BC PST band. */
  preTradeBase: Cents;
  tradeTaxCredit: Cents;
  /** The base net of the trade-in credit, before protection plans (which some components add to theirs). */
  taxableBase: Cents;
  taxLines: TaxLine[];
  salesTax: Cents;
  /** subtotal + sales tax (when included). */
  totalPurchasePrice: Cents;
  /** Explains totalPurchasePrice: selling price, fees, taxes. */
  totalLine: PricingLine;
}

export function saleStructure(context: QuoteContext): SaleStructure {
  const { fees, rules, paymentType, vehicle, addOns } = context;
  const netPrice = subtractCents(vehicle.price, context.reductions.preTaxTotal);
  const taxableFees = sumCents(fees.filter(isTaxableFee).map((fee) => fee.amount));
  const subtotal = sumCents([netPrice, ...fees.map((fee) => fee.amount), ...addOns.map((addOn) => addOn.amount)]);
  const preTradeBase = sumCents([netPrice, taxableFees, vehicleLikeAddOnsTotal(addOns)]);
  const tradeTaxCredit = tradeInTaxCredit(rules.tradeInCredit, context.tradeValue, vehicle.condition === "new");
  const taxableBase = baseNetOfTrade(preTradeBase, tradeTaxCredit);
  const componentBases = componentBasesWithPlans(rules, addOns, preTradeBase, tradeTaxCredit);
  const taxLines = computeTaxLines({
    rules,
    paymentType,
    taxableBase,
    bandBase: preTradeBase,
    ...(componentBases ? { componentBases } : {}),
  });
  const salesTax = sumCents(taxLines.map((line) => line.amount));
  const totalLine = groupLine("pricing.line.total_purchase_price", [
    sellingPriceLine(context),
    ...addOnLines(addOns),
    feesLine("pricing.line.fees", fees),
    ...(context.includeTax ? [taxesLine("pricing.line.taxes", taxLines)] : []),
  ]);
  return {
    netPrice,
    subtotal,
    preTradeBase,
    tradeTaxCredit,
    taxableBase,
    taxLines,
    salesTax,
    totalPurchasePrice: context.includeTax ? sumCents([subtotal, salesTax]) : subtotal,
    totalLine,
  };
}

/** total − trade value + trade owing − post-tax credits: the balance before any down payment. */
export function balanceBeforeDownPayment(context: QuoteContext, sale: SaleStructure): Cents {
  return sumCents([
    sale.totalPurchasePrice,
    negateCents(context.tradeValue),
    context.tradeOwing,
    negateCents(context.reductions.postTaxTotal),
  ]);
}

/** The lines from the total purchase price to what remains after the down payment and the trade-in. */
export function balanceLines(context: QuoteContext, sale: SaleStructure): PricingLine[] {
  return nonZeroLines([
    sale.totalLine,
    creditLine("pricing.line.down_payment", context.down),
    creditLine("pricing.line.trade_in_value", context.tradeValue),
    leafLine("pricing.line.trade_in_owing", context.tradeOwing),
    ...postTaxCreditLines(context),
  ]);
}

/** The payment-option fields a sale (cash or finance) answers the same way. */
export function saleOptionFields(context: QuoteContext, sale: SaleStructure) {
  const admin = dealerAdminFees(context.fees, sale.taxLines);
  return {
    distance_allowance: null,
    taxes: withTiming(sale.taxLines, "sale"),
    fees: quotedFees(context.fees),
    sales_tax: sale.salesTax,
    tax_payable_at_registration: registrationTaxes(sale.taxLines),
    subtotal: sale.subtotal,
    total_purchase_price: sale.totalPurchasePrice,
    trade_in_tax_credit: sale.tradeTaxCredit,
    dealer_admin_fee_pretax: admin.pretax,
    dealer_admin_fee_posttax: admin.posttax,
    residual_value: null,
  };
}
