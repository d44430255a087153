import {
  creditScreenSchema,
  creditScreensFor,
  isSin,
  localizeValidationMessage,
  type CreditAnswerScreen,
  type CreditDraftScreens,
  type CreditSchemaContext,
  type CreditScreen,
  type Language,
} from "@showroom/domain";
import type { CreditStaticData } from "./credit-api.ts";
import { visibleFields, type FieldValue, type ScreenAnswers } from "./field-specs.ts";

/** What the shopper typed, screen by screen: text as typed, ticked boxes and yes/no answers as booleans. */
export type Answers = Partial<Record<CreditAnswerScreen, ScreenAnswers>>;
export type DraftValue = string | number | boolean | null;
/** Messages by field (already in the shopper's language). */
export type ScreenErrors = Record<string, string>;

const BOOLEAN_FIELDS = new Set(["privacy_notice_read", "with_co_applicant", "joint_intent", "accuracy", "terms"]);

/** The saved answers as the form holds them (numbers as text; the SIN is never sent back). */
export function answersOf(screens: CreditDraftScreens): Answers {
  const answers: Answers = {};
  for (const [screen, values] of Object.entries(screens) as [CreditAnswerScreen, Record<string, DraftValue>][]) {
    const held: ScreenAnswers = {};
    for (const [field, value] of Object.entries(values ?? {})) {
      if (value === null || value === undefined) continue;
      held[field] = BOOLEAN_FIELDS.has(field) ? value === true || value === "true" : String(value);
    }
    answers[screen] = held;
  }
  return answers;
}

export const withCoApplicant = (answers: Answers) => answers.acknowledgement?.with_co_applicant === true;

/** The screens of this application, in order (the co-applicant's only with one). */
export const screensOf = (data: CreditStaticData, answers: Answers): CreditScreen[] =>
  creditScreensFor(data.variant, data.variant === "FULL" && withCoApplicant(answers));

export const contextOf = (data: CreditStaticData): CreditSchemaContext => ({
  country: data.country,
  variant: data.variant,
  today: data.today,
});

/** The screen's answers that count: the fields it shows now, blanks left out. */
export function screenData(
  screen: CreditAnswerScreen,
  data: CreditStaticData,
  answers: Answers,
): Record<string, FieldValue> {
  const values = answers[screen] ?? {};
  const out: Record<string, FieldValue> = {};
  for (const field of visibleFields(screen, data, values)) {
    const value = values[field.name];
    if (value !== undefined && value !== "") out[field.name] = value;
  }
  return out;
}

/**
 * A screen as an auto-save sends it (a screen sent replaces the one kept, so it goes whole): the fields it shows now,
 * blanks left out; the SIN only when it passes its checksum (otherwise the one on file stays); the date of birth
 * whole, or "" once emptied (a date half typed is not sent: the one kept stays).
 */
export function screenPayload(
  screen: CreditAnswerScreen,
  data: CreditStaticData,
  answers: Answers,
): Record<string, DraftValue> {
  const values = answers[screen] ?? {};
  const out: Record<string, DraftValue> = {};
  for (const field of visibleFields(screen, data, values)) {
    const value = values[field.name];
    if (field.name === "sin") {
      const text = typeof value === "string" ? value.trim() : "";
      if (isSin(text)) out.sin = text.replace(/\D/g, "");
    } else if (field.name === "date_of_birth") {
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "" || /^\d{4}-\d{2}-\d{2}$/.test(text)) out.date_of_birth = text;
    } else if (value !== undefined && value !== "")
      out[field.name] = typeof value === "string" ? value.slice(0, 200) : value;
  }
  return out;
}

/** A screen checked with its schema (the domain's, as the API checks it): the first message of each field. */
export function checkScreen(
  screen: CreditAnswerScreen,
  data: CreditStaticData,
  answers: Answers,
  language: Language,
): ScreenErrors {
  const parsed = creditScreenSchema(screen, contextOf(data)).safeParse(screenData(screen, data, answers));
  if (parsed.success) return {};
  const errors: ScreenErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "non_field_errors");
    errors[field] ??= localizeValidationMessage(issue.message, language);
  }
  return errors;
}

/** The API's 400 body ({field: [message]}, or {"screen.field": [...]} from a submission) as messages by screen and field. */
export function apiProblems(
  body: unknown,
  language: Language,
  screen?: CreditAnswerScreen,
): Partial<Record<CreditAnswerScreen, ScreenErrors>> {
  const problems: Partial<Record<CreditAnswerScreen, ScreenErrors>> = {};
  if (!body || typeof body !== "object" || Array.isArray(body)) return problems;
  const put = (at: CreditAnswerScreen, field: string, value: unknown) => {
    const message = Array.isArray(value)
      ? value.find((v) => typeof v === "string")
      : typeof value === "string"
        ? value
        : null;
    if (!message) return;
    (problems[at] ??= {})[field] ??= localizeValidationMessage(message, language);
  };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === "code" || key === "detail") continue;
    const dot = key.indexOf(".");
    if (dot > 0) put(key.slice(0, dot) as CreditAnswerScreen, key.slice(dot + 1), value);
    else if (value && typeof value === "object" && !Array.isArray(value))
      for (const [field, inner] of Object.entries(value)) put(key as CreditAnswerScreen, field, inner);
    else if (screen) put(screen, key, value);
  }
  return problems;
}

/** The first screen (in the application's order) with a problem. */
export const firstScreenWith = (
  problems: Partial<Record<CreditAnswerScreen, ScreenErrors>>,
  screens: readonly CreditScreen[],
) =>
  screens.find(
    (s): s is CreditAnswerScreen => s !== "result" && Object.keys(problems[s as CreditAnswerScreen] ?? {}).length > 0,
  ) ?? null;

/** Where a shopper resumes: where they were, when that screen is still part of the application. */
export function resumeScreen(current: CreditScreen | null, screens: readonly CreditScreen[]): CreditScreen {
  return current && current !== "result" && screens.includes(current) ? current : screens[0]!;
}
