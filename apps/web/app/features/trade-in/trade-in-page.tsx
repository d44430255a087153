import {
  flowTakesPhotos,
  languageOf,
  odometerDisclosureRequired,
  type OdometerStatement,
  type Order,
  type TradeInPhotoAngle,
  type TradeInQuestionWire,
  type TradeInSection,
  type TradeInSettingsWire,
  type TradeInWire,
} from "@showroom/domain";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { finish, track } from "../../lib/analytics.ts";
import { Link } from "react-router";
import { isSignedIn } from "../../lib/auth.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { CheckboxField } from "../../ui/form-fields.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { serverErrors, useSubmission, type FormBinding, type Refusal } from "../../ui/use-form.ts";
import {
  answersOf,
  isDraft,
  partsOf,
  presetOf,
  sectionsOf,
  unanswered,
  viewOf,
  type AnswerState,
  type SectionPart,
} from "./flow.ts";
import {
  checkHistory,
  checkSubmit,
  checkVehicle,
  financingFormOf,
  historyBinding,
  historyFieldId,
  SUBMIT_BINDING,
  VEHICLE_BINDING,
  VEHICLE_FIELDS,
  vehicleFieldId,
  vehicleFormOf,
  type FinancingForm,
  type HistoryField,
  type VehicleForm,
} from "./forms.ts";
import { HistoryFields, OdometerStatementField } from "./history-fields.tsx";
import { useTradeInI18n, type TradeInTranslate } from "./i18n.ts";
import { photoCount, PhotosSection } from "./photos-section.tsx";
import { refusalText, ResultView, SubmittingView } from "./result-view.tsx";
import { ReviewSummary, tradeTitle } from "./review-section.tsx";
import { GeneralErrors, SECTION_HEADING_ID, Stepper } from "./stepper.tsx";
import { createTradeInApi, listOf } from "./trade-in-api.ts";
import { VehicleFields } from "./vehicle-fields.tsx";

const dialogs = () => import("./dialogs.tsx");
const DiscardDialog = lazy(() => dialogs().then((m) => ({ default: m.DiscardDialog })));
const NoPhotoDialog = lazy(() => dialogs().then((m) => ({ default: m.NoPhotoDialog })));

/** The section to open on a draft: the first whose answers are missing, else the photos (none yet) or the review. */
export function resumeIndex(
  sections: readonly TradeInSection[],
  trade: TradeInWire | null,
  questions: readonly TradeInQuestionWire[],
): number {
  if (!trade) return 0;
  const needs = (part: SectionPart) => {
    if (part === "vehicle") return !trade.year || !trade.make || !trade.model || !trade.trim || trade.odometer === null;
    if (part === "history") return unanswered(questions, answersOf(trade)).length > 0;
    if (part === "photos") return photoCount(trade.images) === 0;
    return false;
  };
  const index = sections.findIndex((section) => partsOf(section, sections).some(needs));
  return index >= 0 ? index : sections.length - 1;
}

/** A refused call as the form shows it: a 400's messages at their fields, else the API's words, else the fallback. */
function refusalOf<F extends string>(error: unknown, binding: FormBinding<F>, fallback: string): Refusal<F> {
  if (error instanceof ApiRequestError && error.failure.kind === "session-expired") return { general: [] };
  const failure = httpFailure(error);
  if (!failure) return { general: [fallback] };
  const read = errorMessages(failure.body);
  const placed = serverErrors(read.fields, binding);
  const general = [...read.general, ...placed.general];
  return { fields: placed.fields, general: general.length || Object.keys(placed.fields).length ? general : [fallback] };
}

type Gate = null | "cancelled" | "skipped";

/**
 * The trade-in page: the dealership's flow as a stepper (sections, progress, back and continue), each section saved
 * as the shopper continues; a shopper not signed in identifies (the flow's sign-in preset) before the trade is
 * created; the review sends it; then the valuation, the state and the offers.
 */
