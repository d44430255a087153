import { type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { CANADA_TAX_RULES, CANADIAN_TAX_DEFAULTS } from "./canada-tax-data.ts";
import { applyRate, maxCents, minCents, subtractCents, ZERO_CENTS } from "./cents-math.ts";
import { type TaxComponent, type TaxRules, type TradeInCreditRule } from "./tax-types.ts";
import { US_TAX_RULES } from "./us-tax-data.ts";

/** Every effective-dated version of every jurisdiction the engine knows. */
export const TAX_RULES: readonly TaxRules[] = [...CANADA_TAX_RULES, ...US_TAX_RULES];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (date: string): boolean => ISO_DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));

export const SUPPORTED_JURISDICTIONS: readonly string[] = [...new Set(TAX_RULES.map((rules) => rules.jurisdiction))];

/**
 * The rules of a jurisdiction ("CA-ON", "US-NY") in force on an ISO date, or null when the
 * jurisdiction is unknown or the date is outside the table. `localRate` adds the dealer's
 * county/city rate where the jurisdiction has a local add-on (ignored where it has none).
 */
export function taxRulesOn(
  jurisdiction: string,
  date: string,
  options: { localRate?: string; table?: readonly TaxRules[] } = {},
): TaxRules | null {
  if (!isIsoDate(date)) return null;
  const table = options.table ?? TAX_RULES;
  const rules = table.find(
    (candidate) =>
      candidate.jurisdiction === jurisdiction &&
      candidate.effectiveFrom <= date &&
      (candidate.effectiveTo === undefined || date <= candidate.effectiveTo),
  );
  if (!rules) return null;
  const local = rules.localTax;
  if (!options.localRate || !local) return rules;
  const component: TaxComponent = {
    id: "local",
    label_key: local.label_key,
    rate: options.localRate,
    ...(local.baseCap === undefined ? {} : { baseCap: local.baseCap }),
  };
  return { ...rules, components: [...rules.components, component] };
}

/**
 * Rules built from parts, for a combined rate as published ("8.875 % NYC") or a dealer override.
 * Defaults: per-payment lease tax, full trade-in credit, cash down on a lease taxed, rebates post-tax.
 */
export function customTaxRules(parts: Partial<TaxRules> & Pick<TaxRules, "components">): TaxRules {
  return { ...CANADIAN_TAX_DEFAULTS, jurisdiction: "custom", effectiveFrom: "0000-01-01", ...parts };
}

/** The part of the trade-in allowance that reduces the taxable base. */
export function tradeInTaxCredit(rule: TradeInCreditRule, tradeValue: Cents, isNewVehicle: boolean): Cents {
  switch (rule.kind) {
    case "none":
      return ZERO_CENTS;
    case "capped":
      return minCents(tradeValue, rule.cap);
    case "full":
      return rule.newVehiclesOnly && !isNewVehicle ? ZERO_CENTS : tradeValue;
  }
}

export interface TaxLine {
  id: string;
  label_key: string;
  /** The rate applied (the band's rate for a banded component). */
  rate: string;
  base: Cents;
  amount: Cents;
  collected_by: "dealer" | "registration_authority";
}

/** The rate of a component, the band picked on `bandBase` where it is banded (BC PST). */
export function componentRate(component: TaxComponent, bandBase: Cents): string {
  if (!component.bands || component.bands.length === 0) return component.rate;
  let rate = component.bands[0]!.rate;
  for (const band of component.bands) if (bandBase >= band.from) rate = band.rate;
  return rate;
}

export const componentApplies = (component: TaxComponent, paymentType: PaymentType): boolean =>
  !component.paymentTypes || component.paymentTypes.includes(paymentType);

/**
 * One line per component: round2(base × rate), each component rounded separately on the same
 * base (pricing reference 1.1, 6.3). `bandBase` picks banded rates (the pre-trade price in BC).
 * `componentBases` gives some components a base of their own, for a protection plan that only
 * some of the jurisdiction's taxes apply to; the band is still picked on `bandBase`.
 */
export function computeTaxLines(input: {
  rules: TaxRules;
  paymentType: PaymentType;
  taxableBase: Cents;
  bandBase?: Cents;
  componentBases?: Readonly<Record<string, Cents>>;
}): TaxLine[] {
  const base = maxCents(input.taxableBase, ZERO_CENTS);
  return input.rules.components
    .filter((component) => componentApplies(component, input.paymentType))
    .map((component) => {
      const rate = componentRate(component, input.bandBase ?? base);
      const ownBase = input.componentBases?.[component.id];
      const uncapped = ownBase === undefined ? base : maxCents(ownBase, ZERO_CENTS);
      const componentBase = component.baseCap === undefined ? uncapped : minCents(uncapped, component.baseCap);
      return {
        id: component.id,
        label_key: component.label_key,
        rate,
        base: componentBase,
        amount: applyRate(componentBase, rate),
        collected_by: component.collectedBy ?? "dealer",
      };
    });
}

/** max(preTradeBase − tradeCredit, 0): the taxable base net of the trade-in credit. */
export const baseNetOfTrade = (preTradeBase: Cents, tradeCredit: Cents): Cents =>
  maxCents(subtractCents(preTradeBase, tradeCredit), ZERO_CENTS);
