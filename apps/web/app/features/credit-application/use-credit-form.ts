import {
  isCanadianPostalCode,
  localizeValidationMessage,
  validationMessage,
  type CreditAnswerScreen,
  type CreditApplicationWire,
  type CreditScreen,
  type Language,
} from "@showroom/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { httpFailure } from "../../lib/api-errors.ts";
import { createAutosave, type SaveStatus } from "./autosave.ts";
import type { CreditApi, CreditStaticData } from "./credit-api.ts";
import type { FieldValue } from "./field-specs.ts";
import {
  answersOf,
  apiProblems,
  checkScreen,
  firstScreenWith,
  resumeScreen,
  screenData,
  screenPayload,
  screensOf,
  withCoApplicant,
  type Answers,
  type ScreenErrors,
} from "./form-model.ts";

const CO_SCREENS = [
  "co_applicant_acknowledgement",
  "co_applicant",
  "co_applicant_employment",
  "co_applicant_residential",
] as const;

export type Problems = Partial<Record<CreditAnswerScreen, ScreenErrors>>;

/** A Canadian address is a street address unless the shopper says otherwise. */
function withDefaults(answers: Answers, data: CreditStaticData): Answers {
  if (data.country !== "CA") return answers;
  const screens: CreditAnswerScreen[] = withCoApplicant(answers)
    ? ["residential", "co_applicant_residential"]
    : ["residential"];
  if (screens.every((s) => answers[s]?.address_type)) return answers;
  const next = { ...answers };
  for (const s of screens) if (!next[s]?.address_type) next[s] = { ...next[s], address_type: "civic" };
  return next;
}

/**
 * The application's form: the answers (kept as typed whatever the calls do), the screen shown and how far the shopper
 * got, each screen's messages, and the auto-save. Next checks the screen with the domain's schema, then (in Canada)
 * with the API's validate/, and saves it whole with where the shopper now is.
 */
