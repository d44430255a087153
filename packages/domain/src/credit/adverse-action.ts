import { CREDIT_REASON_TEXT, type CreditReason } from "./lender-rules.ts";

/**
 * The written notice a declined US applicant receives, in the dealership's name (Reg B 12 CFR 1002.9(a)(2) and the
 * FCRA §615(a) disclosures, laid out after the Reg B model forms): the action, the creditor, the ECOA statement
 * and the agency that enforces it for dealers (the FTC), the principal reasons, the consumer report used, and the
 * score with its range, key factors, date and source.
 */
export type AdverseActionNotice = { title: string; sections: { heading: string; lines: string[] }[] };

export type AdverseActionInput = {
  language: "en" | "fr";
  applicantName: string;
  /** YYYY-MM-DD */
  date: string;
  dealer: { name: string; address: string; phone: string };
  reasons: readonly CreditReason[];
  /** The score the decision used, or null when none was. */
  score: { value: number; date: string } | null;
};

/** The simulated lender's stand-in for a credit bureau (demonstration only). */
export const DEMONSTRATION_BUREAU = { name: "Demonstration Credit Bureau (simulated)", address: "100 Example Plaza, Buffalo, NY 14202", phone: "1-800-555-0199", range: "300–850" } as const;

const FTC = "Federal Trade Commission, Consumer Response Center, Washington, DC 20580";

export function adverseActionNotice(input: AdverseActionInput): AdverseActionNotice {
  const fr = input.language === "fr";
  const reasons = input.reasons.slice(0, 4).map((r) => CREDIT_REASON_TEXT[r][input.language]);
  const b = DEMONSTRATION_BUREAU;
  const sections: AdverseActionNotice["sections"] = [
    {
      heading: fr ? "Décision" : "Action taken",
      lines: [
        fr
          ? `${input.applicantName}, le ${input.date}, votre demande de crédit présentée par l’entremise de ${input.dealer.name} a été refusée.`
          : `${input.applicantName}, on ${input.date} your application for credit made through ${input.dealer.name} was declined.`,
        `${input.dealer.name}, ${input.dealer.address}, ${input.dealer.phone}`,
      ],
    },
    {
      heading: fr ? "Raisons principales" : "Principal reasons",
      lines: reasons.length > 0 ? reasons : [fr ? "Vous pouvez demander les raisons précises dans les 60 jours; nous vous répondrons dans les 30 jours." : "You may ask for the specific reasons within 60 days; we will tell you within 30 days of your request."],
    },
    {
      heading: fr ? "Avis de l’Equal Credit Opportunity Act" : "Equal Credit Opportunity Act notice",
      lines: [
        fr
          ? "La loi fédérale Equal Credit Opportunity Act interdit aux créanciers toute discrimination envers un demandeur de crédit fondée sur la race, la couleur, la religion, l’origine nationale, le sexe, l’état civil ou l’âge (si le demandeur a la capacité de contracter), parce que tout ou partie de son revenu provient d’un programme d’aide publique, ou parce qu’il a exercé de bonne foi un droit prévu par la Consumer Credit Protection Act."
          : "The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act.",
        fr ? `L’organisme fédéral qui veille au respect de cette loi pour ce créancier est la ${FTC}.` : `The federal agency that administers compliance with this law concerning this creditor is the ${FTC}.`,
      ],
    },
  ];
  if (input.score) {
    sections.push({
      heading: fr ? "Rapport de consommateur et cote utilisés" : "Consumer report and credit score used",
      lines: [
        fr
          ? `Notre décision s’appuie en tout ou en partie sur des renseignements obtenus de ${b.name}, ${b.address}, ${b.phone}. Cette agence n’a pas pris la décision et ne peut pas vous en donner les raisons.`
          : `Our decision was based in whole or in part on information obtained from ${b.name}, ${b.address}, ${b.phone}. The reporting agency played no part in our decision and is unable to supply specific reasons for it.`,
        fr
          ? "Vous avez le droit d’obtenir gratuitement une copie de votre rapport auprès de cette agence si vous la demandez dans les 60 jours, et de contester l’exactitude ou l’exhaustivité de tout renseignement qu’il contient."
          : "You have a right to a free copy of your report from the reporting agency if you request it no later than 60 days after you receive this notice, and to dispute the accuracy or completeness of any information in it.",
        fr
          ? `Votre cote de crédit : ${input.score.value} (échelle ${b.range}), en date du ${input.score.date}, source : ${b.name}. Facteurs clés : ${reasons.join("; ") || "aucun"}.`
          : `Your credit score: ${input.score.value} (range ${b.range}), as of ${input.score.date}, source: ${b.name}. Key factors: ${reasons.join("; ") || "none"}.`,
      ],
    });
  }
  return { title: fr ? "Avis de refus de crédit" : "Notice of action taken on your credit application", sections };
}
