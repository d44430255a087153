import { addOnSelectionKey, EMPTY_ADD_ON_SELECTION, normalizeAddOnSelection, type AddOnSelection } from "@showroom/domain";
import { useEffect, useRef, useState } from "react";
import { storeAddOns, storedAddOns } from "./add-on-storage.ts";

/** Spec 4, "Add-on prices": a change of protection plans reprices the payment 1000 ms after the last one. */
export const PLAN_RATE_DEBOUNCE_MS = 1000;

const samePlans = (a: AddOnSelection, b: AddOnSelection) => a.protections.join(",") === b.protections.join(",");

/**
 * The add-ons chosen for a vehicle: those the browser kept (the latest choice, made on this page or a build step),
 * else the saved deal's. `priced` is what the payment is priced with: it follows at once for accessories, and
 * after PLAN_RATE_DEBOUNCE_MS of calm for plans.
 */
export function useAddOnSelection(vehicleId: number, saved: { accessory_ids: number[]; protection_ids: number[] } | null) {
  const initial = saved ? normalizeAddOnSelection({ accessories: saved.accessory_ids, install_accessories_ids: [], protections: saved.protection_ids }) : EMPTY_ADD_ON_SELECTION;
  const [selection, setSelection] = useState<AddOnSelection>(initial);
  const [priced, setPriced] = useState<AddOnSelection>(initial);
  const restored = useRef(false);

  // The browser's copy is read after hydration (the server cannot see it).
  useEffect(() => {
    restored.current = true;
    const kept = storedAddOns(vehicleId);
    if (kept) {
      setSelection(kept);
      setPriced(kept);
    }
  }, [vehicleId]);

  const key = addOnSelectionKey(selection);
  useEffect(() => {
    if (!restored.current) return;
    storeAddOns(vehicleId, selection);
    if (samePlans(selection, priced)) {
      setPriced(selection);
      return;
    }
    const timer = window.setTimeout(() => setPriced(selection), PLAN_RATE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  return { selection, priced, setSelection };
}
