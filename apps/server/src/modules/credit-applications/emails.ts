import type { AdverseActionNotice, CreditDecision } from "@showroom/domain";

type Language = "en" | "fr";

/** The credit application page of a deal (the storefront's credit-application route, under its prefixes). */
export const creditApplicationLink = (publicUrl: string, dealerCode: string, orderId: number, language: Language) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/credit-application/?order=${orderId}`;

const OUTCOME: Record<CreditDecision, { en: string; fr: string }> = {
  approved: { en: "Your credit application was approved.", fr: "Votre demande de crédit a été approuvée." },
  awaiting_dealer: {
    en: "Your credit application is awaiting approval: the dealership will contact you shortly.",
    fr: "Votre demande de crédit est en attente d’approbation : la concession communiquera avec vous sous peu.",
  },
  further_verification: {
    en: "Your credit application needs further verification: the dealership will ask you for a few documents.",
    fr: "Votre demande de crédit doit faire l’objet d’une vérification supplémentaire : la concession vous demandera quelques documents.",
  },
  declined: { en: "Your credit application was not approved.", fr: "Votre demande de crédit n’a pas été approuvée." },
};

const noticeText = (notice: AdverseActionNotice) => [notice.title, ...notice.sections.flatMap((s) => ["", s.heading, ...s.lines])].join("\n");

/** The lender's answer, with the written adverse-action notice of a US decline in the message itself. */
export function decisionEmail(input: { language: Language; dealerName: string; firstName: string; link: string; decision: CreditDecision; notice: AdverseActionNotice | null; demonstration: boolean }) {
  const fr = input.language === "fr";
  const demo = input.demonstration ? (fr ? "\n\n(Décision d’un prêteur de démonstration.)" : "\n\n(Decision of a demonstration lender.)") : "";
  const notice = input.notice ? `\n\n${noticeText(input.notice)}` : "";
  return {
    subject: fr ? `${input.dealerName} : réponse à votre demande de crédit` : `${input.dealerName}: your credit application`,
    text: fr
      ? `Bonjour ${input.firstName},\n\n${OUTCOME[input.decision].fr}\n\nVoir votre demande : ${input.link}${notice}${demo}\n\n${input.dealerName}`
      : `Hello ${input.firstName},\n\n${OUTCOME[input.decision].en}\n\nSee your application: ${input.link}${notice}${demo}\n\n${input.dealerName}`,
  };
}
