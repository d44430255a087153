import type { OutboxKind } from "@showroom/domain";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { OutboundMessage } from "./service.ts";

/** Something that delivers outbox messages; `deliver` throws when it could not. */
export type Transport = {
  readonly name: string;
  deliver(message: OutboundMessage): Promise<void>;
};

/** One transport for every kind, or the transport for each kind. */
export type Transports = Transport | ((kind: OutboxKind) => Transport);

export const transportFor = (transports: Transports, kind: OutboxKind): Transport =>
  typeof transports === "function" ? transports(kind) : transports;

/**
 * The development mailbox: delivering means keeping the message for the mailbox page (the outbox row,
 * marked sent by this transport); nothing leaves the machine.
 */
export function mailboxTransport(): Transport {
  return { name: "mailbox", deliver: async () => {} };
}

/** The Message-ID of an outbox row's mail. */
export const outboxMessageId = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/** Bounded waits, so a silent mail server fails an attempt (to be retried) well before a worker's claim runs out. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Email through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587 or smtps://...):
 * an email row is a plain-text mail (with its calendar file, when it has one); a CRM lead is a mail to the CRM address whose body is the ADF
 * XML, sent as text/plain (what most CRMs' ADF mailboxes accept).
 */
export function smtpTransport(url: string, options: { from: string; messageIdDomain: string }): Transport & { close(): void } {
  const mailer = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  // One Message-ID per outbox row, the same on every attempt: a mail sent again after a crash is dropped as a duplicate.
  const messageId = (message: OutboundMessage) => outboxMessageId(message.id, options.messageIdDomain);
  return {
    name: "smtp",
    async deliver(message) {
      switch (message.kind) {
        case "email":
          await mailer.sendMail({
            from: options.from,
            to: message.payload.to,
            subject: message.payload.subject,
            text: message.payload.text,
            messageId: messageId(message),
            headers: { "Content-Language": message.payload.language === "fr" ? "fr-CA" : "en" },
            // The calendar file goes as the text/calendar alternative whose method is the file's METHOD (RFC 6047), so mail
            // programs offer to add, update or remove the event; nodemailer also attaches it as a file.
            ...(message.payload.calendar
              ? { icalEvent: { method: message.payload.calendar.method, filename: message.payload.calendar.filename, content: message.payload.calendar.content } }
              : {}),
            ...(message.payload.attachment
              ? {
                  attachments: [
                    {
                      filename: message.payload.attachment.filename,
                      contentType: message.payload.attachment.contentType,
                      content: Buffer.from(message.payload.attachment.contentBase64, "base64"),
                    },
                  ],
                }
              : {}),
          });
          return;
        case "crm_lead":
          await mailer.sendMail({ from: options.from, to: message.payload.to, subject: message.payload.subject, text: message.payload.adf, messageId: messageId(message) });
          return;
        case "sms":
          throw new Error("SMS cannot be sent by SMTP");
      }
    },
    close: () => mailer.close(),
  };
}

/** The development mailbox page is served only without SMTP outside production, or when DEV_MAILBOX=1 asks for it. */
export function mailboxEnabled(config: Pick<Config, "env" | "smtpUrl" | "devMailbox">): boolean {
  return config.devMailbox || (!config.smtpUrl && config.env !== "production");
}

/**
 * SMTP when SMTP_URL is set, otherwise the development mailbox. There is no SMS provider, and SMS cannot
 * go by SMTP: with SMTP configured, SMS rows still go to the mailbox transport (marked sent there, seen
 * only on the mailbox page when it is enabled).
 */
export function configuredTransports(config: Pick<Config, "smtpUrl" | "mailFrom" | "publicUrl">): { transports: Transports; close(): void } {
  const mailbox = mailboxTransport();
  if (!config.smtpUrl) return { transports: mailbox, close: () => {} };
  const smtp = smtpTransport(config.smtpUrl, { from: config.mailFrom, messageIdDomain: new URL(config.publicUrl).hostname });
  return { transports: (kind) => (kind === "sms" ? mailbox : smtp), close: () => smtp.close() };
}
