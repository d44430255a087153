import type { Language } from "../language.ts";

/**
 * French for the vehicle vocabulary feeds write in English: equipment and packages of the usual dealer
 * feeds (and of the demo's). A term nobody translated yet shows as the feed wrote it.
 */
const FRENCH_TERMS: Readonly<Record<string, string>> = {
  "adaptive cruise control": "Régulateur de vitesse adaptatif",
  "android auto": "Android Auto",
  "apple carplay": "Apple CarPlay",
  "backup camera": "Caméra de recul",
  "blind spot monitor": "Surveillance des angles morts",
  "dual-zone climate control": "Climatisation bizone",
  "heated front seats": "Sièges avant chauffants",
  "heated steering wheel": "Volant chauffant",
  "keyless entry": "Entrée sans clé",
  "lane keeping assist": "Aide au maintien de voie",
  "leather seats": "Sièges en cuir",
  "led headlights": "Phares à DEL",
  "navigation system": "Système de navigation",
  "panoramic sunroof": "Toit ouvrant panoramique",
  "power liftgate": "Hayon à commande électrique",
  "premium audio": "Système audio haut de gamme",
  "remote start": "Démarreur à distance",
  "third-row seating": "Troisième rangée de sièges",
  "tow package": "Attelage de remorquage",
  "trailer brake controller": "Contrôleur de freins de remorque",
  "wireless charging": "Recharge sans fil",
  "safety package": "Groupe Sécurité",
  "technology package": "Groupe Technologie",
  "towing package": "Groupe Remorquage",
  "winter package": "Groupe Hiver",
};

/** A feed's equipment or package name in the shopper's language: its French variant when given or known, else as written. */
export function vehicleTerm(text: string, language: Language, french?: string | null): string {
  if (language !== "fr") return text;
  if (french && french.trim() !== "") return french;
  return FRENCH_TERMS[text.trim().toLowerCase()] ?? text;
}
