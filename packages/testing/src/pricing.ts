import { cents, DEMO_RATE_PROGRAMS, type DealerIncentive, type Discount, type Fee, type RateProgram } from "@showroom/domain";

/** What a dealership prices with besides its payment settings (fees, discounts, incentives, lenders' programs). */
export type DealerPricingSpec = {
  fees: Fee[];
  discounts: Discount[];
  incentives: DealerIncentive[];
  ratePrograms: RateProgram[];
  localTaxRate: string | null;
};

const everywhere = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

export function buildFee(fee: Partial<Fee> & Pick<Fee, "id" | "name" | "amount">): Fee {
  return { ...everywhere, taxability: "pretax", include_by_default: true, ...fee };
}

/**
 * Demo pricing of a dealership in a province or state: the usual fees there (freight and PDI on new
 * vehicles, an administration fee, the regulator's fee, an optional home delivery), an online discount on
 * used vehicles, a manufacturer rebate and a loyalty rebate whose conflict keeps it from ever being offered and the demo rate programs.
 * Amounts are invented but plausible; they are not any dealership's.
 */
export function buildDealerPricing(region: string, overrides: Partial<DealerPricingSpec> = {}): DealerPricingSpec {
  const us = ["NY", "CA", "TX", "FL", "IL", "MI", "MN", "PA", "OH", "GA"].includes(region);
  const fees: Fee[] = [
    buildFee({ id: "freight-pdi", name: "Freight and PDI", name_fr: "Transport et préparation", fee_type: "freight_pdi", amount: cents(us ? 139_500 : 209_500), used: false, cpo: false, cap_cost: true }),
    buildFee({ id: "admin", name: us ? "Documentation fee" : "Administration fee", name_fr: "Frais d'administration", fee_type: "derived_fees", amount: cents(us ? 17_500 : 59_900), is_dealer_admin: true, cap_cost: true }),
    buildFee({ id: "delivery", name: "Home delivery", name_fr: "Livraison à domicile", fee_type: "global_fees", amount: cents(29_900), include_by_default: false }),
  ];
  if (region === "ON") fees.push(buildFee({ id: "omvic", name: "OMVIC fee", name_fr: "Frais du CPVMO", fee_type: "omvic_amvic_fees", amount: cents(2_200), cap_cost: true }));
  if (region === "QC") fees.push(buildFee({ id: "tires", name: "Tire levy", name_fr: "Droit sur les pneus neufs", fee_type: "tire_levy", amount: cents(1_500), used: false, cpo: false, cap_cost: true }));
  return {
    fees,
    discounts: [
      { ...everywhere, new: false, id: "online-used", name: "Online price advantage", name_fr: "Avantage prix en ligne", amount: cents(50_000), taxability: "pretax", include_by_default: true },
    ],
    incentives: [
      { id: "toyota-cash", name: "Toyota cash incentive", name_fr: "Incitatif au comptant Toyota", type: "rebate", category: "normal", amount: cents(100_000), vehicle: { make: "Toyota", conditions: ["new"] } },
      { id: "loyalty", name: "Loyalty rebate", name_fr: "Rabais de fidélité", type: "rebate", category: "loyalty", amount: cents(75_000), conflict: ["conquest"] },
    ],
    ratePrograms: [...DEMO_RATE_PROGRAMS],
    localTaxRate: region === "NY" ? "0.0475" : null,
    ...overrides,
  };
}
