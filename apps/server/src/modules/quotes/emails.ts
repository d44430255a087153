import type { Language } from "@showroom/domain";

/** The quote's page in the storefront, with the token that lets the link read it before sign-in. */
export const quoteLink = (publicUrl: string, dealerCode: string, language: Language, flowId: number, token: string) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/quotes/${flowId}/?token=${encodeURIComponent(token)}`;

/** The email that sends a personalized quote: who prepared it, until when it holds, the staff's message and the link. */
export function quoteEmail(input: {
  language: Language;
  dealerName: string;
  firstName: string;
  vehicle: string;
  staffName: string;
  optionCount: number;
  expiry: string;
  message: string | null;
  link: string;
}) {
  const fr = input.language === "fr";
  const note = input.message ? ["", input.message] : [];
  return fr
    ? {
        subject: `Votre soumission personnalisée pour le ${input.vehicle}`,
        text: [
          `Bonjour ${input.firstName},`,
          "",
          `${input.staffName}, de ${input.dealerName}, vous a préparé une soumission de ${input.optionCount} option${input.optionCount > 1 ? "s" : ""} pour le ${input.vehicle}. Elle est valide jusqu’au ${input.expiry} inclusivement.`,
          ...note,
          "",
          `Comparez les options et réservez celle qui vous convient : ${input.link}`,
          "",
          input.dealerName,
        ].join("\n"),
      }
    : {
        subject: `Your personalized quote for the ${input.vehicle}`,
        text: [
          `Hello ${input.firstName},`,
          "",
          `${input.staffName} at ${input.dealerName} prepared a quote of ${input.optionCount} option${input.optionCount > 1 ? "s" : ""} for the ${input.vehicle}. It holds until ${input.expiry} inclusive.`,
          ...note,
          "",
          `Compare the options and reserve the one that suits you: ${input.link}`,
          "",
          input.dealerName,
        ].join("\n"),
      };
}
