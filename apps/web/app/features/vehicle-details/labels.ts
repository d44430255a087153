import { catalogues, type MessageKey, type Translate } from "../../i18n/index.ts";

/** A code's translated label when the catalogue has one, else the value itself. */
export function facetLabelFor(prefix: string, value: string, t: Translate): string {
  const key = `${prefix}.${value}`;
  return key in catalogues.en ? t(key as MessageKey) : value;
}