export function TradeInPage(props: {
  settings: TradeInSettingsWire;
  questions: TradeInQuestionWire[];
  initial: TradeInWire | null;
  order: Order | null;
  orderId: number | null;
}) {
  const { t, locale } = useTradeInI18n();
  const language = languageOf(locale);
  const { dealer, customer, quietApi, path, signIn, prefetchSignIn, sessionExpired } = useShell();
  const api = useMemo(() => createTradeInApi(quietApi), [quietApi]);
  const { settings, questions } = props;
  const sections = useMemo(() => sectionsOf(settings.flow, settings.sections), [settings.flow, settings.sections]);
  const [trade, setTrade] = useState<TradeInWire | null>(props.initial);
  const [index, setIndex] = useState(() => resumeIndex(sections, props.initial, questions));
  const [reached, setReached] = useState(index);
  const [submitting, setSubmitting] = useState(false);
  const [gate, setGate] = useState<Gate>(null);
  const [dialog, setDialog] = useState<null | "discard" | "no-photo">(null);

  const [vehicle, setVehicle] = useState<VehicleForm>(() => vehicleFormOf(props.initial));
  const [answers, setAnswers] = useState<AnswerState>(() => answersOf(props.initial));
  const [financing, setFinancing] = useState<FinancingForm>(() => financingFormOf(props.initial));
  const [statement, setStatement] = useState<"" | OdometerStatement>(props.initial?.odometer_statement ?? "");
  const [accepted, setAccepted] = useState(false);

  const orderId = props.orderId ?? trade?.order ?? null;
  const section = sections[index]!;
  const parts = partsOf(section, sections);
  const view = submitting ? "submitting" : viewOf(trade);
  const photos = flowTakesPhotos(settings.flow);
  // A US trade of model year 2011 or newer states its odometer reading (the year as chosen, else the server's word).
  const askStatement = vehicle.year
    ? odometerDisclosureRequired(settings.country, Number(vehicle.year), new Date())
    : (trade?.odometer_disclosure_required ?? false);
  const ico = settings.flow === "TRADE-IN-EXTERNAL";

  const vehicleForm = useSubmission({ fields: VEHICLE_FIELDS, idOf: vehicleFieldId });
  const binding = historyBinding(questions, answers, askStatement);
  const historyForm = useSubmission<HistoryField>({ fields: binding.fields, idOf: historyFieldId });
  const submitForm = useSubmission({ fields: SUBMIT_BINDING.fields, idOf: () => "tradein-terms" });
  const navigation = useSubmission<never>({ fields: [], idOf: () => "" });

  // Spec 4: the trade-in's page view and its finish, once per vehicle (the saved deal's, when there is one).
  const analyticsDeal = { vehicle: props.order ? { id: props.order.vehicle.id } : null, paymentType: props.order?.payment_type ?? null, orderId };
  useEffect(() => {
    track("trade_in_view", analyticsDeal);
  }, []);

  // A section opening moves the focus to its heading (not on the first view).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(SECTION_HEADING_ID)?.focus();
  }, [index, view]);

  /** The address names the trade, so a reload (or the link in an email) resumes it. */
  function remember(next: TradeInWire | null) {
    const url = new URL(window.location.href);
    if (next) url.searchParams.set("trade_in", String(next.id));
    else url.searchParams.delete("trade_in");
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
  }

  function open(next: number) {
    setIndex(next);
    setReached((r) => Math.max(r, next));
    window.scrollTo({ top: 0 });
  }

  /** The trade, created once the shopper identified (the locked step); null when they did not. */
  async function ensureTrade(): Promise<TradeInWire | null> {
    if (trade) return trade;
    if (!customer) {
      const outcome = await signIn(presetOf(settings.flow));
      if (!isSignedIn(outcome)) {
        setGate(outcome === "skipped" ? "skipped" : "cancelled");
        return null;
      }
    }
    setGate(null);
    const created = await api.create(orderId);
    setTrade(created);
    remember(created);
    return created;
  }

  const fallback = t("tradein.error.save_failed");
  /** A level with nothing under the choices above it is an empty list (the API answers 404), not a failure. */
  const loadCatalogue = useMemo(
    () => (query: Parameters<typeof api.catalogue>[0]) =>
      api.catalogue(query).catch((error: unknown) => {
        if (httpFailure(error)?.status === 404) return { level: "style" as const, values: [] };
        throw error;
      }),
    [api],
  );

  async function continueFrom() {
    const next = Math.min(index + 1, sections.length - 1);
    if (parts.includes("vehicle")) {
      const checkedVehicle = checkVehicle(vehicle, {
        unit: settings.length_unit,
        mandatoryVin: settings.mandatory_trade_vin,
        language,
      });
      const checkedHistory = parts.includes("history")
        ? checkHistory(questions, answers, financing, statement, {
            askStatement,
            language,
            messages: historyMessages(t),
          })
        : null;
      if (!checkedVehicle.ok) {
        if (checkedHistory && !checkedHistory.ok) historyForm.fail({ fields: checkedHistory.fields });
        return vehicleForm.submit(checkedVehicle, {
          call: async () => null,
          refused: () => undefined,
          invalid: t("tradein.error.check_fields"),
        });
      }
      if (checkedHistory && !checkedHistory.ok) {
        vehicleForm.fail({});
        return historyForm.submit(checkedHistory, {
          call: async () => null,
          refused: () => undefined,
          invalid: t("tradein.error.check_fields"),
        });
      }
      historyForm.fail({});
      return vehicleForm.submit(checkedVehicle, {
        call: async ({ info, vin }) => {
          const current = await ensureTrade();
          if (!current) return null;
          let saved = await api.saveVehicle(current.id, {
            ...info,
            ...(checkedHistory?.ok ? checkedHistory.data : {}),
          });
          if (vin && vin !== saved.vin) saved = await api.saveVin(current.id, vin);
          return saved;
        },
        done: (saved) => {
          if (!saved) return;
          setTrade(saved);
          open(next);
        },
        refused: (error) => {
          const refusal = refusalOf(error, VEHICLE_BINDING, fallback);
          // The questionnaire's messages (the lighter flows send it with the vehicle) go to its own fields.
          const history = refusalOf(error, binding, fallback);
          if (history.fields && Object.keys(history.fields).length) historyForm.fail({ fields: history.fields });
          return refusal;
        },
      });
    }
    if (parts.includes("history")) {
      const checked = checkHistory(questions, answers, financing, statement, {
        askStatement,
        language,
        messages: historyMessages(t),
      });
      return historyForm.submit(checked, {
        call: async (data) => {
          const current = await ensureTrade();
          return current ? api.saveVehicle(current.id, data) : null;
        },
        done: (saved) => {
          if (!saved) return;
          setTrade(saved);
          open(next);
        },
        refused: (error) => refusalOf(error, binding, fallback),
        invalid: t("tradein.error.check_fields"),
      });
    }
    // The introduction (and the photos, saved as they are chosen): the trade must exist to go on.
    return navigation.run({
      call: () => ensureTrade(),
      done: (current) => {
        if (current) open(next);
      },
      refused: (error) => refusalOf(error, { fields: [] }, fallback),
    });
  }

  async function submit(withoutPhotos: boolean) {
    if (!trade) return;
    const checked = checkSubmit(window.location.href, accepted, language);
    if (checked.ok && photos && !withoutPhotos && photoCount(trade.images) === 0) return setDialog("no-photo");
    await submitForm.submit(checked, {
      call: async (body) => {
        setSubmitting(true);
        try {
          return await api.submit(trade.id, { ...body, ...(withoutPhotos ? { without_photos: true } : {}) }, ico);
        } finally {
          setSubmitting(false);
        }
      },
      done: (sent) => {
        setTrade(sent);
        finish(quietApi, "trade_in_finish", analyticsDeal);
      },
      refused: (error) => refusalOf(error, SUBMIT_BINDING, t("tradein.error.submit_failed")),
    });
  }

  function restart() {
    setTrade(null);
    remember(null);
    setVehicle(vehicleFormOf(null));
    setAnswers({});
    setFinancing(financingFormOf(null));
    setStatement("");
    setAccepted(false);
    setIndex(0);
    setReached(0);
  }

  const sectionOf = (part: SectionPart) => {
    const found = sections.findIndex((s) => partsOf(s, sections).includes(part));
    return found >= 0 && !sections[found]!.startsWith("review") ? found : -1;
  };
  const editAt = (part: SectionPart) => {
    const at = sectionOf(part);
    return at >= 0 ? () => open(at) : null;
  };
  const deal = props.order;
  const dealHref = deal ? path(`details/${deal.vehicle.id}`) : null;
  const dealTitle = deal
    ? (language === "fr" ? deal.display.title_fr : deal.display.title) || deal.display.title
    : null;
  const pending = vehicleForm.pending || historyForm.pending || navigation.pending;
  const locked = !customer && !trade;

  let body: ReactNode;
  if (!settings.enabled) {
    body = (
      <p className="rounded-xl border border-black/10 bg-white p-6" data-testid="tradein-disabled">
        {t("tradein.disabled")}
      </p>
    );
  } else if (view === "submitting") body = <SubmittingView t={t} />;
  else if (view === "discarded") {
    body = (
      <section
        aria-labelledby={SECTION_HEADING_ID}
        className="grid gap-3 rounded-xl border border-black/10 bg-white p-6"
        data-testid="tradein-discarded"
      >
        <h2 id={SECTION_HEADING_ID} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t("trade_in_state.discarded")}
        </h2>
        <p>{t("tradein.discard.done")}</p>
        <button
          type="button"
          onClick={restart}
          className={`${ctaButtonClass} min-h-11 w-fit`}
          data-testid="tradein-restart"
        >
          {t("tradein.restart")}
        </button>
      </section>
    );
  } else if (view === "result" && trade) {
    body = (
      <ResultView
        t={t}
        locale={locale}
        currency={dealer.currency_unit}
        timeZone={dealer.time_zone}
        settings={settings}
        trade={trade}
        onTrade={setTrade}
        orderId={orderId}
        dealHref={dealHref}
        saveDealHref={dealer.show_vehicle_list ? path("search") : path("orders")}
        actions={{
          accept: (order) => api.accept(trade.id, order),
          decline: (comments, order) => api.decline(trade.id, comments, order),
          refresh: () => api.get(trade.id),
          editAgain: () => api.editAfterSubmit(trade.id),
          savedDeals: () => quietApi.get<{ results: Order[] } | Order[]>("/api/order/?page=1").then(listOf),
        }}
        onEdit={() => open(resumeIndex(sections, null, questions))}
        onDiscard={() => setDialog("discard")}
        onRestart={restart}
      />
    );
  } else {
    const isReview = parts.includes("review");
    body = (
      <>
        <Stepper t={t} sections={sections} current={index} reached={reached} locked={locked} onOpen={open} />
        <section
          aria-labelledby={SECTION_HEADING_ID}
          className="grid gap-5 rounded-xl border border-black/10 bg-white p-4 tablet-up:p-6"
          data-testid={`tradein-section-${section}`}
        >
          <h2 id={SECTION_HEADING_ID} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t(`tradein.section.${section}`)}
          </h2>
          {parts.includes("intro") && <Intro t={t} flow={settings.flow} sections={sections} />}
          {locked && !isReview && (
            <div className="rounded-lg bg-[var(--accent-soft)] p-3" data-testid="tradein-locked">
              <p>
                {gate === "skipped"
                  ? t("tradein.locked_skipped")
                  : gate === "cancelled"
                    ? t("tradein.locked_cancelled")
                    : t("tradein.locked_body")}
              </p>
              <button
                type="button"
                onClick={() => {
                  void navigation.run({ call: ensureTrade, refused: (e) => refusalOf(e, { fields: [] }, fallback) });
                }}
                onPointerEnter={prefetchSignIn}
                onFocus={prefetchSignIn}
                className={`${secondaryButtonClass} mt-2`}
                data-testid="tradein-sign-in"
              >
                {t(`auth.preset.${presetOf(settings.flow)}.title`)}
              </button>
            </div>
          )}
          {parts.includes("vehicle") && (
            <VehicleFields
              t={t}
              language={language}
              form={vehicle}
              onChange={(patch) => setVehicle((form) => ({ ...form, ...patch }))}
              errors={vehicleForm.errors}
              loadCatalogue={loadCatalogue}
              unit={settings.length_unit}
              mandatoryVin={settings.mandatory_trade_vin}
            />
          )}
          {parts.includes("history") && (
            <>
              {parts.includes("vehicle") && <h3 className="text-lg font-semibold">{t("tradein.history.heading")}</h3>}
              <HistoryFields
                t={t}
                language={language}
                questions={questions}
                answers={answers}
                onAnswer={(id, value) => setAnswers((all) => ({ ...all, [id]: value }))}
                financing={financing}
                onFinancing={(patch) => setFinancing((form) => ({ ...form, ...patch }))}
                errors={historyForm.errors}
              />
              {askStatement && (
                <OdometerStatementField
                  t={t}
                  value={statement}
                  onChange={setStatement}
                  error={historyForm.errors.odometer_statement}
                />
              )}
            </>
          )}
          {parts.includes("photos") &&
            (trade ? (
              <PhotosSection
                t={t}
                tradeId={trade.id}
                dealerCode={dealer.code}
                images={trade.images}
                onImages={(images) => setTrade((current) => (current ? { ...current, images } : current))}
                maxBytes={settings.photo_max_bytes}
                checkImages={api.checkImages}
                removePhoto={(id, angle: TradeInPhotoAngle) => api.removePhotos(id, [angle])}
                photoUrl={api.photoUrl}
                onSessionExpired={(kind) => void sessionExpired(kind)}
                onMobileView={async () => {
                  await api.requestMobileView(trade.id);
                  return t("tradein.photos.mobile_sent");
                }}
              />
            ) : (
              <p>{t("tradein.photos.needs_trade")}</p>
            ))}
          {isReview && trade && (
            <>
              <ReviewSummary
                t={t}
                locale={locale}
                language={language}
                currency={dealer.currency_unit}
                trade={trade}
                questions={questions}
                editVehicle={editAt("vehicle")}
                editHistory={editAt("history")}
                editPhotos={photos ? editAt("photos") : null}
                photoSrc={(angle) => trade.images[angle]?.url ?? api.photoUrl(trade.id, angle)}
                dealerCode={dealer.code}
              />
              <CheckboxField
                id="tradein-terms"
                label={
                  <>
                    {t("tradein.review.terms")}
                    {dealer.terms_and_conditions_link && (
                      <>
                        {" "}
                        <a
                          href={dealer.terms_and_conditions_link}
                          target="_blank"
                          rel="noreferrer"
                          className="underline"
                        >
                          {t("tradein.review.terms_link")}
                        </a>
                      </>
                    )}
                  </>
                }
                checked={accepted}
                onChange={setAccepted}
                error={submitForm.errors.accepted_terms}
                required
                testId="tradein-terms"
              />
            </>
          )}
          {isReview && !trade && <p>{t("tradein.review.nothing")}</p>}
          <GeneralErrors
            messages={[...vehicleForm.general, ...historyForm.general, ...navigation.general, ...submitForm.general]}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-black/10 pt-4">
            {index > 0 ? (
              <button
                type="button"
                onClick={() => open(index - 1)}
                className={secondaryButtonClass}
                data-testid="tradein-back"
              >
                {t("tradein.back")}
              </button>
            ) : (
              <span />
            )}
            {isReview ? (
              <button
                type="button"
                onClick={() => void submit(false)}
                disabled={submitForm.pending || !trade}
                className={`${ctaButtonClass} min-h-11`}
                data-testid="tradein-submit"
              >
                {t(ico ? "tradein.review.submit_ico" : "tradein.review.submit")}
              </button>
            ) : (
              <button
                type="button"
                onClick={() => void continueFrom()}
                disabled={pending}
                className={`${ctaButtonClass} min-h-11`}
                data-testid="tradein-next"
              >
                {pending
                  ? t("tradein.saving")
                  : t("tradein.next", { section: t(`tradein.section.${sections[index + 1] ?? section}`) })}
              </button>
            )}
          </div>
          {trade && isDraft(trade) && (
            <button
              type="button"
              onClick={() => setDialog("discard")}
              className="w-fit text-sm font-semibold text-red-800 underline"
              data-testid="tradein-discard"
            >
              {t("tradein.discard.open")}
            </button>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6" data-testid="tradein-page" data-flow={settings.flow}>
      <header>
        <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("tradein.heading")}</h1>
        {dealTitle && dealHref ? (
          <p className="mt-1" data-testid="tradein-deal">
            {t("tradein.for_deal")}{" "}
            <Link to={dealHref} className="font-semibold underline underline-offset-2">
              {dealTitle}
            </Link>
          </p>
        ) : (
          <p className="mt-1 opacity-80">{t("tradein.intro")}</p>
        )}
        {trade && view === "form" && tradeTitle(trade) && (
          <p className="mt-1 text-sm font-semibold">{tradeTitle(trade)}</p>
        )}
      </header>
      {body}
      <Suspense fallback={null}>
        {dialog === "discard" && trade && (
          <DiscardDialog
            language={language}
            discard={() => api.discard(trade.id)}
            refusal={(error) => [refusalText(error, t("tradein.discard.failed"))]}
            onDiscarded={() =>
              setTrade((current) =>
                current ? { ...current, status: "discarded", customer_state: "discarded" } : current,
              )
            }
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === "no-photo" && (
          <NoPhotoDialog
            onSendWithout={() => void submit(true)}
            onAddPhotos={() => open(Math.max(0, sectionOf("photos")))}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </div>
  );
}

const historyMessages = (t: TradeInTranslate) => ({
  answer: t("tradein.error.answer"),
  areas: t("tradein.error.areas"),
  statement: t("tradein.error.statement"),
});

/** The first section of the lighter flows: what happens, in order. */
function Intro(props: { t: TradeInTranslate; flow: TradeInSettingsWire["flow"]; sections: readonly TradeInSection[] }) {
  const { t } = props;
  return (
    <div className="grid gap-2" data-testid="tradein-intro">
      <p>{t(`tradein.intro_body.${props.flow}`)}</p>
      {/* The steps ahead, when the introduction is a step of its own (the instant cash offer's is on its one form). */}
      {props.sections.includes("get-started") && (
        <ol className="list-decimal pl-6">
          {props.sections
            .filter((s) => s !== "get-started")
            .map((s) => (
              <li key={s}>{t(`tradein.section.${s}`)}</li>
            ))}
        </ol>
      )}
      <p className="text-sm opacity-80">{t("tradein.estimate_disclaimer")}</p>
    </div>
  );
}
