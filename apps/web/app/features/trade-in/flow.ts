import {
  TRADE_IN_FLOW_SECTIONS,
  type TradeInCustomerState,
  type TradeInFlow,
  type TradeInQuestionWire,
  type TradeInSection,
  type TradeInWire,
} from "@showroom/domain";
import type { AuthPreset } from "../../lib/auth.ts";

/**
 * The trade-in page's pure rules: which sections a dealership's flow shows and what each holds, the sign-in preset
 * that unlocks it, where a trade stands, and which of the questionnaire's nested questions are open.
 */

/** The parts a section is made of; the review stands alone. */
export type SectionPart = "intro" | "vehicle" | "history" | "photos" | "review";

/** The sections of the flow, in order, as the dealership's settings list them (the domain's when they list none). */
export function sectionsOf(flow: TradeInFlow, listed: readonly string[] | undefined): TradeInSection[] {
  const known: readonly string[] = TRADE_IN_FLOW_SECTIONS[flow];
  const fromSettings = (listed ?? []).filter((s): s is TradeInSection => known.includes(s));
  return fromSettings.length > 0 ? fromSettings : [...TRADE_IN_FLOW_SECTIONS[flow]];
}

/**
 * What a section asks. The full flow asks the vehicle's history on its own; the lighter flows (version 2, the price
 * guide, the instant cash offer) ask the same questions below the vehicle's details, since they have no history section.
 */
export function partsOf(section: TradeInSection, sections: readonly TradeInSection[]): SectionPart[] {
  const ownHistory = sections.includes("vehicle-history");
  switch (section) {
    case "get-started":
      return ["intro"];
    case "vehicle-details":
      return ownHistory ? ["vehicle"] : ["vehicle", "history"];
    case "instant-cash-offer":
      return ["intro", "vehicle", "history"];
    case "vehicle-history":
      return ["history"];
    case "vehicle-images":
    case "vehicle-photos":
      return ["photos"];
    case "review":
      return ["review"];
  }
}

/** The sign-in preset a flow asks with before the trade is created (spec 2, the sign-in modal's presets). */
export function presetOf(flow: TradeInFlow): AuthPreset {
  if (flow === "TRADE-IN-EXTERNAL") return "submit-ico-trade-in";
  if (flow === "TRADE-IN-BLACK-BOOK") return "submit-book-value-trade-in";
  return "submit-trade-in";
}

/** The shopper can still change the trade (a draft); once sent, only "edit my trade-in" reopens it. */
export const isDraft = (trade: Pick<TradeInWire, "status"> | null): boolean =>
  !trade || trade.status === "initial" || trade.status === "draft";

/** Where the page opens: the form for a draft, the valuation and offers once sent, the restart once discarded. */
export type PageView = "form" | "result" | "discarded";
export function viewOf(trade: Pick<TradeInWire, "status"> | null): PageView {
  if (!trade || isDraft(trade)) return "form";
  return trade.status === "discarded" ? "discarded" : "result";
}

/** The offer the shopper may answer now: the current one, awaiting them and not expired. */
export function answerableOffer(trade: Pick<TradeInWire, "current_offer" | "status">) {
  const offer = trade.current_offer;
  return offer && offer.status === "O" && !offer.is_expired && trade.status === "awaiting-customer" ? offer : null;
}

/** A state's tone on the page: good news, waiting, or a dead end. */
export function stateTone(state: TradeInCustomerState): "positive" | "waiting" | "negative" {
  if (state === "accepted" || state === "offer_received" || state === "conditional_offer") return "positive";
  if (state === "offer_declined" || state === "offer_expired" || state === "discarded") return "negative";
  return "waiting";
}

/** Whether a sent trade can be edited again (prompt_post_submit_updates): while no offer of it was answered. */
export const canEditAfterSubmit = (trade: Pick<TradeInWire, "status" | "past_offers" | "current_offer">): boolean =>
  ["awaiting-dealer", "awaiting-provider", "awaiting-agency", "awaiting-customer"].includes(trade.status) &&
  ![...trade.past_offers, ...(trade.current_offer ? [trade.current_offer] : [])].some((offer) => offer.status !== "O");

