import { formatMoney, type Currency, type Locale } from "../format.ts";
import { cents } from "../money.ts";
import { type PricingErrorCode, type PricingFieldError } from "./field-errors.ts";

type Params = Record<string, string | number>;
type Message = (params: Params, money: (amount: string | number | undefined) => string) => string;

/** What a shopper reads for each refused quote, in both languages; money params are cents. */
const MESSAGES: Record<PricingErrorCode, { en: Message; fr: Message }> = {
  required: { en: () => "This field is required.", fr: () => "Ce champ est obligatoire." },
  negative: { en: () => "Enter an amount of 0 or more.", fr: () => "Entrez un montant égal ou supérieur à 0." },
  not_an_integer: { en: () => "Enter a whole number.", fr: () => "Entrez un nombre entier." },
  above_price_cap: {
    en: (p, m) => `Enter an amount of at most ${m(p.max)}.`,
    fr: (p, m) => `Entrez un montant d'au plus ${m(p.max)}.`,
  },
  term_not_offered: {
    en: (p) => `Choose a term the dealership offers: ${String(p.choices ?? "").split(",").join(", ")} months.`,
    fr: (p) => `Choisissez une durée offerte par le concessionnaire : ${String(p.choices ?? "").split(",").join(", ")} mois.`,
  },
  frequency_not_offered: {
    en: () => "Choose a payment frequency the dealership offers.",
    fr: () => "Choisissez une fréquence de paiement offerte par le concessionnaire.",
  },
  distance_allowance_not_offered: {
    en: () => "Choose a yearly distance the dealership offers.",
    fr: () => "Choisissez un kilométrage annuel offert par le concessionnaire.",
  },
  above_limit: {
    en: (p, m) => `The down payment can be at most ${m(p.max)} for this vehicle.`,
    fr: (p, m) => `La mise de fonds peut être d'au plus ${m(p.max)} pour ce véhicule.`,
  },
  nothing_to_finance: {
    en: () => "There is nothing left to finance: lower the down payment or the trade-in.",
    fr: () => "Il ne reste rien à financer : réduisez la mise de fonds ou la valeur d'échange.",
  },
  payment_not_positive: {
    en: () => "These settings leave no payment to make: lower the down payment or the trade-in.",
    fr: () => "Ces paramètres ne laissent aucun paiement : réduisez la mise de fonds ou la valeur d'échange.",
  },
  invalid_rate: {
    en: () => "We are not able to retrieve a payment for your selected configuration.",
    fr: () => "Nous ne pouvons pas obtenir de paiement pour la configuration choisie.",
  },
  invalid_date: { en: () => "Enter a valid date.", fr: () => "Entrez une date valide." },
  invalid_postal_code: {
    en: () => "Enter a postal code like M5V 3L9 or a ZIP code like 14202.",
    fr: () => "Entrez un code postal comme M5V 3L9 ou un code ZIP comme 14202.",
  },
  jurisdiction_not_supported: {
    en: () => "We cannot calculate taxes for this postal code or ZIP code yet.",
    fr: () => "Nous ne pouvons pas encore calculer les taxes pour ce code postal ou ce code ZIP.",
  },
};

export function pricingErrorMessage(error: PricingFieldError, locale: Locale, currency: Currency): string {
  const money = (amount: string | number | undefined) => formatMoney(cents(Number(amount ?? 0)), { locale, currency });
  const message = MESSAGES[error.code];
  return (locale === "fr-ca" ? message.fr : message.en)(error.params ?? {}, money);
}
