import { pageCount, SEARCH_PAGE_SIZE, type SearchQuery } from "@showroom/domain";
import { Link } from "react-router";
import { useI18n } from "../../i18n/index.ts";

/** Page numbers around the current one, with the first and last always reachable. */
export function visiblePages(page: number, pages: number): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? ["gap" as const, p] : [p]));
}

export function Pagination(props: { query: SearchQuery; count: number; href: (query: SearchQuery) => string }) {
  const { t } = useI18n();
  const pages = pageCount(props.count, SEARCH_PAGE_SIZE);
  const page = props.query.page;
  if (pages <= 1) return null;
  const to = (p: number) => props.href({ ...props.query, page: p });
  const cell = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold";
  return (
    <nav aria-label={t("search.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link className={`${cell} border border-black/15 hover:bg-black/5`} to={to(page - 1)} prefetch="intent" rel="prev">
          {t("search.previous")}
        </Link>
      )}
      {visiblePages(page, pages).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1">…</span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${cell} border-2 border-[var(--accent)] text-[var(--accent)]`}>
            <span className="sr-only">{t("search.page_of", { page: p, pages })}</span>
            <span aria-hidden="true">{p}</span>
          </span>
        ) : (
          <Link key={p} className={`${cell} hover:bg-black/5`} to={to(p)} prefetch="intent" aria-label={t("search.page_of", { page: p, pages })}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link className={`${cell} border border-black/15 hover:bg-black/5`} to={to(page + 1)} prefetch="intent" rel="next">
          {t("search.next")}
        </Link>
      )}
    </nav>
  );
}
