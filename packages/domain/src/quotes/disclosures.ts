import { type PaymentFrequency } from "../constants.ts";
import { formatDistance, formatMoney, formatPercent, type Currency, type Locale } from "../format.ts";
import { type Language } from "../language.ts";
import { type Cents } from "../money.ts";
import { maxCents, multiplyCentsByInteger, subtractCents, sumCents, ZERO_CENTS } from "../pricing/cents-math.ts";
import { type FinanceDetails, type LeaseDetails, type PaymentOption } from "../pricing/payment-option.ts";

/**
 * The credit and lease disclosures a personalized quote option carries, by jurisdiction
 * (shared/reference/transactions.md section 3). Every figure is read from the option the pricing engine
 * produced; the only arithmetic is exact integer-cent sums and differences of the option's own figures
 * (and the sum of n equal periodic payments), so a disclosure never disagrees with the quote it sits beside.
 *
 * Rules:
 * - us_finance (Truth in Lending, 12 CFR 1026.17–18, 1026.24): amount financed, finance charge, APR,
 *   payment schedule, total of payments, down payment, total sale price; APR and finance charge most conspicuous.
 * - us_lease (Consumer Leasing Act, 12 CFR 1013.4, 1013.7): the itemised amount due at signing, the periodic
 *   payments and their total, total of payments, the payment calculation (capitalized cost, reduction,
 *   residual, depreciation, rent charge, term). A lease rate is never disclosed, let alone called an APR.
 * - ontario_credit (CPA 2002 s. 61, O. Reg. 17/05 ss. 73–74): APR, term, cash price (a lease: the cash value
 *   of the vehicle) and cost of borrowing (a lease: the implicit finance charge), as prominent as the payment.
 * - quebec (CPA and its regulation, ss. 84, 86.2–86.3): the total price (a lease: the retail value) beside the
 *   payment, and once one credit term is named, all of them.
 * - canada_credit (the other provinces and territories, harmonised cost-of-credit disclosure): APR, term,
 *   cost of borrowing, total; leases as in Ontario.
 * - cash: the total price only.
 *
 * Left out because the option does not carry them (they belong to the contract, not the quote): creditor
 * identity, prepayment and late-charge terms, security interest, early termination, excess wear, purchase
 * option, "other charges" of a lease, and the per-kilometre excess charge of a Quebec lease (the rate is
 * not part of the option).
 */

export const DISCLOSURE_KEYS = [
  // Sale credit (US) and credit in Canada.
  "apr",
  "amount_financed",
  "finance_charge",
  "payment_schedule",
  "final_payment",
  "total_of_payments",
  "total_down_payment",
  "total_sale_price",
  "term",
  "cash_price",
  "cost_of_borrowing",
  // Quebec credit vocabulary.
  "total_price",
  "net_capital",
  "credit_rate",
  "credit_charges",
  "total_obligation",
  // Leases.
  "due_at_signing",
  "due_at_signing_first_payment",
  "due_at_signing_down_payment",
  "due_at_signing_fees",
  "due_at_signing_taxes",
  "due_at_signing_security_deposit",
  "total_of_lease_payments",
  "capitalized_cost",
  "capitalized_cost_reduction",
  "net_trade_in",
  "adjusted_capitalized_cost",
  "residual_value",
  "depreciation",
  "rent_charge",
  "cash_value",
  "capitalized_amount",
  "implicit_finance_charge",
  "retail_value",
  "down_payment",
  "security_deposit",
  "distance_allowance",
  "implicit_credit_rate",
  "implicit_credit_charges",
] as const;

export type DisclosureKey = (typeof DISCLOSURE_KEYS)[number];

export type DisclosureRule = "us_finance" | "us_lease" | "ontario_credit" | "quebec" | "canada_credit" | "cash";

