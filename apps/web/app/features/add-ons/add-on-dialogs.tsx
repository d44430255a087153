import {
  dollarsToCents,
  formatMoney,
  withAccessory,
  withInstallation,
  withPlan,
  type AccessoryQuestion,
  type AccessoryWire,
  type AddOnSelection,
  type Currency,
  type LengthUnit,
  type PaymentOptionWire,
  type ProtectionPlanWire,
} from "@showroom/domain";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { AddOnsApi, PlanDealQuery } from "./add-ons-api.ts";

type DialogProps = {
  api: AddOnsApi;
  vehicleId: number;
  selection: AddOnSelection;
  onChange(next: AddOnSelection): void;
  currency: Currency;
  onClose(): void;
};

function Busy(props: { label: string; testId?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-4" data-testid={props.testId}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-5 w-5 animate-spin motion-reduce:animate-none"
        fill="none"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {props.label}
    </p>
  );
}

const toggleClass = (on: boolean) => `${on ? secondaryButtonClass : ctaButtonClass} min-h-11 whitespace-nowrap`;

type ChooserProps = Omit<DialogProps, "onClose">;

/** A dialog of add-ons: its list, and Done kept in view below it. */
function AddOnDialogFrame(props: { title: string; doneTestId: string; onClose(): void; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <ModalFrame
      title={props.title}
      closeLabel={t("common.close")}
      onClose={props.onClose}
      footer={
        <button
          type="button"
          className={`${ctaButtonClass} min-h-11 w-full`}
          onClick={props.onClose}
          data-testid={props.doneTestId}
        >
          {t("add_ons.done")}
        </button>
      }
    >
      {props.children}
    </ModalFrame>
  );
}

export function AccessoriesDialog(props: DialogProps) {
  const { t } = useI18n();
  return (
    <AddOnDialogFrame title={t("add_ons.accessories.title")} doneTestId="accessories-done" onClose={props.onClose}>
      <AccessoryChooser {...props} />
    </AddOnDialogFrame>
  );
}

