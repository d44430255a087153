export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Pages are 1-based; anything unusable (NaN, 0, negative) means the first page. */
export function normalizePage(page: number): number {
  return Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
}

/** Missing or unusable sizes get the default; oversized requests are capped rather than refused. */
export function normalizePageSize(pageSize: number): number {
  if (!Number.isFinite(pageSize) || pageSize < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.floor(pageSize), MAX_PAGE_SIZE);
}

export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  const limit = normalizePageSize(pageSize);
  // Keeps the offset a safe integer however large the requested page.
  const lastAddressablePage = Math.floor(Number.MAX_SAFE_INTEGER / limit);
  const offset = (Math.min(normalizePage(page), lastAddressablePage) - 1) * limit;
  return { offset, limit };
}

export function pageCount(count: number, pageSize: number): number {
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.ceil(count / normalizePageSize(pageSize));
}

function withPage(url: string, page: number): string {
  const link = new URL(url);
  link.searchParams.set("page", String(page));
  return link.toString();
}

/**
 * `url` is the absolute URL of the current request; every other query parameter is carried over. It is parsed only
 * for a link there is: most answers are one page.
 */
export function pageLinks(input: { url: string; page: number; pageSize: number; count: number }): {
  next: string | null;
  previous: string | null;
} {
  const page = normalizePage(input.page);
  const lastPage = Math.max(1, pageCount(input.count, input.pageSize));
  return {
    next: page < lastPage ? withPage(input.url, page + 1) : null,
    // From past the end, "previous" leads back to the last page that has results.
    previous: page > 1 ? withPage(input.url, Math.min(page - 1, lastPage)) : null,
  };
}