export type DisclosureFigure = {
  key: DisclosureKey;
  amount?: Cents;
  /** A rate in percent as an exact decimal string ("6.49"), as the option gives it. */
  rate?: string;
  months?: number;
  /** How many payments of `amount` (payment schedule). */
  count?: number;
  /** The contract frequency of a payment schedule. */
  frequency?: PaymentFrequency;
  /** A yearly distance allowance (km in Canada). */
  distance?: number;
  emphasis: "primary" | "normal";
};

export interface QuoteDisclosures {
  rule: DisclosureRule;
  figures: DisclosureFigure[];
}

/** English and Canadian French labels ("Label: value" / "Libellé : valeur"). */
export const DISCLOSURE_LABELS: Record<DisclosureKey, { en: string; fr: string }> = {
  apr: { en: "Annual percentage rate (APR)", fr: "Taux annuel du coût d’emprunt (TAC)" },
  amount_financed: { en: "Amount financed", fr: "Montant financé" },
  finance_charge: { en: "Finance charge", fr: "Frais de financement" },
  payment_schedule: { en: "Payment schedule", fr: "Calendrier des paiements" },
  final_payment: { en: "Final payment", fr: "Dernier paiement" },
  total_of_payments: { en: "Total of payments", fr: "Total des paiements" },
  total_down_payment: {
    en: "Down payment (cash, net trade-in and rebates)",
    fr: "Mise de fonds (comptant, valeur nette de l’échange et remises)",
  },
  total_sale_price: { en: "Total sale price", fr: "Prix de vente total" },
  term: { en: "Term", fr: "Durée" },
  cash_price: { en: "Cash price", fr: "Prix au comptant" },
  cost_of_borrowing: { en: "Cost of borrowing", fr: "Coût d’emprunt" },
  total_price: { en: "Total price", fr: "Prix total" },
  net_capital: { en: "Net capital", fr: "Capital net" },
  credit_rate: { en: "Credit rate", fr: "Taux de crédit" },
  credit_charges: { en: "Credit charges", fr: "Frais de crédit" },
  total_obligation: { en: "Total obligation", fr: "Obligation totale" },
  due_at_signing: { en: "Amount due at signing", fr: "Montant dû à la signature" },
  due_at_signing_first_payment: { en: "First periodic payment", fr: "Premier paiement périodique" },
  due_at_signing_down_payment: {
    en: "Capitalized cost reduction paid in cash",
    fr: "Réduction du coût capitalisé payée comptant",
  },
  due_at_signing_fees: { en: "Fees due at signing", fr: "Frais payables à la signature" },
  due_at_signing_taxes: { en: "Taxes due at signing", fr: "Taxes payables à la signature" },
  due_at_signing_security_deposit: { en: "Refundable security deposit", fr: "Dépôt de garantie remboursable" },
  total_of_lease_payments: { en: "Total of periodic payments", fr: "Total des paiements périodiques" },
  capitalized_cost: { en: "Gross capitalized cost", fr: "Coût capitalisé brut" },
  capitalized_cost_reduction: { en: "Capitalized cost reduction", fr: "Réduction du coût capitalisé" },
  net_trade_in: { en: "Net trade-in allowance", fr: "Valeur nette du véhicule d’échange" },
  adjusted_capitalized_cost: { en: "Adjusted capitalized cost", fr: "Coût capitalisé rajusté" },
  residual_value: { en: "Residual value", fr: "Valeur résiduelle" },
  depreciation: { en: "Depreciation and amortized amounts", fr: "Dépréciation et montants amortis" },
  rent_charge: { en: "Rent charge", fr: "Frais de location" },
  cash_value: { en: "Cash value of the vehicle (before taxes)", fr: "Valeur au comptant du véhicule (avant taxes)" },
  capitalized_amount: { en: "Capitalized amount", fr: "Montant capitalisé" },
  implicit_finance_charge: { en: "Implicit finance charge", fr: "Frais de financement implicites" },
  retail_value: { en: "Retail value of the vehicle (before taxes)", fr: "Valeur au détail du véhicule (avant taxes)" },
  down_payment: { en: "Down payment", fr: "Mise de fonds" },
  security_deposit: { en: "Security deposit", fr: "Dépôt de garantie" },
  distance_allowance: { en: "Distance allowance per year", fr: "Kilométrage annuel alloué" },
  implicit_credit_rate: { en: "Implicit credit rate", fr: "Taux de crédit implicite" },
  implicit_credit_charges: { en: "Implicit credit charges", fr: "Frais de crédit implicites" },
};