/** The accessories that fit the vehicle, by category, with the ones already on it; adding one that conflicts asks first. */
export function AccessoryChooser(props: ChooserProps) {
  const { t, locale } = useI18n();
  const fr = locale === "fr-ca";
  const [catalogue, setCatalogue] = useState<
    { items: AccessoryWire[]; preInstalled: AccessoryWire[] } | "loading" | "failed"
  >("loading");
  const [category, setCategory] = useState<"all" | "I" | "E">("all");
  const [pending, setPending] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [conflict, setConflict] = useState<{ accessory: AccessoryWire; with: AccessoryWire[] } | null>(null);
  const load = () => {
    setCatalogue("loading");
    props.api.accessories(props.vehicleId).then(setCatalogue, () => setCatalogue("failed"));
  };
  useEffect(load, [props.vehicleId]);
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: props.currency });

  async function toggle(accessory: AccessoryWire, force = false) {
    const adding = !props.selection.accessories.includes(accessory.id);
    setPending(accessory.id);
    setFailed(false);
    try {
      const outcome = await props.api.configure(props.vehicleId, {
        selected: props.selection.accessories,
        operand: adding ? "add" : "remove",
        accessory_id: accessory.id,
        force,
      });
      if (outcome.status === "conflict") {
        const items = typeof catalogue === "object" ? catalogue.items : [];
        const ids = new Set(outcome.conflicts.flatMap((c) => c.conflicts_with));
        setConflict({ accessory, with: items.filter((a) => ids.has(a.id)) });
        return;
      }
      setConflict(null);
      let next = props.selection;
      for (const id of outcome.removed) next = withAccessory(next, id, false);
      props.onChange(withAccessory(next, accessory.id, adding));
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
    }
  }

  const name = (a: AccessoryWire) => (fr ? a.name_fr : a.name);
  return (
    <>
      <div data-testid="accessories-dialog">
        {catalogue === "loading" && <Busy label={t("add_ons.accessories.loading")} testId="accessories-loading" />}
        {catalogue === "failed" && (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{t("add_ons.accessories.load_failed")}</p>
            <button type="button" className={secondaryButtonClass} onClick={load}>
              {t("add_ons.retry")}
            </button>
          </div>
        )}
        {typeof catalogue === "object" && (
          <>
            {catalogue.items.length === 0 && <p>{t("add_ons.accessories.none")}</p>}
            {catalogue.items.length > 0 && (
              <fieldset className="mb-4">
                <legend className="sr-only">{t("add_ons.accessories.category")}</legend>
                <div className="flex flex-wrap gap-2">
                  {(["all", "I", "E"] as const).map((c) => (
                    <label
                      key={c}
                      className={`flex min-h-11 cursor-pointer items-center rounded-full border-2 px-3 ${category === c ? "border-[var(--accent)] font-semibold" : "border-black/20"}`}
                    >
                      <input
                        type="radio"
                        name="accessory-category"
                        className="sr-only"
                        checked={category === c}
                        onChange={() => setCategory(c)}
                      />
                      {t(`add_ons.accessories.category.${c}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {failed && (
              <p role="alert" className="mb-3 text-red-800">
                {t("add_ons.accessories.update_failed")}
              </p>
            )}
            <ul className="flex flex-col gap-3">
              {catalogue.items
                .filter((a) => category === "all" || a.category === category)
                .map((a) => {
                  const on = props.selection.accessories.includes(a.id);
                  const installed = on && (a.port_installed || props.selection.install_accessories_ids.includes(a.id));
                  const canInstall = !a.port_installed && a.installed_price !== a.price;
                  return (
                    <li
                      key={a.id}
                      className="flex gap-3 rounded-lg border border-black/10 p-3"
                      data-testid={`accessory-${a.id}`}
                    >
                      {a.image && (
                        <img
                          src={a.image}
                          alt=""
                          width={72}
                          height={72}
                          loading="lazy"
                          className="h-18 w-18 shrink-0 rounded bg-black/[0.03] object-contain"
                        />
                      )}
                      <div className="flex min-w-0 flex-1 flex-col gap-1">
                        <p className="font-semibold">{name(a)}</p>
                        <p className="text-sm opacity-80">{fr ? a.description_fr : a.description}</p>
                        <p className="tabular-nums">
                          {money(installed ? a.installed_price : a.price)}
                          {installed && <span className="text-sm opacity-75"> · {t("add_ons.installed")}</span>}
                        </p>
                        {on && canInstall && (
                          <label className="flex min-h-11 items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              className="h-5 w-5 accent-[var(--accent)]"
                              checked={installed}
                              onChange={(e) =>
                                props.onChange(withInstallation(props.selection, a.id, e.target.checked))
                              }
                            />
                            {t("add_ons.accessories.install", { price: money(a.installed_price) })}
                          </label>
                        )}
                        {(fr ? a.legal_disclaimer_fr : a.legal_disclaimer) && (
                          <p className="text-xs opacity-70">{fr ? a.legal_disclaimer_fr : a.legal_disclaimer}</p>
                        )}
                      </div>
                      <button
                        type="button"
                        aria-pressed={on}
                        aria-label={t(on ? "add_ons.remove_named" : "add_ons.add_named", { name: name(a) })}
                        disabled={pending !== null || (on && !a.is_removable)}
                        className={`${toggleClass(on)} self-start`}
                        onClick={() => void toggle(a)}
                        data-testid={`toggle-accessory-${a.id}`}
                      >
                        {t(on ? "add_ons.remove" : "add_ons.add")}
                      </button>
                    </li>
                  );
                })}
            </ul>
            <AccessoryQuestions api={props.api} />
            {catalogue.preInstalled.length > 0 && (
              <section aria-labelledby="pre-installed-heading" className="mt-5">
                <h3 id="pre-installed-heading" className="font-semibold">
                  {t("add_ons.accessories.pre_installed")}
                </h3>
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  {catalogue.preInstalled.map((a) => (
                    <li key={a.id} className="flex justify-between gap-3">
                      <span>{name(a)}</span>
                      <span>{t("add_ons.included")}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
      {conflict && (
        <ModalFrame
          title={t("add_ons.conflict.title")}
          closeLabel={t("common.close")}
          onClose={() => setConflict(null)}
          size="sm"
        >
          <div data-testid="accessory-conflict-dialog">
            <p>{t("add_ons.conflict.intro", { name: name(conflict.accessory) })}</p>
            <ul className="my-3 list-disc pl-5">
              {conflict.with.map((a) => (
                <li key={a.id}>{name(a)}</li>
              ))}
            </ul>
            <div className="flex flex-col gap-2 tablet-up:flex-row">
              <button
                type="button"
                className={`${ctaButtonClass} min-h-11`}
                disabled={pending !== null}
                onClick={() => void toggle(conflict.accessory, true)}
                data-testid="conflict-replace"
              >
                {t("add_ons.conflict.replace")}
              </button>
              <button
                type="button"
                className={`${secondaryButtonClass} min-h-11`}
                onClick={() => setConflict(null)}
                data-testid="conflict-keep"
              >
                {t("add_ons.conflict.keep")}
              </button>
            </div>
          </div>
        </ModalFrame>
      )}
    </>
  );
}

/** The coverage a price entry gives, in words: its duration and distance. */
function coverage(plan: ProtectionPlanWire, t: ReturnType<typeof useI18n>["t"], fr: boolean, unit: string) {
  const entry = plan.matched_price;
  if (!entry) return null;
  const custom = fr ? entry.custom_duration_fr : entry.custom_duration_en;
  const duration = custom ?? t("add_ons.plans.months", { count: entry.duration });
  const distance =
    entry.km_range.to === null
      ? t("add_ons.plans.unlimited_distance")
      : t("add_ons.plans.distance_up_to", { distance: entry.km_range.to.toLocaleString(fr ? "fr-CA" : "en-CA"), unit });
  return `${duration} · ${distance}`;
}

export function ProtectionPlansDialog(
  props: DialogProps & { option: PaymentOptionWire | null; lengthUnit: LengthUnit },
) {
  const { t } = useI18n();
  const deal = props.option
    ? {
        payment_type: props.option.payment_type,
        term: props.option.payment_type === "cash" ? null : props.option.term,
        distance_allowance: props.option.distance_allowance,
      }
    : null;
  return (
    <AddOnDialogFrame title={t("add_ons.plans.title")} doneTestId="plans-done" onClose={props.onClose}>
      <PlanChooser {...props} deal={deal} />
    </AddOnDialogFrame>
  );
}

/**
 * The protection plans offered for the vehicle, each priced for a deal (its payment type, term and
 * distance). A newer deal's prices replace an older request's; each plan shows that its price is being
 * worked out meanwhile.
 */
export function PlanChooser(
  props: ChooserProps & {
    deal: PlanDealQuery | null;
    lengthUnit: LengthUnit;
    /** What the prices are for, when the default sentence does not say it. */ intro?: string;
  },
) {
  const { t, locale } = useI18n();
  const fr = locale === "fr-ca";
  const [plans, setPlans] = useState<ProtectionPlanWire[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const deal = props.deal;
  const dealKey = deal ? `${deal.payment_type}|${deal.term}|${deal.distance_allowance}` : "";
  const load = () => {
    if (!deal) return;
    const call = ++latest.current;
    setLoading(true);
    setFailed(false);
    props.api.plans(props.vehicleId, deal).then(
      (answer) => {
        if (call !== latest.current) return;
        setPlans(answer);
        setLoading(false);
        for (const plan of answer) props.api.logFallbackPrice(props.vehicleId, plan, deal.payment_type);
      },
      () => call === latest.current && (setFailed(true), setLoading(false)),
    );
  };
  useEffect(load, [props.vehicleId, dealKey]);
  const money = (amount: string) => formatMoney(dollarsToCents(amount), { locale, currency: props.currency });
  const unit = t(`add_ons.plans.unit.${props.lengthUnit}`);

  return (
    <div data-testid="plans-dialog">
      {!deal && <p>{t("add_ons.plans.needs_payment")}</p>}
      {deal && (
        <p className="mb-3 text-sm opacity-80">
          {props.intro ?? t("add_ons.plans.priced_for", { type: t(`calculator.type.${deal.payment_type}`) })}
        </p>
      )}
      {deal && plans === null && loading && <Busy label={t("add_ons.plans.loading")} testId="plans-loading" />}
      {failed && (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>{t("add_ons.plans.load_failed")}</p>
          <button type="button" className={secondaryButtonClass} onClick={load}>
            {t("add_ons.retry")}
          </button>
        </div>
      )}
      {plans && plans.length === 0 && <p>{t("add_ons.plans.none")}</p>}
      {plans && (
        <ul className="flex flex-col gap-3">
          {plans.map((plan) => {
            const on = props.selection.protections.includes(plan.id);
            const name = fr ? plan.name_fr : plan.name;
            const priced = plan.matched_price;
            return (
              <li
                key={plan.id}
                className="flex gap-3 rounded-lg border border-black/10 p-3"
                aria-busy={loading}
                data-testid={`plan-${plan.id}`}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="text-xs font-semibold uppercase opacity-75">
                    {t(`add_ons.plans.category.${plan.category}`)}
                  </p>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm opacity-80">{fr ? plan.description_fr : plan.description}</p>
                  {loading ? (
                    <p className="text-sm" data-testid={`plan-price-loading-${plan.id}`}>
                      {t("add_ons.plans.price_loading")}
                    </p>
                  ) : priced ? (
                    <p className="tabular-nums" data-testid={`plan-price-${plan.id}`}>
                      {money(priced.price)} <span className="text-sm opacity-80">· {coverage(plan, t, fr, unit)}</span>
                    </p>
                  ) : (
                    <p className="text-sm text-amber-900" data-testid={`plan-unavailable-${plan.id}`}>
                      {t(`add_ons.plans.unmatched.${plan.unmatched_reason ?? "no_price_fits"}`)}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={t(on ? "add_ons.remove_named" : "add_ons.add_named", { name })}
                  disabled={loading || (!on && !priced)}
                  className={`${toggleClass(on)} self-start`}
                  onClick={() => props.onChange(withPlan(props.selection, plan.id, !on))}
                  data-testid={`toggle-plan-${plan.id}`}
                >
                  {t(on ? "add_ons.remove" : "add_ons.add")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Spec 2.4, the not-available modal: add-ons the shopper chose that the dealership no longer offers left the deal. */
export function NotAvailableDialog(props: { count: number; onClose(): void }) {
  const { t } = useI18n();
  return (
    <ModalFrame
      title={t("add_ons.not_available.title")}
      closeLabel={t("common.close")}
      onClose={props.onClose}
      size="sm"
    >
      <div data-testid="not-available-dialog">
        <p>{t("add_ons.not_available.body", { count: props.count })}</p>
        <button type="button" className={`${ctaButtonClass} mt-4 min-h-11 w-full`} onClick={props.onClose}>
          {t("add_ons.not_available.ok")}
        </button>
      </div>
    </ModalFrame>
  );
}

/** The dealership's answers to common questions about accessories, read when the shopper opens them. */
function AccessoryQuestions(props: { api: AddOnsApi }) {
  const { t, locale } = useI18n();
  const fr = locale === "fr-ca";
  const [questions, setQuestions] = useState<AccessoryQuestion[] | "loading" | "failed" | null>(null);
  const open = () => {
    if (questions !== null && questions !== "failed") return;
    setQuestions("loading");
    props.api.questions().then(setQuestions, () => setQuestions("failed"));
  };
  return (
    <details
      className="mt-5 rounded-lg border border-black/10 p-3"
      onToggle={(e) => e.currentTarget.open && open()}
      data-testid="accessory-questions"
    >
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t("add_ons.questions.title")}</summary>
      {questions === "loading" && <Busy label={t("add_ons.questions.loading")} />}
      {questions === "failed" && <p role="alert">{t("add_ons.questions.failed")}</p>}
      {Array.isArray(questions) && (
        <dl className="flex flex-col gap-3">
          {questions.map((q) => (
            <div key={q.id}>
              <dt className="font-semibold">{fr ? q.question_fr : q.question}</dt>
              <dd className="text-sm">{fr ? q.answer_fr : q.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
