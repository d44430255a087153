import { z } from "zod";
import { phoneDigits } from "../customers/field-rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { emailSchema, verificationCodeSchema } from "./customers.ts";
import { dealerUserSchema } from "./users.ts";

/** Security reference: staff passwords need 12 characters, nothing else; the cap only keeps hashing cheap to refuse. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 256;

/** Where a fully signed-in staff user goes: the dealer workspace (a storefront route, staff only). */
export const DEALER_WORKSPACE_PATH = "dealer/customers/";
/** The page of a password-reset link (the token follows as ?token=). */
export const STAFF_PASSWORD_RESET_PATH = "dealer/reset-password/";

const rememberDevice = z.boolean({ error: msg("boolean") }).optional().default(false);

/** A North American mobile number in any usual form; kept as E.164 (+1 and ten digits). */
export const staffPhoneSchema = z
  .string({ error: msg("required") })
  .trim()
  .min(1, msg("required"))
  .max(32, msg("too_long"))
  .refine((v) => phoneDigits(v) !== null, msg("phone"))
  .transform((v) => `+1${phoneDigits(v)!}`);

export const staffLoginSchema = z.object({
  email: emailSchema,
  // Not trimmed: a password is what was typed.
  password: z.string({ error: msg("required") }).min(1, msg("required")).max(1024, msg("too_long")),
});

/**
 * The state of a staff sign-in's second factor (transactional spec 3, "Two-factor records").
 * has_device: a phone or an authenticator app can give a code; verified / fully_authenticated: this
 * session passed the second factor; sent: a code went by SMS just now, else reason says why not;
 * setup_sent: a code went to a phone being set up; redirect_url: where to go once fully signed in.
 */
export const TWO_FACTOR_REASONS = ["remembered_device", "already_verified", "no_device", "authenticator", "throttled"] as const;
export const twoFactorRecordSchema = z.object({
  has_device: z.boolean(),
  has_authenticator: z.boolean(),
  masked_phone: z.string().nullable(),
  verified: z.boolean(),
  fully_authenticated: z.boolean(),
  sent: z.boolean(),
  reason: z.enum(TWO_FACTOR_REASONS).nullable(),
  setup_sent: z.boolean(),
  redirect_url: z.string().nullable(),
});
export type TwoFactorRecord = z.infer<typeof twoFactorRecordSchema>;

/** What login answers: the staff user and where their second factor stands. */
export const staffLoginResultSchema = dealerUserSchema.extend(twoFactorRecordSchema.shape);
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

export const verificationStatusSchema = z.object({ verified: z.boolean() });
/** token: the 6-digit SMS code, or the authenticator app's code when one is set up. */
export const verificationSchema = z.object({ token: verificationCodeSchema, remember_device: rememberDevice });
export const setupOtpSchema = z.object({ phone: staffPhoneSchema });
export const confirmOtpDeviceSchema = z.object({ token: verificationCodeSchema, remember_device: rememberDevice, phone: staffPhoneSchema });
export const sendOtpSchema = z.object({}).optional();

export const totpSetupResultSchema = z.object({
  /** Base32 secret, for typing into the app by hand; shown this once. */
  secret: z.string(),
  /** otpauth://totp/... for a QR code. */
  otpauth_uri: z.string(),
  issuer: z.string(),
  digits: z.literal(6),
  period: z.literal(30),
});
export const totpConfirmSchema = z.object({ token: verificationCodeSchema, remember_device: rememberDevice });

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: msg("required") }).trim().min(1, msg("required")).max(200, msg("too_long")),
  password: z
    .string({ error: msg("required") })
    .min(STAFF_PASSWORD_MIN_LENGTH, msg("password_min"))
    .max(STAFF_PASSWORD_MAX_LENGTH, msg("too_long")),
});
export const detailResultSchema = z.object({ detail: z.string() });

/** back_to_dealer_panel and end_customer_session: where the browser goes next. */
export const dealerRedirectSchema = z.object({ redirect_to: z.string() });