type Emphasis = DisclosureFigure["emphasis"];

const money = (key: DisclosureKey, amount: Cents, emphasis: Emphasis = "normal"): DisclosureFigure => ({
  key,
  amount,
  emphasis,
});
const rateFigure = (key: DisclosureKey, rate: string, emphasis: Emphasis = "normal"): DisclosureFigure => ({
  key,
  rate,
  emphasis,
});
const termFigure = (months: number, emphasis: Emphasis = "normal"): DisclosureFigure => ({
  key: "term",
  months,
  emphasis,
});

function required<T>(value: T | null, what: string, option: PaymentOption): T {
  if (value === null) throw new RangeError(`A ${option.payment_type} option without ${what} cannot be disclosed`);
  return value;
}

/** The rule a (non-cash) option falls under, from its jurisdiction id ("US-NY", "CA-ON", "CA-QC", "CA-AB"). */
function creditRuleFor(option: PaymentOption): Exclude<DisclosureRule, "cash"> {
  const [country, region] = option.jurisdiction.split("-");
  if (country === "US" && region) return option.payment_type === "lease" ? "us_lease" : "us_finance";
  if (country === "CA" && region === "ON") return "ontario_credit";
  if (country === "CA" && region === "QC") return "quebec";
  if (country === "CA" && region) return "canada_credit";
  throw new RangeError(`No disclosure rule for jurisdiction ${option.jurisdiction}`);
}

/**
 * The contract schedule: `term` monthly payments of `monthly_payment`, the last one adjusted to clear the
 * balance (`final_payment`). The option's `payment` at a weekly/biweekly/semi-monthly frequency is a
 * monthly-equivalent display amount, not a payment anyone is billed, so it is not disclosed as one.
 */
function financeSchedule(
  option: PaymentOption,
  finance: FinanceDetails,
  emphasis: Emphasis = "normal",
): DisclosureFigure[] {
  const term = required(option.term, "a term", option);
  const monthly = required(option.monthly_payment, "a monthly payment", option);
  const regularCount = finance.final_payment === monthly ? term : term - 1;
  return [
    ...(regularCount > 0
      ? [
          {
            key: "payment_schedule",
            amount: monthly,
            count: regularCount,
            frequency: "monthly",
            emphasis,
          } satisfies DisclosureFigure,
        ]
      : []),
    ...(regularCount < term ? [money("final_payment", finance.final_payment, emphasis)] : []),
  ];
}

function leaseSchedule(option: PaymentOption, emphasis: Emphasis = "normal"): DisclosureFigure {
  const term = required(option.term, "a term", option);
  const monthly = required(option.monthly_payment, "a monthly payment", option);
  return { key: "payment_schedule", amount: monthly, count: term, frequency: "monthly", emphasis };
}

/**
 * The finance charge disclosed is the cent schedule's interest (`schedule_interest`), not the engine's
 * `finance_charge` (payment × term − amount financed, which ignores the adjusted final payment): only the
 * schedule's figure satisfies total of payments = amount financed + finance charge, as Regulation Z and the
 * Canadian cost of borrowing require. No prepaid finance charge or other credit fee is modelled, so the
 * option's rate is also the APR (the rate of the cent schedule differs from it by far less than 1/8 point).
 */
const costOfCredit = (finance: FinanceDetails): Cents => finance.schedule_interest;

