import type { BuildApi } from "./build-api.ts";
import { storeBuildState } from "./build-storage.ts";
import type { BuildErrorKey } from "./use-build.ts";

export type TrimSwitch =
  | { kind: "opened"; vehicleId: number }
  | { kind: "refused"; message: string }
  | { kind: "failed"; key: BuildErrorKey };

/**
 * Spec 4, alternative configurator: the server checks the other trim with the shopper's choices. Valid, the
 * matching vehicle's build is created with the choices that trim offers and kept for it, so its page opens
 * on them; invalid, nothing changes and the server's reasons are shown.
 */
export async function switchTrim(
  api: BuildApi,
  input: { year: number; make: string; model: string; current: string | null; choice: string; selected: readonly string[] },
): Promise<TrimSwitch> {
  try {
    const result = await api.checkTrimConfiguration({
      year: input.year,
      make: input.make,
      model: input.model,
      prev_selected_options: input.current ? [input.current, ...input.selected] : [...input.selected],
      selected_options: [input.choice, ...input.selected],
    });
    if (!result.is_valid) return { kind: "refused", message: [result.problem_reason, ...result.problems].filter(Boolean).join(" ") };
    if (!result.matching_vehicle) return { kind: "failed", key: "build.error.no_matching_trim" };
    const vehicleId = result.matching_vehicle.id;
    const build = await api.createState(vehicleId, result.resulting_selection.filter((code) => !code.startsWith("trim:")));
    storeBuildState(vehicleId, { id: build.uid, codes: build.state.selected, options_price: build.state.prices.options_msrp });
    return { kind: "opened", vehicleId };
  } catch {
    return { kind: "failed", key: "build.error.cannot_fetch_steps" };
  }
}
