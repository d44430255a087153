import { z } from "zod";

export const OUTBOX_KINDS = ["crm_lead", "email", "sms"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
/** "sending": claimed by a worker whose attempt has not settled; if the worker died, the message is tried again. */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The iTIP methods an emailed calendar file may carry (RFC 5546): an invitation or its update, or a cancellation. */
export const CALENDAR_METHODS = ["REQUEST", "CANCEL"] as const;
export type CalendarMethod = (typeof CALENDAR_METHODS)[number];

/** How many messages the development mailbox lists at most. */
export const MAILBOX_LIMIT = 200;

/** A message of the development mailbox: what was (or will be) delivered, as a person reads it. */
export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OUTBOX_KINDS),
  to: z.string(),
  /** null for SMS, which have none. */
  subject: z.string().nullable(),
  /** The plain text (for a CRM lead, the ADF XML). */
  text: z.string(),
  dealership_code: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  /** What delivered it: "mailbox" (kept here, nothing left the server) or "smtp"; null until delivered. */
  transport: z.string().nullable(),
  /** An email's calendar file (an appointment's .ics, sent as text/calendar with its METHOD), when it has one. */
  calendar: z.object({ method: z.enum(CALENDAR_METHODS), filename: z.string(), content: z.string() }).nullable().optional(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxSchema = z.object({ results: z.array(mailboxMessageSchema) });
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailboxQuerySchema = z.object({
  /** Only messages to this exact address (letter case ignored). */
  to: z.string().trim().min(1).max(254).optional(),
});
