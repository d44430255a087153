import type { TwoFactorRecord } from "@showroom/domain";

/** The dealer sign-in's two-factor answer (a device on file, a code sent by SMS), with overrides. */
export const twoFactorRecord = (overrides: Partial<TwoFactorRecord> = {}): TwoFactorRecord => ({
  has_device: true,
  has_authenticator: false,
  masked_phone: "(***) ***-0199",
  verified: false,
  fully_authenticated: false,
  sent: true,
  reason: null,
  setup_sent: false,
  redirect_url: null,
  ...overrides,
});
