import { fillTemplate, languageOf } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import en from "./messages/picker.en.json";
import fr from "./messages/picker.fr.json";

/**
 * The compare toggle's and bar's few words live with the feature, not in the storefront catalogue: the list and
 * details pages carry them in their own chunk, and build and price (at the edge of its JavaScript budget) does not.
 */
export type PickerMessageKey = keyof typeof en;
export const pickerCatalogues: Record<"en" | "fr", Record<PickerMessageKey, string>> = { en, fr: fr satisfies Record<PickerMessageKey, string> };

export function usePickerI18n() {
  const { locale } = useI18n();
  const catalogue = pickerCatalogues[languageOf(locale)];
  return (key: PickerMessageKey, values: Record<string, string | number> = {}) => fillTemplate(catalogue[key], values);
}
