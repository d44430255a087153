import { SEARCH_SORTS, type SearchQuery, type SearchSort } from "@showroom/domain";
import { useId } from "react";
import { Form } from "react-router";
import { useI18n } from "../../i18n/index.ts";

/** A native select: keyboard, screen reader and phone pickers work as people expect. */
export function SortSelect(props: { query: SearchQuery; action: string; pricesLocked: boolean; onSort(sort: SearchSort): void }) {
  const { t } = useI18n();
  const id = useId();
  // No sort by a locked price (the API ignores it), none by distance without a postal code.
  const sorts = SEARCH_SORTS.filter((s) => (s !== "distance" || props.query.location) && !(props.pricesLocked && (s === "price" || s === "-price")));
  return (
    <Form method="get" action={props.action} className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">{t("sort.label")}</label>
      <select
        id={id}
        name="sort"
        value={props.query.sort}
        onChange={(event) => props.onSort(event.currentTarget.value as SearchSort)}
        className="min-h-11 max-w-[14rem] min-w-0 rounded-md border border-black/25 bg-white px-2"
        data-testid="sort-select"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>{t(`sort.${sort}` as never)}</option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1">{t("filters.apply")}</button>
      </noscript>
    </Form>
  );
}
