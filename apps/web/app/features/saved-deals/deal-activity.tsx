import { languageOf, type ActivityEntry, type Locale } from "@showroom/domain";
import { useState } from "react";
import type { Translate } from "../../i18n/index.ts";

type State = { kind: "idle" } | { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; count: number; entries: ActivityEntry[] };

const dateTime = (value: string, locale: Locale) =>
  new Intl.DateTimeFormat(languageOf(locale) === "fr" ? "fr-CA" : "en-CA", { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));

/**
 * "Activity" on a saved deal: what dealership staff did on it while acting for the customer (who, when, what),
 * read when the disclosure is first opened. The customer reads the same record.
 */
export function DealActivity(props: { orderId: number; t: Translate; locale: Locale; load(id: number): Promise<{ count: number; results: ActivityEntry[] }> }) {
  const { t, locale } = props;
  const [state, setState] = useState<State>({ kind: "idle" });
  async function read() {
    setState({ kind: "loading" });
    try {
      const page = await props.load(props.orderId);
      setState({ kind: "loaded", count: page.count, entries: page.results });
    } catch {
      setState({ kind: "failed" });
    }
  }
  return (
    <details
      className="rounded-md border border-black/10 text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open && (state.kind === "idle" || state.kind === "failed")) void read();
      }}
      data-testid="deal-activity"
    >
      <summary className="min-h-11 cursor-pointer px-3 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-[var(--accent)]">{t("deal.activity")}</summary>
      <div aria-live="polite" className="px-3 pb-3">
        {state.kind === "loading" && <p>{t("common.loading")}</p>}
        {state.kind === "failed" && <p role="alert">{t("deal.activity_failed")}</p>}
        {state.kind === "loaded" &&
          (state.entries.length === 0 ? (
            <p data-testid="deal-activity-empty">{t("deal.activity_empty")}</p>
          ) : (
            <ol className="grid gap-2" data-testid="deal-activity-list">
              {state.entries.map((entry) => (
                <li key={entry.id} className="border-l-2 border-[var(--accent)] pl-2" data-testid="deal-activity-entry">
                  <p className="font-semibold">{entry.summary}</p>
                  <p className="opacity-80">
                    {t("deal.activity_by", { name: entry.staff.full_name, date: dateTime(entry.created, locale) })}
                  </p>
                </li>
              ))}
              {state.count > state.entries.length && <li className="opacity-80">{t("deal.activity_more", { count: state.count - state.entries.length })}</li>}
            </ol>
          ))}
      </div>
    </details>
  );
}
