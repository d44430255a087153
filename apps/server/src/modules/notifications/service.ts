import { CALENDAR_METHODS, MAILBOX_LIMIT, type CalendarMethod, type Language, type MailboxMessage, type OutboxKind } from "@showroom/domain";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { DealershipsService } from "../dealerships/service.ts";
import { notificationsRepo, type OutboxRow } from "./repo.ts";

/** What each kind of outbox row carries in its payload. */
/** A calendar file (RFC 5545) sent with an email as text/calendar, its `method` the METHOD it holds (RFC 6047). */
export type CalendarAttachment = { method: CalendarMethod; filename: string; content: string };
/** A file sent with an email (a quote's PDF), its bytes in base64. */
export type FileAttachment = { filename: string; contentType: "application/pdf"; contentBase64: string };
export type EmailPayload = { to: string; subject: string; text: string; language: Language; calendar?: CalendarAttachment | undefined; attachment?: FileAttachment | undefined };
export type SmsPayload = { to: string; text: string };
export type CrmLeadPayload = {
  /** The dealership's CRM address. */
  to: string;
  subject: string;
  /** The lead as ADF XML (renderAdfLead), mailed as the body. */
  adf: string;
  /** The stored lead it came from, for tracing. */
  lead?: { type: string; id: number } | undefined;
};

export type OutboxMessage =
  | { kind: "email"; payload: EmailPayload }
  | { kind: "sms"; payload: SmsPayload }
  | { kind: "crm_lead"; payload: CrmLeadPayload };

/** A message as the delivery worker hands it to a transport. */
export type OutboundMessage = OutboxMessage & { id: number; dealershipId: number };

const address = z.string().trim().min(1).max(254);
const payloadSchemas = {
  email: z.object({
    to: address,
    subject: z.string(),
    text: z.string(),
    language: z.enum(["en", "fr"]),
    calendar: z.object({ method: z.enum(CALENDAR_METHODS), filename: z.string().regex(/^[\w-]{1,60}\.ics$/), content: z.string().min(1) }).optional(),
    attachment: z
      .object({ filename: z.string().regex(/^[\w-]{1,60}\.pdf$/), contentType: z.literal("application/pdf"), contentBase64: z.string().min(1).max(4_000_000) })
      .optional(),
  }),
  sms: z.object({ to: address, text: z.string() }),
  crm_lead: z.object({
    to: address,
    subject: z.string(),
    adf: z.string(),
    lead: z.object({ type: z.string(), id: z.number().int() }).optional(),
  }),
} satisfies Record<OutboxKind, z.ZodType>;

/** The typed message of a stored row, or null when its payload is not one we can deliver (e.g. written before delivery existed). */
export function readMessage(row: Pick<OutboxRow, "kind" | "payload">): OutboxMessage | null {
  const schema = payloadSchemas[row.kind];
  if (!schema) return null;
  const parsed = schema.safeParse(row.payload);
  return parsed.success ? ({ kind: row.kind, payload: parsed.data } as OutboxMessage) : null;
}

type Queued = {
  dealershipId: number;
  /** The caller's clock (the app's, which tests move): created and due at this time. The database's clock when omitted. */
  now?: Date | undefined;
};

async function enqueue(db: Db, queued: Queued, message: OutboxMessage) {
  const at = queued.now ? { createdAt: queued.now, availableAt: queued.now } : {};
  const row = await notificationsRepo(db).enqueue({ dealershipId: queued.dealershipId, kind: message.kind, payload: message.payload, ...at });
  return { id: row.id };
}

/*
 * The queue functions write one outbox row and nothing else, so they belong inside the caller's
 * transaction (pass the transaction): the message is queued if and only if what caused it is stored.
 */

export function queueEmail(
  db: Db,
  input: Queued & { to: string; subject: string; text: string; language: Language; calendar?: CalendarAttachment | undefined; attachment?: FileAttachment | undefined },
) {
  return enqueue(db, input, {
    kind: "email",
    payload: {
      to: input.to.trim(),
      subject: input.subject,
      text: input.text,
      language: input.language,
      ...(input.calendar ? { calendar: input.calendar } : {}),
      ...(input.attachment ? { attachment: input.attachment } : {}),
    },
  });
}

export function queueSms(db: Db, input: Queued & { to: string; text: string }) {
  return enqueue(db, input, { kind: "sms", payload: { to: input.to.trim(), text: input.text } });
}

export function queueCrmLead(
  db: Db,
  input: Queued & { to: string; subject: string; adf: string; lead?: { type: string; id: number } },
) {
  return enqueue(db, input, {
    kind: "crm_lead",
    payload: { to: input.to.trim(), subject: input.subject, adf: input.adf, ...(input.lead ? { lead: input.lead } : {}) },
  });
}

function mailboxView(row: OutboxRow, message: OutboxMessage, dealershipCode: string): MailboxMessage {
  const { payload } = message;
  return {
    id: row.id,
    kind: message.kind,
    to: payload.to,
    subject: message.kind === "sms" ? null : message.payload.subject,
    text: message.kind === "crm_lead" ? message.payload.adf : message.payload.text,
    dealership_code: dealershipCode,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    status: row.status,
    transport: row.transport,
    calendar: message.kind === "email" ? (message.payload.calendar ?? null) : null,
  };
}

/** The development mailbox: the newest outbox messages as a person reads them (every transport, every dealership). */
export async function listMailbox(
  db: Db,
  dealerships: Pick<DealershipsService, "all">,
  options: { to?: string | undefined } = {},
): Promise<MailboxMessage[]> {
  const [rows, all] = await Promise.all([notificationsRepo(db).listRecent({ to: options.to, limit: MAILBOX_LIMIT }), dealerships.all()]);
  const codes = new Map(all.map((d) => [d.id, d.code]));
  return rows.flatMap((row) => {
    const message = readMessage(row);
    return message ? [mailboxView(row, message, codes.get(row.dealershipId) ?? "")] : [];
  });
}