export function useCreditForm(options: {
  data: CreditStaticData;
  application: CreditApplicationWire;
  api: CreditApi;
  orderId: number;
  language: Language;
  /** "An error occurred, please try again later.": a check that could not be made. */
  genericError: string;
  onApplication(application: CreditApplicationWire): void;
  onSaveFailed(error: unknown): void;
  /** The shopper chose "no co-applicant" while one has answers: the page asks to confirm. */
  onConfirmRemoveCoApplicant(): void;
}) {
  const { data, api, orderId, language } = options;
  const [answers, setAnswers] = useState<Answers>(() => withDefaults(answersOf(options.application.screens), data));
  const answersRef = useRef(answers);
  const screens = screensOf(data, answers);
  const [current, setCurrent] = useState<CreditScreen>(() => resumeScreen(options.application.current_screen, screens));
  const [reached, setReached] = useState(() => Math.max(0, screens.indexOf(current)));
  const [problems, setProblems] = useState<Problems>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [summaryKey, setSummaryKey] = useState(0);
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [checking, setChecking] = useState(false);
  const [removingSin, setRemovingSin] = useState(false);
  const callbacks = useRef(options);
  callbacks.current = options;

  const autosave = useMemo(
    () =>
      createAutosave({
        save: (body) => api.save(orderId, body),
        payloadOf: (screen) => screenPayload(screen, data, answersRef.current),
        onStatus: setStatus,
        onSaved: (saved) => callbacks.current.onApplication(saved),
        onFailed: (error) => callbacks.current.onSaveFailed(error),
      }),
    [api, orderId, data],
  );
  // Leaving the page sends what is waiting.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === "hidden") void autosave.flush();
    };
    document.addEventListener("visibilitychange", hidden);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      void autosave.flush();
      autosave.stop();
    };
  }, [autosave]);

  const update = (next: Answers) => {
    answersRef.current = withDefaults(next, data);
    setAnswers(answersRef.current);
  };
  const index = Math.max(0, screens.indexOf(current));
  const screen = current === "result" ? null : (current as CreditAnswerScreen);

  function setScreenProblems(at: CreditAnswerScreen, errors: ScreenErrors, generalMessages: string[] = []) {
    setProblems((all) => ({ ...all, [at]: errors }));
    setGeneral(generalMessages);
    if (Object.keys(errors).length || generalMessages.length) setSummaryKey((k) => k + 1);
  }

  function change(at: CreditAnswerScreen, field: string, value: FieldValue) {
    // Removing the co-applicant deletes what they gave: the shopper confirms first.
    if (
      at === "acknowledgement" &&
      field === "with_co_applicant" &&
      value === false &&
      withCoApplicant(answersRef.current)
    )
      return callbacks.current.onConfirmRemoveCoApplicant();
    const next = { ...answersRef.current, [at]: { ...answersRef.current[at], [field]: value } };
    update(next);
    autosave.changed(at);
    setProblems((all) => {
      const errors = all[at];
      if (!errors?.[field]) return all;
      const rest = { ...errors };
      delete rest[field];
      return { ...all, [at]: rest };
    });
  }

  /** "No co-applicant" confirmed: their screens are emptied here, and the API drops them with the acknowledgement's "no". */
  function removeCoApplicant() {
    const next: Answers = {
      ...answersRef.current,
      acknowledgement: { ...answersRef.current.acknowledgement, with_co_applicant: false },
    };
    for (const s of CO_SCREENS) delete next[s];
    update(next);
    autosave.changed("acknowledgement");
    setProblems((all) => {
      const rest = { ...all };
      for (const s of CO_SCREENS) delete rest[s];
      return rest;
    });
  }

  function goTo(target: CreditScreen) {
    const at = screensOf(data, answersRef.current).indexOf(target);
    if (at < 0) return;
    setGeneral([]);
    setCurrent(target);
    setReached((r) => Math.max(r, at));
    void autosave.flush(target);
    window.scrollTo({ top: 0 });
  }

  /** Next: the browser's check, then the API's (in Canada); the screen is saved whole and the next one opens. */
  async function next() {
    if (!screen || checking) return;
    const errors = checkScreen(screen, data, answersRef.current, language);
    if (Object.keys(errors).length) return setScreenProblems(screen, errors);
    if (data.validates_application) {
      setChecking(true);
      try {
        await api.validate(screen, screenData(screen, data, answersRef.current));
      } catch (error) {
        const failure = httpFailure(error);
        const found = failure?.status === 400 ? (apiProblems(failure.body, language, screen)[screen] ?? {}) : {};
        return setScreenProblems(screen, found, Object.keys(found).length ? [] : [callbacks.current.genericError]);
      } finally {
        setChecking(false);
      }
    }
    setScreenProblems(screen, {});
    autosave.changed(screen);
    const following = screensOf(data, answersRef.current)[screens.indexOf(screen) + 1];
    if (following) goTo(following);
  }

  /** In Canada a postal code left is checked against the province (pre-selected when none is chosen yet). */
  async function checkPostalCode(at: CreditAnswerScreen) {
    const code = String(answersRef.current[at]?.postal_code ?? "");
    if (data.country !== "CA" || !isCanadianPostalCode(code)) return;
    const found = await api.postalCodeProvince(code);
    if (!found) return;
    const province = String(answersRef.current[at]?.province ?? "");
    const invalid = localizeValidationMessage(validationMessage("invalid_location"), language);
    if (!province && found.province) return change(at, "province", found.province);
    const wrong = found.provinces.length === 0 || (province !== "" && !found.provinces.includes(province));
    setProblems((all) => {
      const errors = { ...all[at] };
      if (wrong) errors.postal_code = invalid;
      else if (errors.postal_code === invalid) delete errors.postal_code;
      return { ...all, [at]: errors };
    });
  }

  async function removeSin(at: CreditAnswerScreen) {
    setRemovingSin(true);
    update({ ...answersRef.current, [at]: { ...answersRef.current[at], sin: "" } });
    autosave.force(at, { sin: "" });
    await autosave.flush();
    setRemovingSin(false);
  }

  function copyApplicantAddress() {
    const next = { ...answersRef.current, co_applicant_residential: { ...answersRef.current.residential } };
    update(next);
    autosave.changed("co_applicant_residential");
  }

  /** Every screen checked in the browser before sending: the first with a problem opens with its messages. */
  function checkAll(): boolean {
    const all: Problems = {};
    for (const s of screensOf(data, answersRef.current)) {
      if (s === "result") continue;
      const errors = checkScreen(s, data, answersRef.current, language);
      if (Object.keys(errors).length) all[s] = errors;
    }
    return showProblems(all);
  }

  /** Messages by screen (the browser's or the API's): the first screen with one opens. False when there were some. */
  function showProblems(all: Problems, generalMessages: string[] = []): boolean {
    const first = firstScreenWith(all, screensOf(data, answersRef.current));
    if (!first) {
      if (generalMessages.length) {
        setGeneral(generalMessages);
        setSummaryKey((k) => k + 1);
        return false;
      }
      return true;
    }
    setProblems(all);
    if (first !== current) goTo(first);
    setGeneral(generalMessages);
    setSummaryKey((k) => k + 1);
    return false;
  }

  return {
    answers,
    screens,
    current,
    screen,
    index,
    reached,
    problems,
    general,
    setGeneral: (messages: string[]) => {
      setGeneral(messages);
      if (messages.length) setSummaryKey((k) => k + 1);
    },
    summaryKey,
    status,
    checking,
    removingSin,
    autosave,
    change,
    removeCoApplicant,
    goTo,
    next,
    back: () => screens[index - 1] && goTo(screens[index - 1]!),
    checkPostalCode,
    removeSin,
    copyApplicantAddress,
    checkAll,
    showProblems,
    apiProblems: (body: unknown) => apiProblems(body, language),
  };
}
export type CreditForm = ReturnType<typeof useCreditForm>;
