export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

/** Great-circle distance, rounded to one decimal in the dealership's unit. */
export function distanceBetween(a: LatLng, b: LatLng, unit: "km" | "mi"): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round((unit === "km" ? km : km / KM_PER_MILE) * 10) / 10;
}

/** The part of a postal code or ZIP that centroid tables key on: a Canadian FSA or a five-digit ZIP. */
export function centroidKey(postalOrZip: string): string | null {
  const compact = postalOrZip.toUpperCase().replace(/[\s-]/g, "");
  if (/^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(compact)) return compact.slice(0, 3);
  if (/^\d{5}(\d{4})?$/.test(compact)) return compact.slice(0, 5);
  return null;
}