function usFinance(option: PaymentOption): DisclosureFigure[] {
  const finance = required(option.finance, "finance details", option);
  const rate = required(option.rate, "a rate", option);
  // Regulation Z's down payment is the cash down, post-tax rebates and the net trade-in; negative equity
  // is not taken from it but financed (comment 2(a)(18)-3), so it adds back: total − amount financed +
  // max(owing − allowance, 0) = cash down + rebates + max(allowance − owing, 0), exactly.
  const negativeEquity = maxCents(subtractCents(option.trade_in_owing, option.trade_in_credit), ZERO_CENTS);
  const downPayment = sumCents([subtractCents(option.total_purchase_price, finance.amount_financed), negativeEquity]);
  return [
    rateFigure("apr", rate, "primary"),
    money("finance_charge", costOfCredit(finance), "primary"),
    money("amount_financed", finance.amount_financed),
    ...financeSchedule(option, finance),
    money("total_of_payments", finance.total_of_payments),
    money("total_down_payment", downPayment),
    // 1026.18(j): the total of payments plus the down payment.
    money("total_sale_price", sumCents([finance.total_of_payments, downPayment])),
  ];
}

/** The taxes the lease collects at signing, as the quote's due-at-signing line counts them. */
const leaseTaxesAtSigning = (option: PaymentOption, lease: LeaseDetails): Cents =>
  option.include_tax ? sumCents([lease.tax_due_at_signing, lease.upfront_tax]) : ZERO_CENTS;

/** Fees paid at signing rather than capitalized. */
const feesAtSigning = (option: PaymentOption): Cents =>
  sumCents(option.fees.filter((fee) => !fee.capitalized).map((fee) => fee.amount));

/**
 * The vehicle's cash value before taxes: what the gross capitalized cost holds for the vehicle, its add-ons
 * and capitalized fees (so less any negative equity and capitalized tax rolled into it), plus the fees paid
 * at signing. It equals a cash sale's subtotal of the same deal. The taxes of a cash sale are not part of a
 * lease option, so a tax-inclusive cash price cannot be derived exactly and is not given.
 */
function leaseCashValue(option: PaymentOption, lease: LeaseDetails): Cents {
  const negativeEquity = maxCents(subtractCents(option.trade_in_owing, option.trade_in_credit), ZERO_CENTS);
  const capitalizedTax = sumCents(option.taxes.filter((tax) => tax.timing === "capitalized").map((tax) => tax.amount));
  return sumCents([
    subtractCents(subtractCents(lease.gross_cap_cost, negativeEquity), capitalizedTax),
    feesAtSigning(option),
  ]);
}

function usLease(option: PaymentOption): DisclosureFigure[] {
  const lease = required(option.lease, "lease details", option);
  const term = required(option.term, "a term", option);
  const monthly = required(option.monthly_payment, "a monthly payment", option);
  const residual = required(option.residual_value, "a residual value", option);
  const items = [
    money("due_at_signing_first_payment", monthly),
    money("due_at_signing_down_payment", option.down_payment),
    money("due_at_signing_fees", feesAtSigning(option)),
    money("due_at_signing_taxes", leaseTaxesAtSigning(option, lease)),
    money("due_at_signing_security_deposit", lease.security_deposit),
  ];
  const itemised = sumCents(items.map((item) => item.amount ?? ZERO_CENTS));
  if (itemised !== lease.due_at_signing) {
    // A wrong itemisation is worse than none: the engine's due-at-signing changed shape.
    throw new RangeError(`Due at signing ${lease.due_at_signing} is not the sum of its items (${itemised})`);
  }
  const hasTradeIn = option.trade_in_credit > 0 || option.trade_in_owing > 0;
  return [
    money("due_at_signing", lease.due_at_signing),
    ...items,
    leaseSchedule(option),
    money("total_of_lease_payments", multiplyCentsByInteger(monthly, term)),
    // 1013.4(e): due at signing less the refundable deposit, plus the payments not paid at signing: the
    // engine's total lease cost is exactly that sum.
    money("total_of_payments", lease.total_lease_cost),
    money("capitalized_cost", lease.gross_cap_cost),
    money("capitalized_cost_reduction", lease.cap_cost_reduction),
    // Allowance less payoff; positive equity is in the reduction above, negative equity in the gross cost.
    ...(hasTradeIn ? [money("net_trade_in", subtractCents(option.trade_in_credit, option.trade_in_owing))] : []),
    money("adjusted_capitalized_cost", lease.adjusted_cap_cost),
    money("residual_value", residual),
    // Over the whole term: adjusted capitalized cost − residual.
    money("depreciation", subtractCents(lease.adjusted_cap_cost, residual)),
    // Over the whole term: base payments − depreciation.
    money("rent_charge", lease.total_rent_charge),
    termFigure(term),
  ];
}

