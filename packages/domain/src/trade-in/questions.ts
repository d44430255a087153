import type { Country } from "../constants.ts";
import type { TradeInQuestionWire } from "../schemas/trade-in.ts";
import type { TradeInAnswers } from "./rules.ts";
import { DAMAGE_AREAS, type ConditionKey, type DamageArea } from "./types.ts";

const AREA_LABELS: Record<DamageArea, { en: string; fr: string }> = {
  front: { en: "Front", fr: "Avant" },
  rear: { en: "Rear", fr: "Arrière" },
  driver_side: { en: "Driver's side", fr: "Côté conducteur" },
  passenger_side: { en: "Passenger's side", fr: "Côté passager" },
  roof: { en: "Roof", fr: "Toit" },
  underbody: { en: "Underbody", fr: "Dessous de caisse" },
};
const areaOptions = DAMAGE_AREAS.map((value) => ({ value, label: AREA_LABELS[value] }));

const areaSet = (id: "accident_areas" | "paint_areas", question: { en: string; fr: string }): TradeInQuestionWire => ({
  id,
  question,
  description: null,
  field_type: "checkbox_set",
  order: 1,
  parent_answer: true,
  options: areaOptions,
  children: [],
});

const yesNo = (id: ConditionKey, order: number, question: { en: string; fr: string }, description: { en: string; fr: string } | null = null, children: TradeInQuestionWire[] = []): TradeInQuestionWire => ({
  id,
  question,
  description,
  field_type: "boolean",
  order,
  parent_answer: null,
  options: [],
  children,
});

/**
 * The condition questionnaire (spec 3, "Trade-in question"): yes/no questions, some opening a checkbox set or the
 * financing details under a "yes". Canada adds export/import to the USA; the US omits it (spec 5).
 */
export function tradeInQuestions(country: Country): TradeInQuestionWire[] {
  const questions = [
    yesNo("involved_in_accident", 1, { en: "Has the vehicle been in an accident?", fr: "Le véhicule a-t-il été accidenté?" }, null, [
      areaSet("accident_areas", { en: "Where was it damaged?", fr: "Où a-t-il été endommagé?" }),
    ]),
    yesNo("paint_work_performed", 2, { en: "Has any paint work been done?", fr: "Des travaux de peinture ont-ils été faits?" }, null, [
      areaSet("paint_areas", { en: "Which parts were painted?", fr: "Quelles parties ont été peintes?" }),
    ]),
    yesNo(
      "repairs_other_than_maintainence",
      3,
      { en: "Has it had repairs other than regular maintenance?", fr: "A-t-il subi des réparations autres que l’entretien courant?" },
      { en: "Engine, transmission, body or frame work, for example.", fr: "Moteur, transmission, carrosserie ou châssis, par exemple." },
    ),
    yesNo("has_windshield_damage", 4, { en: "Is the windshield chipped or cracked?", fr: "Le pare-brise est-il ébréché ou fissuré?" }),
    yesNo(
      "has_unexpired_protection_coverage",
      5,
      { en: "Does it still have an extended warranty or protection plan?", fr: "Est-il encore couvert par une garantie prolongée ou un plan de protection?" },
    ),
    ...(country === "CA"
      ? [
          yesNo(
            "export_import_usa",
            6,
            { en: "Was the vehicle ever registered in the United States?", fr: "Le véhicule a-t-il déjà été immatriculé aux États-Unis?" },
            { en: "Imported to or exported from the USA.", fr: "Importé des États-Unis ou exporté vers ceux-ci." },
          ),
        ]
      : []),
    yesNo("making_active_payments", 7, { en: "Are you still making payments on it?", fr: "Faites-vous encore des paiements sur ce véhicule?" }, {
      en: "A loan or a lease: what is owed is paid out of the trade's value.",
      fr: "Un prêt ou une location : le solde dû est payé à même la valeur du véhicule d’échange.",
    }, [
      {
        id: "financing",
        question: { en: "Your loan or lease", fr: "Votre prêt ou votre location" },
        description: null,
        field_type: "financing",
        order: 1,
        parent_answer: true,
        options: [],
        children: [],
      },
    ]),
  ];
  return questions;
}

/** The questions of the country still unanswered, nested ones included (an area set needs at least one area). */
export function missingAnswers(answers: TradeInAnswers, country: Country): string[] {
  const missing: string[] = [];
  for (const question of tradeInQuestions(country)) {
    const key = question.id as ConditionKey;
    const answer = answers[key];
    if (answer === null || answer === undefined) {
      missing.push(key);
      continue;
    }
    for (const child of question.children) {
      if (child.field_type !== "checkbox_set" || answer !== child.parent_answer) continue;
      if (answers[child.id as "accident_areas" | "paint_areas"].length === 0) missing.push(child.id);
    }
  }
  return missing;
}
