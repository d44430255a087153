import { z } from "zod";
import { validationMessage as msg } from "../validation-messages.ts";

/** Starts the manufacturer's sign-in: where to come back to afterwards (a path of this site; anything else is ignored). */
export const manufacturerSignInStartSchema = z.object({
  return_to: z.string().max(2000, msg("too_long")).optional(),
});
/** The manufacturer's authorization address the browser goes to. */
export const manufacturerSignInRedirectSchema = z.object({ redirect_to: z.string() });

/** What the provider sends back to the storefront's callback (OpenID Connect authorization response). */
export const manufacturerSignInCallbackSchema = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  session_state: z.string().max(2000).optional(),
});

/** The signed-in customer's manufacturer identity (the profile page). */
export const manufacturerIdentityProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  /** When the identity was first linked to this customer (ISO 8601). */
  linked_at: z.string(),
  /** When the customer last signed in with it (ISO 8601). */
  last_sign_in_at: z.string(),
});
export type ManufacturerIdentityProfile = z.infer<typeof manufacturerIdentityProfileSchema>;