/**
 * Ontario and the other common-law provinces. Finance: APR, term, cash price (the option's total), cost of
 * borrowing. Lease (Ontario O. Reg. 17/05 ss. 73–74, e.g. NB C-28.3 s. 49): APR (the engine's lease rate,
 * money factor × 2400), term, the cash value, the capitalized amount (the adjusted capitalized cost: cash value
 * plus capitalized charges less the down payment, trade equity and rebates), residual and the implicit finance
 * charge (payments + residual − capitalized amount, taxes excluded: the total rent charge).
 */
function canadianCredit(option: PaymentOption, primary: Emphasis): DisclosureFigure[] {
  const rate = required(option.rate, "a rate", option);
  const term = required(option.term, "a term", option);
  if (option.payment_type === "lease") {
    const lease = required(option.lease, "lease details", option);
    return [
      leaseSchedule(option, primary),
      rateFigure("apr", rate, primary),
      termFigure(term, primary),
      money("cash_value", leaseCashValue(option, lease), primary),
      money("implicit_finance_charge", lease.total_rent_charge, primary),
      money("due_at_signing", lease.due_at_signing),
      money("capitalized_amount", lease.adjusted_cap_cost),
      money("residual_value", required(option.residual_value, "a residual value", option)),
    ];
  }
  const finance = required(option.finance, "finance details", option);
  return [
    ...financeSchedule(option, finance, primary),
    rateFigure("apr", rate, primary),
    termFigure(term, primary),
    money("cash_price", option.total_purchase_price, primary),
    money("cost_of_borrowing", costOfCredit(finance), primary),
    money("amount_financed", finance.amount_financed),
    money("total_of_payments", finance.total_of_payments),
  ];
}

/**
 * Quebec: the total price (a lease: the retail value, which the law states before QST and GST) beside the
 * payment, and every credit term once one is named. Net capital, credit charges and total obligation are
 * the amount financed, the cost of credit and their sum (the total of payments). A cash discount forgone
 * by financing is a credit charge in Quebec; the option does not know of one, so none is counted.
 * Lease (ss. 86.2–86.3): the amount due before the term, the payments, term, down payment, deposit, yearly
 * distance, and, since the quote names a rate, the implicit credit rate and charges and the residual. The
 * consumer's maximum obligation depends on whether the residual is guaranteed, which the option does not
 * say, so it is not given.
 */
