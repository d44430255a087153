/**
 * Messages of the shared validation schemas. Schemas carry the English text (zod needs one string);
 * the API and the browser swap in the French one for French visitors through `localizeValidationMessage`.
 */
export const VALIDATION_MESSAGES = {
  required: { en: "This field is required.", fr: "Ce champ est obligatoire." },
  rate: { en: "Enter an interest rate from 0 to 30, like 4.99.", fr: "Entrez un taux d’intérêt de 0 à 30, comme 4,99." },
  too_many: { en: "There are too many items in this list.", fr: "Cette liste contient trop d’éléments." },
  name: {
    en: "Enter 2 to 30 letters, without digits or special characters.",
    fr: "Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux.",
  },
  email: { en: "Enter a valid email address.", fr: "Entrez une adresse courriel valide." },
  phone: { en: "Enter a 10-digit phone number, like (416) 555-0142.", fr: "Entrez un numéro de téléphone à 10 chiffres, comme (416) 555-0142." },
  url: { en: "Enter a valid address (URL).", fr: "Entrez une adresse (URL) valide." },
  too_long: { en: "This value is too long.", fr: "Cette valeur est trop longue." },
  whole_number: { en: "Enter a whole number.", fr: "Entrez un nombre entier." },
  not_negative: { en: "Enter a number of 0 or more.", fr: "Entrez un nombre égal ou supérieur à 0." },
  too_large: { en: "This number is too large.", fr: "Ce nombre est trop grand." },
  year: { en: "Enter a year like 2024.", fr: "Entrez une année, comme 2024." },
  amount: { en: "Enter an amount in dollars, like 450 or 450.50.", fr: "Entrez un montant en dollars, comme 450 ou 450,50." },
  page: { en: "Enter a page number of 1 or more.", fr: "Entrez un numéro de page égal ou supérieur à 1." },
  page_size: { en: "Enter a page size from 1 to 200.", fr: "Entrez une taille de page de 1 à 200." },
  sort: { en: "Choose a sort order from the list.", fr: "Choisissez un ordre de tri dans la liste." },
  condition: { en: "Choose new, used or cpo.", fr: "Choisissez new, used ou cpo." },
  stock_type: { en: "Choose stock types from the list.", fr: "Choisissez des types de stock dans la liste." },
  features: { en: "Choose features from the list.", fr: "Choisissez des caractéristiques dans la liste." },
  payment_type: { en: "Choose cash, finance or lease.", fr: "Choisissez cash, finance ou lease." },
  postal_or_zip: {
    en: "Enter a postal code like M5V 3L9 or a ZIP code like 14202.",
    fr: "Entrez un code postal comme M5V 3L9 ou un code ZIP comme 14202.",
  },
  vehicle_id: { en: "Use a vehicle id or a 17-character VIN.", fr: "Utilisez un identifiant de véhicule ou un NIV de 17 caractères." },
  vin: { en: "Use a 17-character VIN.", fr: "Utilisez un NIV de 17 caractères." },
  payment_frequency: { en: "Choose weekly, biweekly, semimonthly or monthly.", fr: "Choisissez weekly, biweekly, semimonthly ou monthly." },
  credit_score: { en: "Enter a credit score from 300 to 900.", fr: "Entrez une cote de crédit de 300 à 900." },
  postal_code: { en: "Enter a valid postal code, like M5V 3L9.", fr: "Entrez un code postal valide, comme M5V 3L9." },
  zip_code: { en: "Enter a valid 5-digit ZIP code, like 14202.", fr: "Entrez un code ZIP valide à 5 chiffres, comme 14202." },
  phone_ca: { en: "Enter a valid phone number, like (416) 555-0142.", fr: "Entrez un numéro de téléphone valide, comme (416) 555-0142." },
  phone_us: { en: "Enter a valid phone number, like 716-555-0142.", fr: "Entrez un numéro de téléphone valide, comme 716-555-0142." },
  disclosure_required: { en: "Please accept the disclosure to continue.", fr: "Veuillez accepter la divulgation pour continuer." },
  terms_required: { en: "Please accept terms to proceed.", fr: "Veuillez accepter les conditions pour continuer." },
  code: { en: "Enter the 6-digit code.", fr: "Entrez le code à 6 chiffres." },
  choice: { en: "Please select a valid choice.", fr: "Veuillez sélectionner un choix valide." },
  city: { en: "Enter a valid city name.", fr: "Entrez un nom de ville valide." },
  company: { en: "Enter a valid company name.", fr: "Entrez un nom d’entreprise valide." },
  sin: { en: "Enter a valid social insurance number.", fr: "Entrez un numéro d’assurance sociale valide." },
  order_id: { en: "Use the id of one of your saved deals.", fr: "Utilisez l’identifiant de l’une de vos offres enregistrées." },
  step_status: { en: "Use a step status from 0 to 4.", fr: "Utilisez un statut d’étape de 0 à 4." },
  step_key: { en: "Use a known step.", fr: "Utilisez une étape connue." },
  not_found: { en: "Requested resource was not found on this server.", fr: "La ressource demandée est introuvable sur ce serveur." },
  password_min: { en: "Use at least 12 characters.", fr: "Utilisez au moins 12 caractères." },
  boolean: { en: "Choose true or false.", fr: "Choisissez true ou false." },
  option_code: { en: "Use option codes of 1 to 40 characters.", fr: "Utilisez des codes d’option de 1 à 40 caractères." },
  option_codes: { en: "Send at most 400 option codes.", fr: "Envoyez au plus 400 codes d’option." },
  swap: { en: "Give two codes: the one to add, then the one to remove.", fr: "Donnez deux codes : celui à ajouter, puis celui à retirer." },
  trim_id: { en: "Use a trim id (a whole number).", fr: "Utilisez un identifiant de version (un nombre entier)." },
  vehicle_number: { en: "Use the id of a vehicle (a whole number).", fr: "Utilisez l’identifiant d’un véhicule (un nombre entier)." },
  row_id: { en: "Use a valid id (a whole number from 1 to 2147483647).", fr: "Utilisez un identifiant valide (un nombre entier de 1 à 2147483647)." },
  build_state_uid: { en: "Use the id of a build.", fr: "Utilisez l’identifiant d’une configuration." },
  vin_characters: {
    en: "A VIN has letters and digits only, without I, O or Q.",
    fr: "Un NIV ne contient que des lettres et des chiffres, sans I, O ni Q.",
  },
  vin_check_digit: {
    en: "This VIN is not valid: check each character against the vehicle's registration.",
    fr: "Ce NIV n’est pas valide : vérifiez chaque caractère sur le certificat d’immatriculation.",
  },
  payments_left_max: { en: "Please enter a value lower than the maximum (96).", fr: "Veuillez entrer une valeur inférieure au maximum (96)." },
  loan_balance_too_high: {
    en: "This balance is too high for the payments left: check the amount.",
    fr: "Ce solde est trop élevé pour les paiements restants : vérifiez le montant.",
  },
  positive: { en: "Enter an amount greater than 0.", fr: "Entrez un montant supérieur à 0." },
  discard_confirm: {
    en: "Tick the box to confirm you want to discard this trade-in.",
    fr: "Cochez la case pour confirmer que vous voulez abandonner ce véhicule d’échange.",
  },
  appointment_datetime: {
    en: "Choose a date and time from the calendar.",
    fr: "Choisissez une date et une heure dans le calendrier.",
  },
  appointment_kind: {
    en: "Choose the dealership, your home or your work.",
    fr: "Choisissez la concession, votre domicile ou votre travail.",
  },
  appointment_address_required: {
    en: "Enter the address where we bring the vehicle.",
    fr: "Entrez l’adresse où nous apporterons le véhicule.",
  },
  page_path: { en: "Send the address of the current page.", fr: "Envoyez l’adresse de la page en cours." },
  street: { en: "Enter a street address.", fr: "Entrez une adresse municipale." },
  province: { en: "Choose a province or state from the list.", fr: "Choisissez une province ou un État dans la liste." },
  model_year: { en: "Enter a model year like 2026.", fr: "Entrez une année-modèle, comme 2026." },
  language: { en: "Choose en or fr.", fr: "Choisissez en ou fr." },
  document_type: { en: "Choose a kind of document from the list.", fr: "Choisissez un type de document dans la liste." },
  notify_me_confirmation_required: {
    en: "Please confirm that you want to be notified.",
    fr: "Veuillez confirmer que vous voulez être avisé.",
  },
  invalid_location: { en: "Invalid location, please try again", fr: "Emplacement invalide, veuillez réessayer" },
  no_cents: { en: "Please do not include cents", fr: "Veuillez ne pas inclure les cents" },
  years: { en: "Enter a number of years (a whole number).", fr: "Entrez un nombre d’années (un nombre entier)." },
  months: { en: "Enter a number of months from 0 to 11.", fr: "Entrez un nombre de mois de 0 à 11." },
  date: { en: "Enter a valid date.", fr: "Entrez une date valide." },
  date_not_future: { en: "Enter a date that is not in the future.", fr: "Entrez une date qui n’est pas dans le futur." },
  date_of_birth_adult: { en: "Applicants must be 18 or older.", fr: "Les demandeurs doivent avoir 18 ans ou plus." },
  signature_required: { en: "Please sign by typing your full name.", fr: "Veuillez signer en tapant votre nom complet." },
  accuracy_required: {
    en: "Please confirm that the information you gave is accurate and complete.",
    fr: "Veuillez confirmer que les renseignements fournis sont exacts et complets.",
  },
  email_confirm: { en: "The email addresses do not match.", fr: "Les adresses courriel ne correspondent pas." },
  middle_initial: { en: "Enter one letter.", fr: "Entrez une seule lettre." },
  extension: { en: "Enter an extension of up to 6 digits.", fr: "Entrez un poste d’au plus 6 chiffres." },
  card_incomplete: { en: "Your card number is incomplete.", fr: "Le numéro de votre carte est incomplet." },
  card_number: { en: "Your card number is not valid.", fr: "Le numéro de votre carte n’est pas valide." },
  card_expiry: { en: "Enter the card's expiry month and year; it must not have passed.", fr: "Entrez le mois et l’année d’expiration de la carte; elle ne doit pas être expirée." },
  card_cvc: { en: "Enter the card's security code (3 digits, 4 on American Express).", fr: "Entrez le code de sécurité de la carte (3 chiffres, 4 sur American Express)." },
  coupon_code: { en: "Enter a code of letters, digits and hyphens.", fr: "Entrez un code de lettres, de chiffres et de traits d’union." },
  client_key: { en: "Send a key of 16 to 80 letters, digits, _ or -.", fr: "Envoyez une clé de 16 à 80 lettres, chiffres, _ ou -." },
  compare_ids: {
    en: "Choose 2 to 4 vehicles to compare: their ids separated by commas, like 12,7,31.",
    fr: "Choisissez de 2 à 4 véhicules à comparer : leurs identifiants séparés par des virgules, comme 12,7,31.",
  },
  search_filter: { en: "This is not a filter of the vehicle search.", fr: "Ce n’est pas un filtre de la recherche de véhicules." },
  search_ad_uid: { en: "Use the address of a search ad.", fr: "Utilisez l’adresse d’une annonce de recherche." },
  photo_number: { en: "Use the number of one of the vehicle's photos, from 0.", fr: "Utilisez le numéro de l’une des photos du véhicule, à partir de 0." },
  photo_width: { en: "Enter a width in pixels from 1 to 4096.", fr: "Entrez une largeur en pixels de 1 à 4096." },
  photo_format: { en: "Choose avif, webp or jpeg.", fr: "Choisissez avif, webp ou jpeg." },
  photo_version: { en: "Use the photo address the vehicle gives.", fr: "Utilisez l’adresse de photo que donne le véhicule." },
} as const satisfies Record<string, { en: string; fr: string }>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const validationMessage = (key: ValidationMessageKey): string => VALIDATION_MESSAGES[key].en;

const FRENCH_BY_ENGLISH = new Map<string, string>(Object.values(VALIDATION_MESSAGES).map((m) => [m.en, m.fr]));

export function localizeValidationMessage(message: string, language: "en" | "fr"): string {
  return language === "fr" ? (FRENCH_BY_ENGLISH.get(message) ?? message) : message;
}
