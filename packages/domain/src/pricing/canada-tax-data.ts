import { cents } from "../money.ts";
import { type TaxComponent, type TaxRules } from "./tax-types.ts";

/**
 * Canadian sales taxes on a dealer sale or lease of a passenger vehicle to an individual
 * (pricing reference 3.1, 3.2, 2.3). Effective-dated: the table covers dates from
 * `CANADA_TAX_COVERAGE_START`; a date before it has no rules (the caller reports it).
 */
export const CANADA_TAX_COVERAGE_START = "2024-01-01";

const gst: TaxComponent = { id: "gst", label_key: "pricing.line.gst", rate: "0.05" };
const hst = (rate: string): TaxComponent => ({ id: "hst", label_key: "pricing.line.hst", rate });

/** BC passenger-vehicle PST bands, picked on the price before the trade-in, applied to the whole net price. */
export const BC_PST_BANDS = [
  { from: cents(0), rate: "0.07" },
  { from: cents(5_500_000), rate: "0.08" },
  { from: cents(5_600_000), rate: "0.09" },
  { from: cents(5_700_000), rate: "0.10" },
  { from: cents(12_500_000), rate: "0.15" },
  { from: cents(15_000_000), rate: "0.20" },
] as const;

/** What every Canadian jurisdiction shares; provinces differ in their tax components. */
export const CANADIAN_TAX_DEFAULTS = {
  country: "CA",
  effectiveFrom: CANADA_TAX_COVERAGE_START,
  tradeInCredit: { kind: "full" },
  leaseTradeInCredit: { kind: "full" },
  leaseTaxModel: "per_payment",
  taxCashDownOnLease: true,
  rebateDefault: "post_tax",
  localTax: null,
} as const satisfies Partial<TaxRules>;

const province = (
  code: string,
  components: TaxComponent[],
  extra: Partial<TaxRules> = {},
): TaxRules => ({ ...CANADIAN_TAX_DEFAULTS, jurisdiction: `CA-${code}`, components, ...extra });

export const CANADA_TAX_RULES: readonly TaxRules[] = [
  province("AB", [gst], { notes: ["[O] AMVIC levy is a fee, not a tax; GST applies to it."] }),
  province("BC", [gst, { id: "pst", label_key: "pricing.line.pst", rate: "0.07", bands: BC_PST_BANDS }], {
    notes: [
      "[S] Ryan on PST 116: band picked on the price before trade-in, PST charged net of trade-in.",
      "Bands apply to passenger vehicles; non-passenger vehicles are 7 % (not modelled: pass a custom rule).",
      "UNCERTAIN: manufacturer rebates may be excluded from the BC purchase price; default kept post-tax.",
      "UNCERTAIN: an old FAQ says a trade-in used on a lease does not reduce PST; not modelled.",
    ],
  }),
  province("MB", [gst, { id: "rst", label_key: "pricing.line.rst", rate: "0.07" }], {
    notes: ["[O] MB Bulletin 012: RST on the net selling price after dealer discount and trade-in; PPSA fee excluded."],
  }),
  province("NB", [hst("0.15")]),
  province("NL", [hst("0.15")]),
  province("NS", [hst("0.15")], { effectiveTo: "2025-03-31" }),
  province("NS", [hst("0.14")], {
    effectiveFrom: "2025-04-01",
    notes: ["[S] 14 % from 1 April 2025, set by when tax becomes payable (invoice date)."],
  }),
  province("NT", [gst]),
  province("NU", [gst]),
  province("ON", [hst("0.13")]),
  province("PE", [hst("0.15")]),
  province(
    "QC",
    [gst, { id: "qst", label_key: "pricing.line.qst", rate: "0.09975", collectedBy: "registration_authority" }],
    { notes: ["[O] Revenu Québec: trade-in reduces both bases; a manufacturer's rebate does not; QST paid to the SAAQ."] },
  ),
  province("SK", [gst, { id: "pst", label_key: "pricing.line.pst", rate: "0.06" }], {
    notes: ["[S] PST on all new and used vehicles since 11 Apr 2018, trade-in allowed; rebates taxed (PST-18)."],
  }),
  province("YT", [gst]),
];