function quebec(option: PaymentOption): DisclosureFigure[] {
  const rate = required(option.rate, "a rate", option);
  const term = required(option.term, "a term", option);
  if (option.payment_type === "lease") {
    const lease = required(option.lease, "lease details", option);
    return [
      money("retail_value", leaseCashValue(option, lease), "primary"),
      leaseSchedule(option),
      termFigure(term),
      money("due_at_signing", lease.due_at_signing),
      money("down_payment", option.down_payment),
      money("security_deposit", lease.security_deposit),
      ...(option.distance_allowance === null
        ? []
        : [
            {
              key: "distance_allowance",
              distance: option.distance_allowance,
              emphasis: "normal",
            } satisfies DisclosureFigure,
          ]),
      rateFigure("implicit_credit_rate", rate),
      money("implicit_credit_charges", lease.total_rent_charge),
      money("residual_value", required(option.residual_value, "a residual value", option)),
    ];
  }
  const finance = required(option.finance, "finance details", option);
  return [
    money("total_price", option.total_purchase_price, "primary"),
    ...financeSchedule(option, finance),
    rateFigure("credit_rate", rate),
    termFigure(term),
    money("net_capital", finance.amount_financed),
    money("credit_charges", costOfCredit(finance)),
    money("total_obligation", finance.total_of_payments),
  ];
}

/** The disclosures an option must carry where it is quoted. Pure: reads the option, never changes it. */
export function quoteDisclosures(option: PaymentOption): QuoteDisclosures {
  if (option.payment_type === "cash") {
    return { rule: "cash", figures: [money("total_price", option.total_purchase_price, "primary")] };
  }
  const rule = creditRuleFor(option);
  switch (rule) {
    case "us_finance":
      return { rule, figures: usFinance(option) };
    case "us_lease":
      return { rule, figures: usLease(option) };
    case "ontario_credit":
      return { rule, figures: canadianCredit(option, "primary") };
    case "canada_credit":
      return { rule, figures: canadianCredit(option, "normal") };
    case "quebec":
      return { rule, figures: quebec(option) };
  }
}

const NBSP = "\u00a0";

const FREQUENCY_WORDS: Record<PaymentFrequency, { en: string; frOne: string; frMany: string }> = {
  weekly: { en: "weekly", frOne: "hebdomadaire", frMany: "hebdomadaires" },
  biweekly: { en: "biweekly", frOne: "aux deux semaines", frMany: "aux deux semaines" },
  semimonthly: { en: "semi-monthly", frOne: "deux fois par mois", frMany: "deux fois par mois" },
  monthly: { en: "monthly", frOne: "mensuel", frMany: "mensuels" },
};

function localeOf(language: Language, currency: Currency): Locale {
  if (language === "fr") return "fr-ca";
  return currency === "usd" ? "en-us" : "en-ca";
}

/** A figure's value as the page shows it (an amount, a rate, a schedule), without its label. */
export function figureValue(figure: DisclosureFigure, language: Language, currency: Currency): string {
  const locale = localeOf(language, currency);
  if (figure.amount !== undefined && figure.count !== undefined) {
    const amount = formatMoney(figure.amount, { locale, currency });
    const words = FREQUENCY_WORDS[figure.frequency ?? "monthly"];
    const one = figure.count === 1;
    return language === "fr"
      ? `${figure.count} ${one ? "paiement" : "paiements"} ${one ? words.frOne : words.frMany} de ${amount}`
      : `${figure.count} ${words.en} ${one ? "payment" : "payments"} of ${amount}`;
  }
  if (figure.amount !== undefined) return formatMoney(figure.amount, { locale, currency });
  if (figure.rate !== undefined) return formatPercent(figure.rate, locale);
  if (figure.months !== undefined) {
    if (language === "fr") return `${figure.months}${NBSP}mois`;
    return `${figure.months} ${figure.months === 1 ? "month" : "months"}`;
  }
  if (figure.distance !== undefined) return formatDistance(figure.distance, currency === "usd" ? "mi" : "km", locale);
  if (figure.count !== undefined) return String(figure.count);
  throw new RangeError(`Disclosure ${figure.key} has no value`);
}

/** "Label: value" in English, "Libellé : valeur" in French (no-break space before the colon). */
export function disclosureText(figure: DisclosureFigure, language: Language, currency: Currency): string {
  const label = DISCLOSURE_LABELS[figure.key][language];
  const separator = language === "fr" ? `${NBSP}: ` : ": ";
  return `${label}${separator}${figureValue(figure, language, currency)}`;
}
