import { data, Link, useLocation } from "react-router";
import { languageOf } from "@showroom/domain";
import { MailboxMessageCard } from "../features/dev-mailbox/mailbox-message.tsx";
import { catalogueOf, I18nContext, translator } from "../i18n/index.ts";
import type { Route } from "./+types/dev-mailbox";
import { loadDevMailbox } from "./dev-mailbox.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const mailbox = await loadDevMailbox(args);
  return data(mailbox, mailbox.messages === null ? { status: 404 } : undefined);
}

export const meta: Route.MetaFunction = ({ data: mailbox }) => {
  const t = translator(catalogueOf(languageOf(mailbox?.locale ?? "en-ca")));
  return [{ title: t("mailbox.meta_title") }, { name: "robots", content: "noindex" }];
};

const linkClass = "font-semibold text-blue-800 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800";

/** The development mailbox: what the server queued for email, SMS and CRMs, readable without any mail server. */
export default function DevMailboxRoute({ loaderData }: Route.ComponentProps) {
  const { locale, messages, to } = loaderData;
  const location = useLocation();
  const t = translator(catalogueOf(languageOf(locale)));
  const lang = new URLSearchParams(location.search).get("lang");
  return (
    <I18nContext.Provider value={{ locale, t }}>
      <main className="mx-auto max-w-4xl px-4 py-8 text-gray-900">
        <h1 className="text-2xl font-bold">{t("mailbox.title")}</h1>
        {messages === null ? (
          <section aria-labelledby="mailbox-off" className="mt-6">
            <h2 id="mailbox-off" className="text-lg font-semibold">{t("mailbox.off_title")}</h2>
            <p className="mt-2">{t("mailbox.off_comment")}</p>
          </section>
        ) : (
          <>
            <p className="mt-2 max-w-prose">{t("mailbox.note")}</p>
            <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Link to={`${location.pathname}${location.search}`} className={linkClass}>{t("mailbox.refresh")}</Link>
              <span role="status">{t("mailbox.count", { count: messages.length })}</span>
            </p>
            {to ? (
              <p className="mt-2">
                {t("mailbox.filtered", { to })}{" "}
                <Link to={`${location.pathname}${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`} className={linkClass}>{t("mailbox.show_all")}</Link>
              </p>
            ) : null}
            {messages.length === 0 ? (
              <p className="mt-6">{t("mailbox.empty")}</p>
            ) : (
              <ol className="mt-6 flex flex-col gap-4" aria-label={t("mailbox.title")}>
                {messages.map((message) => (
                  <li key={message.id}>
                    <MailboxMessageCard message={message} t={t} />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </main>
    </I18nContext.Provider>
  );
}
