import { cents, formatMoney } from "@showroom/domain";
import type { StaffBuildEdit } from "../build-and-price/build-states.ts";
import type { DepositRow } from "./repo.ts";

type Language = "en" | "fr";

/** The deal's deposit in the storefront (the orders route, its #deposit step). */
export const depositLink = (publicUrl: string, dealerCode: string, language: Language, orderId: number) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/orders/?order=${orderId}#deposit`;

const localeOf = (language: Language, currency: "cad" | "usd") => (language === "fr" ? "fr-ca" : currency === "usd" ? "en-us" : "en-ca");
const day = (language: Language, currency: "cad" | "usd", at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : currency === "usd" ? "en-US" : "en-CA", { dateStyle: "long", timeZone }).format(at);

/**
 * The deposit's receipt (transactions reference 1: a receipt states the amount, whether and how it is refundable,
 * and when a hold ends), and the word that it was captured, released, refunded or let go.
 */
export function depositEmail(input: {
  event: "placed" | "confirmed" | "canceled" | "expired" | "refunded";
  language: Language;
  dealerName: string;
  firstName: string;
  vehicle: string;
  deposit: DepositRow;
  timeZone: string;
  link: string;
}) {
  const { deposit, language, dealerName } = input;
  const fr = language === "fr";
  const money = (amount: number) => formatMoney(cents(amount), { locale: localeOf(language, deposit.currency), currency: deposit.currency });
  const total = money(deposit.totalCents);
  const card = `${deposit.cardBrand ?? ""} •••• ${deposit.cardLast4 ?? ""}`.trim();
  const until = deposit.holdDeadline ? day(language, deposit.currency, deposit.holdDeadline, input.timeZone) : null;
  const fee = deposit.cancellationFeeCents > 0 && !deposit.refundableOnRequest ? money(deposit.cancellationFeeCents) : null;
  const refundTerms = fr
    ? fee
      ? `Vous pouvez demander le remboursement de votre dépôt; des frais d’annulation de ${fee} s’appliquent.`
      : "Votre dépôt vous est remboursé au complet sur demande tant qu’aucun contrat n’est signé."
    : fee
      ? `You may ask for your deposit back; a cancellation fee of ${fee} applies.`
      : "Your deposit is refunded in full whenever you ask, as long as no contract is signed.";
  const lines: Record<typeof input.event, { en: string; fr: string; subjectEn: string; subjectFr: string }> = {
    placed:
      deposit.status === "pre_authorized"
        ? {
            subjectEn: `Your deposit on the ${input.vehicle}`,
            subjectFr: `Votre dépôt pour le ${input.vehicle}`,
            en: `${total} is held on your card (${card}) to reserve the ${input.vehicle} for you. Nothing is charged unless you buy; the hold ends on ${until} at the latest. ${refundTerms}`,
            fr: `${total} est retenu sur votre carte (${card}) pour vous réserver le ${input.vehicle}. Rien n’est débité à moins que vous achetiez; la retenue prend fin le ${until} au plus tard. ${refundTerms}`,
          }
        : {
            subjectEn: `Your deposit on the ${input.vehicle}`,
            subjectFr: `Votre dépôt pour le ${input.vehicle}`,
            en: `${total} was charged to your card (${card}) as a deposit to reserve the ${input.vehicle} for you. ${refundTerms}`,
            fr: `${total} a été débité de votre carte (${card}) à titre de dépôt pour vous réserver le ${input.vehicle}. ${refundTerms}`,
          },
    confirmed: {
      subjectEn: "Your deposit was captured",
      subjectFr: "Votre dépôt a été encaissé",
      en: `The ${total} held on your card (${card}) was captured by ${dealerName}. ${refundTerms}`,
      fr: `Les ${total} retenus sur votre carte (${card}) ont été encaissés par ${dealerName}. ${refundTerms}`,
    },
    canceled: {
      subjectEn: "Your deposit was released",
      subjectFr: "Votre dépôt a été libéré",
      en: `The hold of ${total} on your card (${card}) was released: nothing was charged. The vehicle is no longer reserved for you.`,
      fr: `La retenue de ${total} sur votre carte (${card}) a été libérée : rien n’a été débité. Le véhicule ne vous est plus réservé.`,
    },
    expired: {
      subjectEn: "Your deposit's hold has ended",
      subjectFr: "La retenue de votre dépôt a pris fin",
      en: `The hold of ${total} on your card (${card}) ended after 7 days: nothing was charged and the vehicle is no longer reserved. Place a new deposit to reserve it again.`,
      fr: `La retenue de ${total} sur votre carte (${card}) a pris fin après 7 jours : rien n’a été débité et le véhicule ne vous est plus réservé. Versez un nouveau dépôt pour le réserver de nouveau.`,
    },
    refunded: {
      subjectEn: "Your deposit was refunded",
      subjectFr: "Votre dépôt a été remboursé",
      en: `${money(deposit.refundedCents)} was refunded to your card (${card}); it shows on your statement within 5 to 10 business days.`,
      fr: `${money(deposit.refundedCents)} a été remboursé sur votre carte (${card}); le montant paraîtra sur votre relevé d’ici 5 à 10 jours ouvrables.`,
    },
  };
  const line = lines[input.event];
  return fr
    ? { subject: line.subjectFr, text: `Bonjour ${input.firstName},\n\n${line.fr}\n\nVotre offre : ${input.link}\n\n${dealerName}` }
    : { subject: line.subjectEn, text: `Hello ${input.firstName},\n\n${line.en}\n\nYour deal: ${input.link}\n\n${dealerName}` };
}