/** Whether the trade may still be discarded: anything but one already discarded or included in a deal. */
export const canDiscard = (trade: Pick<TradeInWire, "status"> | null): boolean =>
  !!trade && trade.status !== "discarded" && trade.status !== "included";

// ---- the questionnaire -------------------------------------------------------------------------------------

/** The answers as the form holds them: yes/no per question, the areas of each checkbox set. */
export type AnswerState = Record<string, boolean | null | string[]>;

export function answersOf(trade: Pick<TradeInWire, "answers"> | null): AnswerState {
  return trade ? { ...trade.answers } : {};
}

const byOrder = (a: TradeInQuestionWire, b: TradeInQuestionWire) => a.order - b.order;

/** A nested question is open when its parent's answer is the one it hangs under. */
export const isOpen = (child: TradeInQuestionWire, parentAnswer: boolean | null | string[] | undefined): boolean =>
  child.parent_answer === null ? parentAnswer !== undefined : parentAnswer === child.parent_answer;

/** Every question shown for these answers, parents before their open children, in the questionnaire's order. */
export function shownQuestions(questions: readonly TradeInQuestionWire[], answers: AnswerState): TradeInQuestionWire[] {
  const shown: TradeInQuestionWire[] = [];
  const visit = (list: readonly TradeInQuestionWire[]) => {
    for (const question of [...list].sort(byOrder)) {
      shown.push(question);
      visit(question.children.filter((child) => isOpen(child, answers[question.id] as boolean | null | undefined)));
    }
  };
  visit(questions);
  return shown;
}

/** Whether the questionnaire, as answered, asks for the loan or lease details. */
export const asksFinancing = (questions: readonly TradeInQuestionWire[], answers: AnswerState): boolean =>
  shownQuestions(questions, answers).some((q) => q.field_type === "financing");

/** The answers to send: those of questions shown and answered (a hidden checkbox set is emptied: the shopper said no). */
export function answersToSend(
  questions: readonly TradeInQuestionWire[],
  answers: AnswerState,
): Record<string, boolean | string[]> {
  const shown = new Set(shownQuestions(questions, answers).map((q) => q.id));
  const out: Record<string, boolean | string[]> = {};
  const visit = (list: readonly TradeInQuestionWire[]) => {
    for (const question of list) {
      const answer = answers[question.id];
      if (question.field_type === "boolean" && shown.has(question.id) && typeof answer === "boolean")
        out[question.id] = answer;
      if (question.field_type === "checkbox_set")
        out[question.id] = shown.has(question.id) ? ((answers[question.id] as string[] | undefined) ?? []) : [];
      visit(question.children);
    }
  };
  visit(questions);
  return out;
}

/** The shown questions left unanswered (a yes/no without an answer, an open checkbox set with nothing ticked), by id. */
export function unanswered(
  questions: readonly TradeInQuestionWire[],
  answers: AnswerState,
): { id: string; kind: "boolean" | "checkbox_set" }[] {
  return shownQuestions(questions, answers).flatMap((q): { id: string; kind: "boolean" | "checkbox_set" }[] => {
    const answer = answers[q.id];
    if (q.field_type === "boolean" && (answer === null || answer === undefined)) return [{ id: q.id, kind: "boolean" }];
    if (q.field_type === "checkbox_set" && (!Array.isArray(answer) || answer.length === 0))
      return [{ id: q.id, kind: "checkbox_set" }];
    return [];
  });
}

// ---- amounts as typed ----------------------------------------------------------------------------------------

/**
 * Dollars as a shopper types them ("$12,500", "12 500,50 $") in the decimal form the API reads ("12500", "12500.50").
 * A comma is a decimal separator in French when two or fewer digits follow it, otherwise it groups thousands.
 */
export function typedDollars(text: string, french: boolean): string {
  let value = text.replace(/[\s\u00a0\u202f$]/g, "");
  if (french && /,\d{1,2}$/.test(value)) value = value.replace(/\.(?=\d{3})/g, "").replace(",", ".");
  else value = value.replace(/,(?=\d{3}(\D|$))/g, "");
  return value;
}

/** A whole number as typed ("120,000", "120 000") or NaN; empty is undefined. */
export function typedWholeNumber(text: string): number | undefined {
  const value = text.trim().replace(/[\s\u00a0\u202f,.](?=\d{3}(\D|$))/g, "");
  if (value === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}
