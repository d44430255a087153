import type { MailboxMessage } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";
import { linkify } from "./linkify.ts";

/** A mailbox message with its times already written for the reader (on the server, so hydration agrees). */
export type ShownMessage = MailboxMessage & { created_label: string; sent_label: string | null };

function statusLabel(t: Translate, message: MailboxMessage): string {
  if (message.status === "sent") return t(message.transport === "smtp" ? "mailbox.status.sent_smtp" : "mailbox.status.sent");
  if (message.status === "sending") return t("mailbox.status.sending");
  return t(message.status === "failed" ? "mailbox.status.failed" : "mailbox.status.pending");
}

/** The text as written, its web addresses as links: React escapes every part, no HTML is ever injected. */
function MessageText(props: { text: string; xml: boolean }) {
  return (
    <pre className="mt-3 overflow-x-auto rounded-md bg-black/5 p-3 text-sm whitespace-pre-wrap break-words">
      {linkify(props.text, { xml: props.xml }).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} className="text-blue-800 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-blue-800">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </pre>
  );
}

export function MailboxMessageCard(props: { message: ShownMessage; t: Translate }) {
  const { message, t } = props;
  const headingId = `message-${message.id}`;
  const term = "font-semibold";
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-black/15 bg-white p-4 shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-black/70 uppercase">{t(`mailbox.kind.${message.kind}`)}</p>
      <h2 id={headingId} className="mt-1 text-lg font-bold break-words">
        {message.subject ?? t("mailbox.no_subject")}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className={term}>{t("mailbox.to")}</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className={term}>{t("mailbox.dealership")}</dt>
        <dd>{message.dealership_code}</dd>
        <dt className={term}>{t("mailbox.queued_at")}</dt>
        <dd>
          <time dateTime={message.created_at}>{message.created_label}</time>
        </dd>
        {message.sent_at && message.sent_label ? (
          <>
            <dt className={term}>{t("mailbox.sent_at")}</dt>
            <dd>
              <time dateTime={message.sent_at}>{message.sent_label}</time>
            </dd>
          </>
        ) : null}
        <dt className={term}>{t("mailbox.status")}</dt>
        <dd>{statusLabel(t, message)}</dd>
      </dl>
      <MessageText text={message.text} xml={message.kind === "crm_lead"} />
    </article>
  );
}
