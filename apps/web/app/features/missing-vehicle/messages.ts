import { fillTemplate, languageOf, type Locale } from "@showroom/domain";

/** The words of the details page opened without a vehicle (details/), with the page only. */
const MESSAGES = {
  en: {
    title: "Which vehicle?",
    page_title: "Vehicle details | {{dealer}}",
    text: "This address opens a vehicle's details, but it does not say which vehicle. Choose one from the vehicle list.",
    text_no_list: "This address opens a vehicle's details, but it does not say which vehicle. The dealership's website lists its vehicles.",
    to_list: "See the vehicle list",
    to_website: "Go to the dealership's website",
  },
  fr: {
    title: "Quel véhicule?",
    page_title: "Détails du véhicule | {{dealer}}",
    text: "Cette adresse ouvre les détails d’un véhicule, mais elle ne précise pas lequel. Choisissez-en un dans la liste des véhicules.",
    text_no_list: "Cette adresse ouvre les détails d’un véhicule, mais elle ne précise pas lequel. Le site Web de la concession présente ses véhicules.",
    to_list: "Voir la liste des véhicules",
    to_website: "Aller au site Web de la concession",
  },
} as const satisfies Record<"en" | "fr", Record<string, string>>;

export type MissingVehicleKey = keyof (typeof MESSAGES)["en"];

export const missingVehicleTranslator = (locale: Locale) => (key: MissingVehicleKey, values: Record<string, string> = {}) =>
  fillTemplate(MESSAGES[languageOf(locale)][key], values);
