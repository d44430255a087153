import type { BuildStateWire, ChangeRequest, ConfigurationStateWire, Trim } from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

export type BuildImage = { src: string; alt_en: string; alt_fr: string; view: "front" | "side" };
export type BuildDifference = { code: string; name: string; name_fr: string; group_id: number; change: "added" | "removed"; msrp: number };
export type TrimConfigurationCheck = {
  year: number;
  make: string;
  model: string;
  prev_selected_options: string[];
  selected_options: string[];
};
export type TrimConfigurationResult = {
  is_valid: boolean;
  resulting_selection: string[];
  problems: string[];
  problem_reason: string | null;
  matching_vehicle: { id: number } | null;
};
export type BuildDifferences = { differences: BuildDifference[]; prices: { before: number; after: number } };

const BASE = "/api/build-and-price";

/** The config query of spec 7: `selected` as a comma list, then the change (swap is "NEW,OLD"). */
export function configQuery(selected: readonly string[], change: ChangeRequest = {}): string {
  const params = new URLSearchParams();
  params.set("selected", selected.join(","));
  if (change.add?.length) params.set("add", change.add.join(","));
  if (change.remove?.length) params.set("remove", change.remove.join(","));
  if (change.swap) params.set("swap", [...change.swap.add, ...change.swap.remove].join(","));
  return params.toString();
}

/** The build-and-price calls (spec 7, "Build and price"). */
export function createBuildApi(client: ApiClient) {
  const state = (uid: string) => `${BASE}/build-state/${encodeURIComponent(uid)}/`;
  return {
    trim: (trimId: number) => client.get<Trim>(`${BASE}/trims/${trimId}/`),
    /** The state of `selected`, or of a change to it: a conflict comes back in the state, not as an error. */
    config: (trimId: number, selected: readonly string[], change?: ChangeRequest) =>
      client.get<ConfigurationStateWire>(`${BASE}/trims/${trimId}/config/?${configQuery(selected, change)}`),
    premiumPaints: (oem: string) => client.get<{ oem: string; codes: string[] }>(`${BASE}/premium-paints/?oem=${encodeURIComponent(oem)}`),
    images: (vehicleId: number, uid: string | null) =>
      client.get<{ results: BuildImage[] }>(`${BASE}/build-images/?vehicle_id=${vehicleId}${uid ? `&build_state_id=${encodeURIComponent(uid)}` : ""}`),
    createState: (vehicle: number, options: readonly string[] = []) =>
      client.post<BuildStateWire>(`${BASE}/build-state/`, { source: "BP_VDP", vehicle, options }),
    fetchState: (uid: string) => client.get<BuildStateWire>(state(uid)),
    /** last_date_of_change_checked: staff saving a change to a build its deposit holds checked the order's Last Date of Change. */
    updateState: (uid: string, options: readonly string[], postDeposit?: { last_date_of_change_checked: boolean }) =>
      client.request<BuildStateWire>("PATCH", state(uid), { options, ...postDeposit }),
    removeState: (uid: string) => client.request<null>("DELETE", state(uid)),
    generate: (vehicle: number, options: readonly string[]) =>
      client.post<{ state: ConfigurationStateWire; images: BuildImage[] }>(`${BASE}/build-state/generate_build_state/`, { vehicle, options }),
    /** The alternative configurator's check of a selection (a trim choice among them). */
    checkTrimConfiguration: (check: TrimConfigurationCheck) => client.post<TrimConfigurationResult>(`${BASE}/trim-configuration/`, check),
    compare: (uid: string, vehicle: number, options: readonly string[]) =>
      client.post<BuildDifferences>(`${state(uid)}compare_build_state/`, { uid, vehicle, options }),
  };
}
export type BuildApi = ReturnType<typeof createBuildApi>;
