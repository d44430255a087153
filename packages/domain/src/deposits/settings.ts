import { DEPOSIT_FEE_MODES, DEPOSIT_MODES, type DepositFeeMode, type DepositMode } from "./types.ts";

/** A dealership's deposit settings, money in cents. */
export type DepositSettings = {
  amountCents: number;
  mode: DepositMode;
  feeMode: DepositFeeMode;
  processingBasisPoints: number;
  fixedFeeCents: number;
  cancellationFeeCents: number;
  /** A deposit paid before a contract is signed is returned whenever asked (the Ontario rule); the fee is then waived. */
  refundableOnRequest: boolean;
  /** The card's postal code is checked against the country's format (spec 5: on by default). */
  geoValidation: boolean;
  /** Staff may change a build its deposit holds (the build state's post_deposit_edit_enabled). */
  postDepositEdit: boolean;
  /** Their change needs the edit confirmation, where they state they checked the order's Last Date of Change. */
  postDepositEditConfirmRequired: boolean;
};

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  amountCents: 50_000,
  mode: "hold",
  feeMode: "No Fee",
  processingBasisPoints: 290,
  fixedFeeCents: 0,
  cancellationFeeCents: 0,
  refundableOnRequest: true,
  geoValidation: true,
  postDepositEdit: true,
  postDepositEditConfirmRequired: true,
};

const wholeCents = (value: unknown, max: number) => (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max ? value : undefined);

const flag = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);

/** The dealership's `deposit_settings` (dealer info), each value checked, the defaults where one is missing or wrong. */
export function depositSettingsOf(profile: { deposit_settings?: unknown }): DepositSettings {
  const raw = (profile.deposit_settings ?? {}) as Record<string, unknown>;
  const d = DEFAULT_DEPOSIT_SETTINGS;
  const amount = wholeCents(raw["amount_cents"], 10_000_000);
  return {
    amountCents: amount !== undefined && amount >= 100 ? amount : d.amountCents,
    mode: (DEPOSIT_MODES as readonly unknown[]).includes(raw["mode"]) ? (raw["mode"] as DepositMode) : d.mode,
    feeMode: (DEPOSIT_FEE_MODES as readonly unknown[]).includes(raw["fee_mode"]) ? (raw["fee_mode"] as DepositFeeMode) : d.feeMode,
    processingBasisPoints: wholeCents(raw["processing_basis_points"], 2_000) ?? d.processingBasisPoints,
    fixedFeeCents: wholeCents(raw["fixed_fee_cents"], 100_000) ?? d.fixedFeeCents,
    cancellationFeeCents: wholeCents(raw["cancellation_fee_cents"], 10_000_000) ?? d.cancellationFeeCents,
    refundableOnRequest: flag(raw["refundable_on_request"], d.refundableOnRequest),
    geoValidation: flag(raw["geo_validation"], d.geoValidation),
    postDepositEdit: flag(raw["post_deposit_edit_enabled"], d.postDepositEdit),
    postDepositEditConfirmRequired: flag(raw["post_deposit_edit_confirm_required"], d.postDepositEditConfirmRequired),
  };
}
