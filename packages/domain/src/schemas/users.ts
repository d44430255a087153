import { z } from "zod";
import { STAFF_ROLES } from "../constants.ts";

export const dealerUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum([...STAFF_ROLES, "unknown"]),
  role_verbose: z.string(),
  is_super_admin: z.boolean(),
  default_send_invitation_email: z.boolean(),
  default_send_lead_to_crm: z.boolean(),
  fully_authenticated: z.boolean(),
});
export type DealerUser = z.infer<typeof dealerUserSchema>;
