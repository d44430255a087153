/**
 * Spec 3, "Local build state per vehicle": the browser remembers each vehicle's build state id so a
 * shopper who comes back continues the same build. The server remains the owner of what it holds.
 */
export const BUILD_STATES_KEY = "build-states";

export type LocalBuildState = { id: string; codes: string[]; options_price: number };

function readAll(): Record<string, LocalBuildState> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(BUILD_STATES_KEY) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, LocalBuildState>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, LocalBuildState>) {
  try {
    window.localStorage.setItem(BUILD_STATES_KEY, JSON.stringify(all));
  } catch {
    // Private browsing or a full storage: the build still works, it is just not remembered.
  }
}

export function storedBuildState(vehicleId: number): LocalBuildState | null {
  const kept = readAll()[String(vehicleId)];
  return kept && typeof kept.id === "string" && Array.isArray(kept.codes) ? kept : null;
}

export function storeBuildState(vehicleId: number, kept: LocalBuildState) {
  writeAll({ ...readAll(), [String(vehicleId)]: kept });
}

export function forgetBuildState(vehicleId: number) {
  const all = readAll();
  delete all[String(vehicleId)];
  writeAll(all);
}
