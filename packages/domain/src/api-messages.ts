/**
 * Messages the API returns, by key. English is the contract's text; every key has its French.
 * The server resolves them for the request language; clients show them as they come.
 */
export const API_MESSAGES = {
  dealership_not_found: { en: "Dealership not found.", fr: "Concession introuvable." },
  dealer_code_required: {
    en: "The X-Dealer-Code header is required.",
    fr: "L’en-tête X-Dealer-Code est obligatoire.",
  },
  dealership_mismatch: {
    en: "You do not have access to this dealership.",
    fr: "Vous n’avez pas accès à cette concession.",
  },
  not_found: { en: "Not found.", fr: "Introuvable." },
  resource_not_found: {
    en: "Requested resource was not found on this server.",
    fr: "La ressource demandée est introuvable sur ce serveur.",
  },
  session_expired: {
    en: "Your session has expired. Please sign in again.",
    fr: "Votre session a expiré. Veuillez vous reconnecter.",
  },
  not_authenticated: {
    en: "Authentication credentials were not provided.",
    fr: "Les informations d’authentification n’ont pas été fournies.",
  },
  csrf_missing: { en: "CSRF Failed: CSRF token missing.", fr: "Échec CSRF : jeton CSRF manquant." },
  csrf_incorrect: { en: "CSRF Failed: CSRF token incorrect.", fr: "Échec CSRF : jeton CSRF incorrect." },
  csrf_origin: {
    en: "CSRF Failed: Origin checking failed - {{origin}} does not match any trusted origins.",
    fr: "Échec CSRF : l’origine {{origin}} ne correspond à aucune origine de confiance.",
  },
  json_parse_error: {
    en: "JSON parse error - the request body is not valid JSON.",
    fr: "Erreur d’analyse JSON : le corps de la requête n’est pas un JSON valide.",
  },
  unsupported_media_type: {
    en: "Unsupported media type in request.",
    fr: "Type de média non pris en charge dans la requête.",
  },
  body_too_large: { en: "The request body is too large.", fr: "Le corps de la requête est trop volumineux." },
  throttled: {
    en: "Request was throttled. Expected available in {{seconds}} seconds.",
    fr: "Trop de requêtes. Réessayez dans {{seconds}} secondes.",
  },
  something_went_wrong: { en: "Something went wrong.", fr: "Une erreur s’est produite." },
  field_required: { en: "This field is required.", fr: "Ce champ est obligatoire." },
  invalid_value: { en: "Enter a valid value.", fr: "Entrez une valeur valide." },
  language_not_offered: {
    en: "This dealership does not offer that language.",
    fr: "Cette concession n’offre pas cette langue.",
  },
  service_unavailable: {
    en: "The service is temporarily unavailable.",
    fr: "Le service est temporairement indisponible.",
  },
  permission_denied: {
    en: "You do not have permission to perform this action.",
    fr: "Vous n’avez pas la permission d’effectuer cette action.",
  },
  pricing_locked: {
    en: "Sign in to see prices and payments at this dealership.",
    fr: "Connectez-vous pour voir les prix et les paiements de cette concession.",
  },
  second_factor_required: {
    en: "Confirm your sign-in with your one-time code first.",
    fr: "Confirmez d’abord votre connexion avec votre code à usage unique.",
  },
  feed_refused: {
    en: "The feed was refused; nothing was changed.",
    fr: "Le flux a été refusé; rien n’a été modifié.",
  },
  dealership_not_in_group: {
    en: "Choose dealerships of this dealership's group.",
    fr: "Choisissez des concessions du groupe de cette concession.",
  },
  vehicle_unavailable: {
    en: "This vehicle is no longer available.",
    fr: "Ce véhicule n’est plus disponible.",
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type ApiMessageKey = keyof typeof API_MESSAGES;

export function apiMessage(key: ApiMessageKey, language: "en" | "fr", values: Record<string, string | number> = {}): string {
  return API_MESSAGES[key][language].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
