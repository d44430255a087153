/** Labels of the static lists; English values are the stored codes themselves. */
export const STATIC_LABELS: Record<"en" | "fr", Record<string, string>> = {
  en: { semimonthly: "Semi-monthly", weekly: "Weekly", biweekly: "Bi-weekly", monthly: "Monthly" },
  fr: {
    Black: "Noir", White: "Blanc", Silver: "Argent", Grey: "Gris", Blue: "Bleu", Red: "Rouge", Green: "Vert",
    Brown: "Brun", Beige: "Beige", Gold: "Or", Orange: "Orange", Yellow: "Jaune", Purple: "Violet",
    Automatic: "Automatique", Manual: "Manuelle",
    Diesel: "Diesel", Gasoline: "Essence", Electric: "Électrique", Hybrid: "Hybride", "Plug-in Hybrid": "Hybride rechargeable",
    weekly: "Hebdomadaire", biweekly: "Aux deux semaines", semimonthly: "Bimensuel", monthly: "Mensuel",
  },
};
