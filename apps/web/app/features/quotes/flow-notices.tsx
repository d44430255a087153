import type { Locale, QuoteFlowWire } from "@showroom/domain";
import type { ReactNode } from "react";
import type { QuotesTranslate } from "./i18n.ts";
import { dayInWords } from "./dates.ts";

/** The flow's state in words (spec 8, "Quotes"): expired, its vehicle no longer available, still being prepared. */
export function FlowNotices(props: { flow: QuoteFlowWire; t: QuotesTranslate; locale: Locale }) {
  const { flow, t } = props;
  return (
    <>
      {flow.is_expired && (
        <Notice tone="error" testId="quote-expired" title={t("quotes.notice.expired_title")}>
          {flow.quote_expiry
            ? t("quotes.notice.expired_body", { date: dayInWords(flow.quote_expiry, props.locale) })
            : t("quotes.notice.expired_body_undated")}
        </Notice>
      )}
      {!flow.vehicle.is_available && (
        <Notice tone="error" testId="quote-vehicle-unavailable" title={t("quotes.notice.unavailable_title")}>
          {t("quotes.notice.unavailable_body")}
        </Notice>
      )}
      {!flow.is_active && (
        <Notice tone="info" testId="quote-pending" title={t("quotes.notice.pending_title")}>
          {t("quotes.notice.pending_body")}
        </Notice>
      )}
    </>
  );
}

function Notice(props: { tone: "error" | "info"; title: string; testId: string; children: ReactNode }) {
  return (
    <section
      role={props.tone === "error" ? "alert" : "status"}
      className={`rounded-xl border-2 p-4 print:break-inside-avoid ${props.tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-black/20 bg-white"}`}
      data-testid={props.testId}
    >
      <h2 className="font-semibold">{props.title}</h2>
      <p className="mt-1">{props.children}</p>
    </section>
  );
}
