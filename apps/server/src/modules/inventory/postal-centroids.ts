import { createRequire } from "node:module";
import { centroidKey, type LatLng } from "@showroom/domain";

type ZipRecord = { latitude: number; longitude: number } | undefined;
let lookup: ((key: string) => ZipRecord) | null = null;

/**
 * Centre of a Canadian FSA or US ZIP from the offline `zipcodes` tables; loaded on first use so its
 * 5 MB of data never slows the start-up. Unknown codes give null (no distance, never an error).
 */
export async function lookupCentroid(postalOrZip: string): Promise<LatLng | null> {
  const key = centroidKey(postalOrZip);
  if (!key) return null;
  lookup ??= (createRequire(import.meta.url)("zipcodes") as { lookup: (key: string) => ZipRecord }).lookup;
  const record = lookup(key);
  return record ? { lat: record.latitude, lng: record.longitude } : null;
}
