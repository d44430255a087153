import en from "../i18n/en.json";
import fr from "../i18n/fr.json";
import type { Catalogue } from "../i18n/index.ts";

/** Both catalogues, for tests that compare with their texts (the app loads them as chunks). */
export const catalogues: Record<"en" | "fr", Catalogue> = { en, fr: fr satisfies Catalogue };
