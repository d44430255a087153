import { fillTemplate, languageOf, type Locale } from "@showroom/domain";

/**
 * The search ads' words (the public page, and staff's action on the vehicle list, which loads after the page): with the
 * feature, so the storefront catalogue that every page's first view carries does not grow.
 */
const MESSAGES = {
  en: {
    page_title: "{{title}} | {{dealer}}",
    incomplete_page_title: "Vehicle list link | {{dealer}}",
    eyebrow: "Vehicles selected by {{dealer}}",
    filters: "Vehicles matching:",
    all_vehicles: "All of the dealership's available vehicles",
    results: "{{count}} vehicles available",
    results_one: "1 vehicle available",
    none: "No vehicle matches this selection right now. See the whole vehicle list for others.",
    to_list: "See the whole vehicle list",
    missing_title: "This list of vehicles is no longer available",
    missing_text: "The link may have been withdrawn by the dealership, or it was copied incompletely.",
    incomplete_title: "This link is incomplete",
    incomplete_text: "A shared list of vehicles opens from a link that ends with its code, and this one has none. Ask for the link again, or browse all of the vehicles.",
    create: "Create a search ad from this search",
    create_intro: "Publish this search as a public, read-only list anyone can open from a link. It lists the vehicles matching these filters when it is opened.",
    title_label: "Title of the ad",
    title_default: "Our selection",
    submit: "Create the search ad",
    cancel: "Cancel",
    creating: "Creating…",
    created: "Search ad created. Share its link:",
    link_label: "Link of the search ad",
    copy: "Copy link",
    copied: "Link copied",
    copy_failed: "The link could not be copied: select it and copy it yourself.",
    failed: "The search ad could not be created.",
  },
  fr: {
    page_title: "{{title}} | {{dealer}}",
    incomplete_page_title: "Lien vers une liste de véhicules | {{dealer}}",
    eyebrow: "Véhicules choisis par {{dealer}}",
    filters: "Véhicules correspondant à :",
    all_vehicles: "Tous les véhicules disponibles de la concession",
    results: "{{count}} véhicules disponibles",
    results_one: "1 véhicule disponible",
    none: "Aucun véhicule ne correspond à cette sélection pour le moment. Consultez la liste complète des véhicules.",
    to_list: "Voir la liste complète des véhicules",
    missing_title: "Cette liste de véhicules n’est plus offerte",
    missing_text: "Le lien a peut-être été retiré par la concession, ou il a été copié de façon incomplète.",
    incomplete_title: "Ce lien est incomplet",
    incomplete_text: "Une liste de véhicules partagée s’ouvre à partir d’un lien qui se termine par son code, et celui-ci n’en a pas. Redemandez le lien ou parcourez tous les véhicules.",
    create: "Créer une annonce à partir de cette recherche",
    create_intro: "Publiez cette recherche comme une liste publique, en lecture seule, que tous peuvent ouvrir à partir d’un lien. Elle présente les véhicules correspondant à ces filtres au moment où on l’ouvre.",
    title_label: "Titre de l’annonce",
    title_default: "Notre sélection",
    submit: "Créer l’annonce",
    cancel: "Annuler",
    creating: "Création…",
    created: "Annonce créée. Partagez son lien :",
    link_label: "Lien de l’annonce",
    copy: "Copier le lien",
    copied: "Lien copié",
    copy_failed: "Le lien n’a pas pu être copié : sélectionnez-le et copiez-le vous-même.",
    failed: "L’annonce n’a pas pu être créée.",
  },
} as const satisfies Record<"en" | "fr", Record<string, string>>;

export type SearchAdsMessageKey = keyof (typeof MESSAGES)["en"];
export type SearchAdsTranslate = (key: SearchAdsMessageKey, values?: Record<string, string | number>) => string;

export const searchAdsTranslator =
  (locale: Locale): SearchAdsTranslate =>
  (key, values = {}) =>
    fillTemplate(MESSAGES[languageOf(locale)][key], values);
