import { randomBytes } from "node:crypto";
import { estimateTradeInValue, instantCashOffer, type Cents, type Country, type TradeInAnswers, type ValuationEstimate } from "@showroom/domain";
import type { TradeInRepo } from "./repo.ts";

/** What a valuation is asked about: the vehicle as the shopper described it, where it is, and on which day. */
export type ValuationRequest = {
  vehicle: { year: number; make: string; model: string; trim: string; style: string | null };
  odometer: number;
  odometerUnit: "km" | "mi";
  country: Country;
  regionCode: string;
  /** YYYY-MM-DD at the dealership. */
  valuedOn: string;
  answers: TradeInAnswers;
  options: { sunroof: boolean; navigation: boolean; technology: boolean };
};

export type InstantOffer = { id: string; amount: Cents; rangeMin: Cents; rangeMax: Cents };

/**
 * A valuation system behind a small interface: the built-in depreciation model here, a price guide's or a
 * marketplace's service later. Null: the system cannot value this vehicle (the trade-in is "not_quoted").
 */
export interface ValuationProvider {
  readonly system: string;
  estimate(request: ValuationRequest): Promise<ValuationEstimate | null>;
  instantOffer(request: ValuationRequest): Promise<InstantOffer | null>;
}

/** The middle value of a list of amounts (the lower middle of an even count, so it is one of them). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The built-in valuation: the catalogue's MSRP of the style (the median of the trim's styles when the style is
 * unknown, and of the model's when the trim is not in the catalogue), depreciated by the domain's model. A
 * vehicle the catalogue does not have gets no estimate. It is an estimate and a demonstration, not a price guide.
 */
export function builtInValuation(repo: Pick<TradeInRepo, "catalogueRows">): ValuationProvider {
  async function catalogueMsrp(vehicle: ValuationRequest["vehicle"]): Promise<Cents | null> {
    const { year, make, model, trim, style } = vehicle;
    const ofTrim = await repo.catalogueRows(year, make, model, trim);
    const exact = style === null ? undefined : ofTrim.find((row) => row.style.toLowerCase() === style.toLowerCase());
    if (exact) return exact.msrpCents as Cents;
    if (ofTrim.length) return median(ofTrim.map((row) => row.msrpCents)) as Cents;
    const ofModel = await repo.catalogueRows(year, make, model, null);
    return ofModel.length ? (median(ofModel.map((row) => row.msrpCents)) as Cents) : null;
  }

  async function estimate(request: ValuationRequest): Promise<ValuationEstimate | null> {
    const msrp = await catalogueMsrp(request.vehicle);
    if (msrp === null) return null;
    return estimateTradeInValue({
      catalogueMsrp: msrp,
      modelYear: request.vehicle.year,
      valuedOn: request.valuedOn,
      odometer: request.odometer,
      odometerUnit: request.odometerUnit,
      country: request.country,
      regionCode: request.regionCode,
      answers: request.answers,
      options: request.options,
    });
  }

  return {
    system: "built-in",
    estimate,
    async instantOffer(request) {
      const value = await estimate(request);
      if (!value) return null;
      const offer = instantCashOffer(value);
      return { id: `ico-${randomBytes(9).toString("base64url")}`, ...offer };
    },
  };
}
