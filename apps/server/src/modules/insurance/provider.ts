import {
  estimateInsurancePremium,
  insuranceFactorsOf,
  type BodyType,
  type Cents,
  type Country,
  type InsuranceDeductible,
  type InsuranceQuoteRequest,
} from "@showroom/domain";

/** What a liability insurer is asked: the deal's vehicle and what the driver said. */
export type InsuranceQuoteInput = {
  country: Country;
  vehicle: { value: Cents; modelYear: number; bodyType: BodyType };
  request: InsuranceQuoteRequest;
  quotedOn: Date;
  /** The dealership's tuning of the built-in estimator (dealer info `insurance_factors`); other providers ignore it. */
  factorOverrides?: unknown;
};

export type InsurancePremium = {
  yearly: Cents;
  monthly: Cents;
  liability: Cents;
  ownDamage: Cents;
  region: string;
  /** The provider's own details, kept with the quote. */
  details: Record<string, unknown>;
};

export type InsuranceProviderAnswer =
  | { ok: true; premium: InsurancePremium }
  | { ok: false; field: "postal_code" | "liability_limit"; key: "insurance_region_unknown" | "insurance_limit_unknown" };

/** A liability insurer: rates a driver and vehicle. A connected insurer would call out here; the built-in one estimates. */
export interface InsuranceProvider {
  /** What the quote and the order name as its provider. */
  readonly name: string;
  /** An insurer's offer binds it once accepted; the estimator's figure never does. */
  readonly binding: boolean;
  quote(input: InsuranceQuoteInput): Promise<InsuranceProviderAnswer>;
}

/** The built-in estimator of the domain (packages/domain/src/insurance/estimator.ts): offline, deterministic, not binding. */
export const estimatorProvider: InsuranceProvider = {
  name: "estimate",
  binding: false,
  async quote(input) {
    const result = estimateInsurancePremium(
      {
        country: input.country,
        vehicleValue: input.vehicle.value,
        modelYear: input.vehicle.modelYear,
        bodyType: input.vehicle.bodyType,
        quotedYear: input.quotedOn.getUTCFullYear(),
        driverAgeBand: input.request.driver_age_band,
        yearsLicensed: input.request.years_licensed,
        atFaultClaims: input.request.at_fault_claims,
        postalCode: input.request.postal_code,
        liabilityLimit: input.request.liability_limit,
        deductible: input.request.deductible as InsuranceDeductible,
      },
      insuranceFactorsOf(input.factorOverrides),
    );
    if (!result.ok)
      return result.failure.field === "postal_code"
        ? { ok: false, field: "postal_code", key: "insurance_region_unknown" }
        : { ok: false, field: "liability_limit", key: "insurance_limit_unknown" };
    const { yearly, monthly, liability, ownDamage, region, factors } = result.estimate;
    return { ok: true, premium: { yearly, monthly, liability, ownDamage, region, details: { factors } } };
  },
};
