import {
  dollarsToCents,
  formatMoney,
  type AddOnSelection,
  type Currency,
  type LengthUnit,
  type PaymentOptionWire,
  type PricingLineWire,
} from "@showroom/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { track } from "../../lib/analytics.ts";
import { useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";
import type { AddOnsApi } from "./add-ons-api.ts";

const dialogs = () => import("./add-on-dialogs.tsx");
const AccessoriesDialog = lazy(() => dialogs().then((m) => ({ default: m.AccessoriesDialog })));
const ProtectionPlansDialog = lazy(() => dialogs().then((m) => ({ default: m.ProtectionPlansDialog })));
const NotAvailableDialog = lazy(() => dialogs().then((m) => ({ default: m.NotAvailableDialog })));

/** The dialogs' hash anchors: a link to the page with one opens it (spec 2.6 steps 201 and 301 on the details page). */
export const ADD_ON_ANCHORS = { accessories: "#accessories", protections: "#protection-plans" } as const;
type Panel = keyof typeof ADD_ON_ANCHORS;

const panelOfHash = (hash: string): Panel | null =>
  hash === ADD_ON_ANCHORS.accessories ? "accessories" : hash === ADD_ON_ANCHORS.protections ? "protections" : null;

/** The add-on lines of a priced option, by group and id ("pricing.line.accessories:12"): their names as the engine's breakdown gives them. */
function addOnNames(lines: readonly PricingLineWire[], french: boolean, names = new Map<string, string>(), group = "") {
  for (const line of lines) {
    if (line.label_key === "pricing.line.add_on" && line.params)
      names.set(`${group}:${line.params.id}`, String(french ? line.params.name_fr : line.params.name));
    if (line.children) addOnNames(line.children, french, names, line.label_key);
  }
  return names;
}

/**
 * The deal's add-ons beside its payment: what was chosen, each with its price and what it adds to each payment,
 * the buttons that open the accessories and protection-plan dialogs, and the notice when a switch of payment
 * type dropped plans (transactional spec 5).
 */
export function AddOnsSection(props: {
  api: AddOnsApi;
  vehicleId: number;
  option: PaymentOptionWire | null;
  selection: AddOnSelection;
  onChange(next: AddOnSelection): void;
  /** Plans dropped by the last switch of payment type, with the type's label; null when none. */
  notice: string | null;
  /** How many chosen add-ons were withdrawn from the catalogue since: the not-available modal tells the shopper. */
  withdrawn: number;
  onWithdrawnSeen(): void;
  currency: Currency;
  lengthUnit: LengthUnit;
}) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<Panel | null>(null);
  useEffect(() => {
    const follow = () => setOpen(panelOfHash(window.location.hash));
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  // Spec 4: the accessories' and the plans' page views, once per vehicle.
  useEffect(() => {
    if (open) track(open === "accessories" ? "accessories_view" : "protection_plans_view", { vehicle: { id: props.vehicleId } });
  }, [open, props.vehicleId]);
  const show = (panel: Panel | null) => {
    setOpen(panel);
    // The address names the dialog, so Back closes it and a shared link opens it; closing leaves no history entry.
    if (panel) window.history.pushState(null, "", ADD_ON_ANCHORS[panel]);
    else window.history.replaceState(null, "", window.location.pathname + window.location.search);
  };
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: props.currency });
  const option = props.option;
  const names = option ? addOnNames(option.pricing_stack, locale === "fr-ca") : new Map<string, string>();
  const perPayment =
    option && option.payment_type !== "cash" && option.payment_frequency
      ? t(`pricing.frequency_adverb.${option.payment_frequency}`)
      : null;
  const rows = option
    ? [
        ...option.accessories_prices.map((a) => ({
          key: `pricing.line.accessories:${a.id}`,
          price: a.price,
          recurring: a.price_recurring,
          installed: a.installed,
        })),
        ...option.protections_prices.map((p) => ({
          key: `pricing.line.protection_plans:${p.id}`,
          price: p.price,
          recurring: p.price_recurring,
          installed: false,
        })),
      ]
    : [];
  const counts = { accessories: props.selection.accessories.length, protections: props.selection.protections.length };

  return (
    <section
      aria-labelledby="add-ons-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="add-ons"
    >
      <h2 id="add-ons-heading" className="text-lg font-semibold">
        {t("add_ons.heading")}
      </h2>
      <p className="mt-1 text-sm opacity-80">{t("add_ons.intro")}</p>
      {props.notice && (
        <p
          role="status"
          className="mt-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-sm"
          data-testid="plan-removed-notice"
        >
          {props.notice}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" data-testid="add-on-lines">
          {rows.map((row) => (
            <li key={row.key} className="flex items-baseline justify-between gap-3 text-sm">
              <span>
                {names.get(row.key) ?? t("add_ons.item")}
                {row.installed && <span className="opacity-75"> · {t("add_ons.installed")}</span>}
              </span>
              <span className="whitespace-nowrap text-right tabular-nums">
                {money(row.price)}
                {row.recurring !== null && perPayment && (
                  <span className="block text-xs opacity-80" data-testid="add-on-recurring">
                    {t("add_ons.per_payment", { amount: money(row.recurring), frequency: perPayment })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid grid-cols-1 gap-2 tablet-up:grid-cols-2">
        <a
          href={ADD_ON_ANCHORS.accessories}
          onClick={(e) => {
            e.preventDefault();
            show("accessories");
          }}
          className={`${secondaryButtonClass} min-h-11 text-center`}
          data-testid="open-accessories"
        >
          {t("add_ons.accessories_button", { count: counts.accessories })}
        </a>
        <a
          href={ADD_ON_ANCHORS.protections}
          onClick={(e) => {
            e.preventDefault();
            show("protections");
          }}
          className={`${secondaryButtonClass} min-h-11 text-center`}
          data-testid="open-protection-plans"
        >
          {t("add_ons.plans_button", { count: counts.protections })}
        </a>
      </div>
      <Suspense fallback={null}>
        {props.withdrawn > 0 && <NotAvailableDialog count={props.withdrawn} onClose={props.onWithdrawnSeen} />}
        {open === "accessories" && (
          <AccessoriesDialog
            api={props.api}
            vehicleId={props.vehicleId}
            selection={props.selection}
            onChange={props.onChange}
            currency={props.currency}
            onClose={() => show(null)}
          />
        )}
        {open === "protections" && (
          <ProtectionPlansDialog
            api={props.api}
            vehicleId={props.vehicleId}
            option={option}
            selection={props.selection}
            onChange={props.onChange}
            currency={props.currency}
            lengthUnit={props.lengthUnit}
            onClose={() => show(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
