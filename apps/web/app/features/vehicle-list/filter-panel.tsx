import type { FacetValue, PaymentFrequency, SearchFacets, SearchQuery } from "@showroom/domain";
import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigate } from "react-router";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { facetLabel } from "./labels.ts";

const fieldClass =
  "w-full rounded-md border border-black/25 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)]";

/** Query string of a filter form: empty fields dropped, a changed make or model clearing what hangs off it. */
export function formToSearch(form: HTMLFormElement, changed: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (changed === "make" && (key === "model" || key === "trim")) continue;
    if (changed === "model" && key === "trim") continue;
    params.append(key, value.trim());
  }
  return params.toString();
}

/**
 * The panel is drawn anew for every list it filters (its fields start from the address). What the shopper
 * was doing outlives it: the sections they opened, and the control they changed, which gets the focus back
 * (a keyboard user stays where they were).
 */
export type PanelMemory = { changed: { name: string; value: string } | null; open: Set<string> };
export const newPanelMemory = (): PanelMemory => ({ changed: null, open: new Set() });
const MemoryContext = createContext<PanelMemory | null>(null);

function Section(props: { title: string; children: ReactNode; open?: boolean; testId: string }) {
  const memory = useContext(MemoryContext);
  return (
    <details
      className="group border-b border-black/10 py-3"
      open={props.open || memory?.open.has(props.testId)}
      onToggle={(event) => {
        if (event.currentTarget.open) memory?.open.add(props.testId);
        else memory?.open.delete(props.testId);
      }}
      data-testid={props.testId}
    >
      <summary
        className="flex cursor-pointer list-none items-center justify-between font-semibold"
        onClick={(event) => {
          // Remembered at the click too: a list arriving just then draws the panel anew before the toggle event fires.
          if ((event.currentTarget.parentElement as HTMLDetailsElement).open) memory?.open.delete(props.testId);
          else memory?.open.add(props.testId);
        }}
      >
        {props.title}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">▾</span>
      </summary>
      <div className="mt-3">{props.children}</div>
    </details>
  );
}

