import { can, effectiveStaffRole, searchAdSchema, searchQueryToParams, type DealerUser, type SearchQuery } from "@showroom/domain";
import { useId, useState } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { useI18n } from "../../i18n/index.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { searchAdsTranslator } from "./messages.ts";

/** The search's filters as a search ad keeps them: every query key of the list's address but the page. */
export function searchAdFiltersOf(query: SearchQuery): Record<string, string | string[]> {
  const params = searchQueryToParams(query);
  const filters: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (key === "page") continue;
    const values = params.getAll(key);
    filters[key] = values.length === 1 ? values[0]! : values;
  }
  return filters;
}

/**
 * Staff's "Create a search ad from this search" on the vehicle list (loaded on demand): a title, then the ad's public
 * link with a copy button. The API decides who may (sales managers and admins) and checks the filters.
 */
export default function CreateSearchAd(props: { query: SearchQuery; dealerUser: DealerUser }) {
  if (!can(effectiveStaffRole(props.dealerUser), "search_ads.manage")) return null;
  return <CreateSearchAdAction query={props.query} />;
}

function CreateSearchAdAction(props: { query: SearchQuery }) {
  const { locale } = useI18n();
  const { quietApi, path } = useShell();
  const t = searchAdsTranslator(locale);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(t("title_default"));
  const [state, setState] = useState<{ phase: "idle" | "busy" } | { phase: "failed"; message: string } | { phase: "done"; link: string; copied: "no" | "yes" | "failed" }>({ phase: "idle" });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setState({ phase: "busy" });
    try {
      const ad = searchAdSchema.parse(await quietApi.post("/api/dealer/search-ads/", { title, filters: searchAdFiltersOf(props.query) }));
      setState({ phase: "done", link: new URL(path(`public-views/search-ads/${ad.uid}`), window.location.origin).toString(), copied: "no" });
    } catch (error) {
      const body = error instanceof ApiRequestError && error.failure.kind === "http" ? (error.failure.body as Record<string, unknown> | null) : null;
      const first = body ? Object.values(body).flat().find((v) => typeof v === "string") : undefined;
      setState({ phase: "failed", message: typeof first === "string" ? first : t("failed") });
    }
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setState({ phase: "done", link, copied: "yes" });
    } catch {
      setState({ phase: "done", link, copied: "failed" });
    }
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className={`min-h-11 ${secondaryButtonClass}`} data-testid="create-search-ad">
        {t("create")}
      </button>
    );
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="w-full rounded-xl border border-black/15 bg-white p-4" data-testid="search-ad-form">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">{t("create")}</h2>
      {state.phase === "done" ? (
        <div className="mt-3 flex flex-col gap-2">
          <p role="status" className="font-semibold">{t("created")}</p>
          <label htmlFor={`${id}-link`} className="sr-only">{t("link_label")}</label>
          <div className="flex flex-wrap gap-2">
            <input id={`${id}-link`} readOnly value={state.link} onFocus={(e) => e.currentTarget.select()} className="min-h-11 min-w-0 flex-1 rounded-md border border-black/25 px-3" data-testid="search-ad-link" />
            <button type="button" onClick={() => void copy(state.link)} className={`min-h-11 ${ctaButtonClass}`}>{t("copy")}</button>
          </div>
          <p role="status" aria-live="polite" className="text-sm">{state.copied === "yes" ? t("copied") : state.copied === "failed" ? t("copy_failed") : ""}</p>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-3">
          <p className="text-sm">{t("create_intro")}</p>
          <label htmlFor={`${id}-title`} className="font-semibold">{t("title_label")}</label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={120}
            required
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={state.phase === "failed"}
            aria-describedby={state.phase === "failed" ? `${id}-error` : undefined}
            className="min-h-11 rounded-md border border-black/25 px-3"
            data-testid="search-ad-title"
          />
          {state.phase === "failed" && <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">{state.message}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={state.phase === "busy"} className={`min-h-11 ${ctaButtonClass}`} data-testid="search-ad-submit">
              {state.phase === "busy" ? t("creating") : t("submit")}
            </button>
            <button type="button" onClick={() => setOpen(false)} className={`min-h-11 ${secondaryButtonClass}`}>{t("cancel")}</button>
          </div>
        </form>
      )}
    </section>
  );
}
