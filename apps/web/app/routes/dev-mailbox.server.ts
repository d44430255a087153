import { chooseLocale, mailboxSchema, parseAcceptLanguage, type Locale } from "@showroom/domain";
import type { ShownMessage } from "../features/dev-mailbox/mailbox-message.tsx";
import { ApiError, serverApi } from "../lib/api.server.ts";
import type { Route } from "./+types/dev-mailbox";

export type DevMailboxData = {
  locale: Locale;
  /** null: the mailbox is off (the API has no such path). */
  messages: ShownMessage[] | null;
  to: string | null;
};

const MAILBOX_LOCALES: Locale[] = ["en-ca", "fr-ca"];

/** One fixed time zone (UTC, named), so the server's rendering and the browser's hydration agree. */
function formatter(locale: Locale) {
  const format = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  return (iso: string) => format.format(new Date(iso));
}

/** The development mailbox of the API, in English or French (?lang=fr, else the browser's languages). */
export async function loadDevMailbox({ request, context }: Route.LoaderArgs): Promise<DevMailboxData> {
  const url = new URL(request.url);
  const locale = chooseLocale({
    route: url.searchParams.get("lang"),
    browser: parseAcceptLanguage(request.headers.get("accept-language")),
    allowed: MAILBOX_LOCALES,
  });
  const to = url.searchParams.get("to")?.trim() || null;
  const api = serverApi(context, context.defaultDealerCode, locale);
  try {
    const mailbox = await api.get(`/api/dev/mailbox/${to ? `?to=${encodeURIComponent(to)}` : ""}`, mailboxSchema);
    const format = formatter(locale);
    const messages = mailbox.results.map((message) => ({
      ...message,
      created_label: format(message.created_at),
      sent_label: message.sent_at ? format(message.sent_at) : null,
    }));
    return { locale, messages, to };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { locale, messages: null, to };
    throw error;
  }
}
