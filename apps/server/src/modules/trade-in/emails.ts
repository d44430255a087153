import { formatMoney, type Cents } from "@showroom/domain";

type Language = "en" | "fr";

/**
 * The link that opens a trade-in in the storefront (the contract's `tradein` route, under the language and
 * dealer-code prefixes every route accepts, as the deal links are), e.g. on the shopper's phone.
 */
export const tradeInLink = (publicUrl: string, dealerCode: string, vid: string, language: Language) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/tradein/?trade_in=${encodeURIComponent(vid)}`;

const vehicleTitle = (t: { year: number | null; make: string | null; model: string | null }) => [t.year, t.make, t.model].filter(Boolean).join(" ");

/** "Continue on your phone": the link to the trade-in, to take its photos with the phone's camera. */
export function mobileViewEmail(input: { language: Language; dealerName: string; firstName: string; link: string; vehicle: { year: number | null; make: string | null; model: string | null } }) {
  const { dealerName, firstName, link } = input;
  const title = vehicleTitle(input.vehicle);
  if (input.language === "fr") {
    return {
      subject: `Continuez l’évaluation de votre véhicule d’échange sur votre téléphone`,
      text: `Bonjour ${firstName},\n\nOuvrez ce lien sur votre téléphone pour continuer l’évaluation de votre véhicule d’échange${title ? ` (${title})` : ""} et prendre ses photos :\n${link}\n\nPour votre sécurité, un code de connexion vous sera envoyé à cette adresse.\n\n${dealerName}`,
    };
  }
  return {
    subject: "Continue your trade-in on your phone",
    text: `Hello ${firstName},\n\nOpen this link on your phone to continue your trade-in${title ? ` (${title})` : ""} and take its photos:\n${link}\n\nFor your security, a sign-in code will be sent to this address.\n\n${dealerName}`,
  };
}

/** The dealership made an offer on the shopper's trade-in. */
export function offerEmail(input: {
  language: Language;
  dealerName: string;
  firstName: string;
  link: string;
  amount: Cents;
  currency: "cad" | "usd";
  expiresAt: Date;
  timeZone: string;
  vehicle: { year: number | null; make: string | null; model: string | null };
}) {
  const { dealerName, firstName, link } = input;
  const locale = input.language === "fr" ? "fr-ca" : input.currency === "usd" ? "en-us" : "en-ca";
  const amount = formatMoney(input.amount, { locale, currency: input.currency });
  const until = new Intl.DateTimeFormat(locale.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`), { dateStyle: "long", timeStyle: "short", timeZone: input.timeZone }).format(input.expiresAt);
  const title = vehicleTitle(input.vehicle);
  if (input.language === "fr") {
    return {
      subject: `Offre pour votre véhicule d’échange${title ? ` : ${title}` : ""}`,
      text: `Bonjour ${firstName},\n\n${dealerName} vous offre ${amount} pour votre véhicule d’échange${title ? ` (${title})` : ""}. Cette offre est valable jusqu’au ${until}.\n\nPour l’accepter ou la refuser :\n${link}\n\n${dealerName}`,
    };
  }
  return {
    subject: `An offer for your trade-in${title ? `: ${title}` : ""}`,
    text: `Hello ${firstName},\n\n${dealerName} offers ${amount} for your trade-in${title ? ` (${title})` : ""}. The offer stands until ${until}.\n\nTo accept or decline it:\n${link}\n\n${dealerName}`,
  };
}