/** The build a deposit holds, changed by the dealership's staff (spec 4: the buyer is emailed after a dealer edit). */
export function postDepositEditEmail(input: {
  language: Language;
  currency: "cad" | "usd";
  dealerName: string;
  firstName: string;
  vehicle: string;
  edit: StaffBuildEdit;
  link: string;
}) {
  const { language, edit, dealerName } = input;
  const fr = language === "fr";
  const money = (amount: number) => formatMoney(cents(amount), { locale: localeOf(language, input.currency), currency: input.currency });
  const changes = edit.changes.differences.map((d) => {
    const name = fr ? d.name_fr || d.name : d.name;
    const price = d.msrp > 0 ? ` (${money(d.msrp)})` : "";
    return fr ? `- ${d.change === "added" ? "Ajouté" : "Retiré"} : ${name}${price}` : `- ${d.change === "added" ? "Added" : "Removed"}: ${name}${price}`;
  });
  const { before, after } = edit.changes.prices;
  const staff = edit.editor.staffName;
  return fr
    ? {
        subject: `Votre configuration du ${input.vehicle} a été modifiée`,
        text: [
          `Bonjour ${input.firstName},`,
          "",
          `${staff}, de ${dealerName}, a modifié la configuration du ${input.vehicle} que votre dépôt vous réserve :`,
          ...changes,
          "",
          `PDSF total : ${money(before)} avant, ${money(after)} maintenant. Votre dépôt reste sur votre offre.`,
          `Si vous n’avez pas demandé ce changement, communiquez avec ${dealerName}.`,
          "",
          `Votre offre : ${input.link}`,
          "",
          dealerName,
        ].join("\n"),
      }
    : {
        subject: `Your build of the ${input.vehicle} was changed`,
        text: [
          `Hello ${input.firstName},`,
          "",
          `${staff} at ${dealerName} changed the build of the ${input.vehicle} your deposit reserves for you:`,
          ...changes,
          "",
          `Total MSRP: ${money(before)} before, ${money(after)} now. Your deposit stays on your deal.`,
          `If you did not ask for this change, please contact ${dealerName}.`,
          "",
          `Your deal: ${input.link}`,
          "",
          dealerName,
        ].join("\n"),
      };
}