function Checkboxes(props: { name: keyof SearchQuery; dimension: keyof SearchFacets; values: FacetValue[]; selected: readonly string[] }) {
  const { t, locale } = useI18n();
  // Sorted by what the shopper reads, so "VUS" sits where a French reader looks for it.
  const labelled = props.values
    .map((facet) => ({ ...facet, label: facetLabel(props.dimension, facet.value, t) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return (
    <fieldset>
      <legend className="sr-only">{t(`filters.${props.dimension}` as never)}</legend>
      <ul className="flex flex-col gap-1">
        {labelled.map((facet) => (
          <li key={facet.value}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                name={props.name}
                value={facet.value}
                defaultChecked={props.selected.includes(facet.value)}
                className="h-5 w-5 accent-[var(--accent)]"
              />
              <span className="flex-1">{facet.label}</span>
              <span className="text-sm opacity-70">{facet.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function Choice(props: { name: "make" | "model" | "trim"; label: string; anyLabel: string; values: FacetValue[]; selected: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.selected ?? ""} className={fieldClass}>
        <option value="">{props.anyLabel}</option>
        {props.values.map((f) => (
          <option key={f.value} value={f.value}>{`${f.value} (${f.count})`}</option>
        ))}
      </select>
    </div>
  );
}

function RangeInputs(props: {
  minName: keyof SearchQuery;
  maxName: keyof SearchQuery;
  query: SearchQuery;
  step?: number;
  bounds: { min: number | null; max: number | null };
  labels?: { min: string; max: string };
}) {
  const { t } = useI18n();
  const id = useId();
  const input = (name: keyof SearchQuery, label: string, placeholder: number | null) => (
    <div className="flex flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm">{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={props.step ?? 1}
        defaultValue={(props.query[name] as string | number | undefined) ?? ""}
        placeholder={placeholder === null ? "" : String(placeholder)}
        className={fieldClass}
      />
    </div>
  );
  return (
    <div className="flex items-end gap-2">
      {input(props.minName, props.labels?.min ?? t("filters.min"), props.bounds.min)}
      {input(props.maxName, props.labels?.max ?? t("filters.max"), props.bounds.max)}
      <button type="submit" className="rounded-md border border-black/25 px-3 py-2 font-semibold hover:bg-black/5">{t("filters.apply")}</button>
    </div>
  );
}

/**
 * The budget: by cash price or by payment. Its bounds name what they compare, the price or a payment at the
 * cards' frequency, for the type chosen even before it applies (in the phone's sheet).
 */
function Budget(props: { query: SearchQuery; bounds: SearchFacets["payment"]; frequency: PaymentFrequency }) {
  const { query } = props;
  const { t } = useI18n();
  const [type, setType] = useState(query.paymentType);
  // The range hints are the list's: they hold for the type the list was searched by.
  const bounds = type === query.paymentType ? props.bounds : { min: null, max: null };
  const named = { frequency: t(`pricing.frequency_adverb.${props.frequency}`) };
  const labels =
    type === "cash"
      ? { min: t("filters.budget_min_price"), max: t("filters.budget_max_price") }
      : { min: t("filters.budget_min_payment", named), max: t("filters.budget_max_payment", named) };
  return (
    <Section title={t("filters.budget")} open={Boolean(query.minPayment ?? query.maxPayment) || query.paymentType !== "cash"} testId="filter-budget">
      <label className="mb-2 flex flex-col gap-1 text-sm">
        {t("filters.payment_type")}
        <select name="paymentType" defaultValue={query.paymentType} onChange={(event) => setType(event.currentTarget.value as SearchQuery["paymentType"])} className={fieldClass}>
          <option value="cash">{t("payment_type.cash")}</option>
          <option value="finance">{t("payment_type.finance")}</option>
          <option value="lease">{t("payment_type.lease")}</option>
        </select>
      </label>
      <RangeInputs minName="minPayment" maxName="maxPayment" query={query} step={0.01} bounds={bounds} labels={labels} />
    </Section>
  );
}

/**
 * Every filter of the list as one GET form: without JavaScript it submits like any form; with it, a
 * change of choice navigates at once (`autoApply`) while typed ranges wait for Apply or Enter.
 */
export function FilterPanel(props: {
  id?: string;
  query: SearchQuery;
  facets: SearchFacets;
  action: string;
  autoApply: boolean;
  /** Locked prices: no Budget filter (the API ignores it and sends no range). */
  pricesLocked: boolean;
  /** The frequency of the payments a budget by payment compares (the cards' own). */
  budgetFrequency: PaymentFrequency;
  memory?: PanelMemory;
  footer?: ReactNode;
  onApplied?: () => void;
}) {
  const { query, facets } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const changed = props.memory?.changed;
    if (!changed || !formRef.current) return;
    props.memory!.changed = null;
    const fields = [...formRef.current.elements].filter((el): el is HTMLInputElement => (el as HTMLInputElement).name === changed.name);
    const picked = fields.find((el) => !(el.type === "checkbox" || el.type === "radio") || el.value === changed.value);
    picked?.focus();
    // Once, on the panel's first drawing: the memory belongs to the list it replaced.
  }, []);
  const go = (form: HTMLFormElement, changed: string | null) => {
    const search = formToSearch(form, changed);
    void navigate(`${props.action}${search ? `?${search}` : ""}`, { preventScrollReset: true });
    props.onApplied?.();
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (!props.autoApply || target.type === "number" || target.type === "search") return;
    if (props.memory) props.memory.changed = { name: target.name, value: target.value };
    go(event.currentTarget, target.name);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(event.currentTarget, null);
  };
  const multi = (name: keyof SearchFacets & keyof SearchQuery, title: string, open = false) =>
    facets[name].length > 0 && (
      <Section title={title} open={open || Boolean((query[name] as string[] | undefined)?.length)} testId={`filter-${name}`}>
        <Checkboxes name={name} dimension={name} values={facets[name] as FacetValue[]} selected={(query[name] as string[] | undefined) ?? []} />
      </Section>
    );
  return (
    <MemoryContext.Provider value={props.memory ?? null}>
      <Form ref={formRef} id={props.id} method="get" action={props.action} onChange={onChange} onSubmit={onSubmit} aria-label={t("filters.title")} data-testid="filter-form">
        <input type="hidden" name="sort" value={query.sort === "recommended" ? "" : query.sort} />
        {query.location && <input type="hidden" name="location" value={query.location} />}
        <div className="flex flex-col gap-3 pb-3">
          <Choice name="make" label={t("filters.make")} anyLabel={t("filters.any_make")} values={facets.make} selected={query.make} />
          {query.make && <Choice name="model" label={t("filters.model")} anyLabel={t("filters.any_model")} values={facets.model} selected={query.model} />}
          {query.model && <Choice name="trim" label={t("filters.trim")} anyLabel={t("filters.any_trim")} values={facets.trim} selected={query.trim} />}
        </div>
        <Section title={t("filters.condition")} open testId="filter-condition">
          <fieldset>
            <legend className="sr-only">{t("filters.condition")}</legend>
            {[{ value: "", count: null }, ...facets.condition].map((facet) => (
              <label key={facet.value || "all"} className="flex min-h-9 cursor-pointer items-center gap-2">
                <input type="radio" name="condition" value={facet.value} defaultChecked={(query.condition ?? "") === facet.value} className="h-5 w-5 accent-[var(--accent)]" />
                <span className="flex-1">{facet.value ? facetLabel("condition", facet.value, t) : t("filters.all_conditions")}</span>
                {facet.count !== null && <span className="text-sm opacity-70">{facet.count}</span>}
              </label>
            ))}
          </fieldset>
        </Section>
        {!props.pricesLocked && <Budget query={query} bounds={facets.payment} frequency={props.budgetFrequency} />}
        {multi("bodyType", t("filters.bodyType"), true)}
        <Section title={t("filters.year")} open={Boolean(query.minYear ?? query.maxYear)} testId="filter-year">
          <RangeInputs minName="minYear" maxName="maxYear" query={query} bounds={facets.year} />
        </Section>
        <Section title={t("filters.mileage")} open={Boolean(query.minMileage ?? query.maxMileage)} testId="filter-mileage">
          <RangeInputs minName="minMileage" maxName="maxMileage" query={query} bounds={facets.mileage} />
        </Section>
        {multi("exteriorColor", t("filters.exteriorColor"))}
        {multi("interiorColor", t("filters.interiorColor"))}
        {multi("drivetrain", t("filters.drivetrain"))}
        {multi("transmission", t("filters.transmission"))}
        {multi("fuelType", t("filters.fuelType"))}
        {multi("features", t("filters.features"))}
        {multi("stockType", t("filters.stockType"))}
        {facets.dealership.length > 1 && (
          <Section title={t("filters.dealership")} open={Boolean(query.dealership_uid?.length)} testId="filter-dealership">
            <fieldset>
              <legend className="sr-only">{t("filters.dealership")}</legend>
              {facets.dealership.map((d) => (
                <label key={d.value} className="flex min-h-9 cursor-pointer items-center gap-2">
                  <input type="checkbox" name="dealership_uid" value={d.value} defaultChecked={query.dealership_uid?.includes(d.value)} className="h-5 w-5 accent-[var(--accent)]" />
                  <span className="flex-1">{d.name}</span>
                  <span className="text-sm opacity-70">{d.count}</span>
                </label>
              ))}
            </fieldset>
          </Section>
        )}
        {props.footer !== undefined ? props.footer : (
          <noscript>
            <button type="submit" className={`${ctaButtonClass} mt-4 w-full`}>{t("filters.apply")}</button>
          </noscript>
        )}
      </Form>
    </MemoryContext.Provider>
  );
}
