/**
 * The add-ons a shopper put on a deal: accessories (and which of them the dealership installs) and
 * protection plans. The storefront keeps one per vehicle; a pricing call carries it (accessories,
 * install_accessories_ids, protections) and a saved deal stores it (accessory_ids, protection_ids).
 */
export type AddOnSelection = { accessories: number[]; install_accessories_ids: number[]; protections: number[] };

export const EMPTY_ADD_ON_SELECTION: AddOnSelection = { accessories: [], install_accessories_ids: [], protections: [] };

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The same selection in one canonical form: ids sorted and unique, installs only of chosen accessories. */
export function normalizeAddOnSelection(selection: AddOnSelection): AddOnSelection {
  const accessories = sorted(selection.accessories);
  return {
    accessories,
    install_accessories_ids: sorted(selection.install_accessories_ids.filter((id) => accessories.includes(id))),
    protections: sorted(selection.protections),
  };
}

/** A text that two equal selections share (order and repeats aside), to compare or to key on. */
export function addOnSelectionKey(selection: AddOnSelection): string {
  const s = normalizeAddOnSelection(selection);
  return `a:${s.accessories.join(",")}|i:${s.install_accessories_ids.join(",")}|p:${s.protections.join(",")}`;
}

export function parseAddOnSelectionKey(key: string): AddOnSelection | null {
  const match = /^a:([\d,]*)\|i:([\d,]*)\|p:([\d,]*)$/.exec(key);
  if (!match) return null;
  const ids = (text: string) => (text === "" ? [] : text.split(",").map(Number));
  return normalizeAddOnSelection({ accessories: ids(match[1]!), install_accessories_ids: ids(match[2]!), protections: ids(match[3]!) });
}

export const isEmptyAddOnSelection = (selection: AddOnSelection) => selection.accessories.length === 0 && selection.protections.length === 0;

/** What a priced payment option holds of the add-ons (its accessories_prices and protections_prices). */
export function addOnSelectionOfOption(option: {
  accessories_prices: readonly { id: number; installed: boolean }[];
  protections_prices: readonly { id: number }[];
}): AddOnSelection {
  return normalizeAddOnSelection({
    accessories: option.accessories_prices.map((a) => a.id),
    install_accessories_ids: option.accessories_prices.filter((a) => a.installed).map((a) => a.id),
    protections: option.protections_prices.map((p) => p.id),
  });
}

/** Adds or removes one accessory; a removed accessory is no longer installed. */
export function withAccessory(selection: AddOnSelection, id: number, on: boolean): AddOnSelection {
  const accessories = on ? [...selection.accessories, id] : selection.accessories.filter((a) => a !== id);
  return normalizeAddOnSelection({ ...selection, accessories });
}

export function withInstallation(selection: AddOnSelection, id: number, installed: boolean): AddOnSelection {
  const install = installed ? [...selection.install_accessories_ids, id] : selection.install_accessories_ids.filter((a) => a !== id);
  return normalizeAddOnSelection({ ...selection, install_accessories_ids: install });
}

export function withPlan(selection: AddOnSelection, id: number, on: boolean): AddOnSelection {
  const protections = on ? [...selection.protections, id] : selection.protections.filter((p) => p !== id);
  return normalizeAddOnSelection({ ...selection, protections });
}

/** The selection without these plans (those a payment type does not take). */
export const withoutPlans = (selection: AddOnSelection, ids: readonly number[]) =>
  normalizeAddOnSelection({ ...selection, protections: selection.protections.filter((p) => !ids.includes(p)) });
