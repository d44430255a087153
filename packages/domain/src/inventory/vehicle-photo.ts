/**
 * Feed photos are served by the storefront's image route, resized to one of these widths: a page's `srcset`
 * names them, and any other width asked is snapped to the next one up, so the cache holds a few sizes per photo
 * rather than one per pixel asked.
 */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The width of a photo address that names none (structured data, e-mails, a saved deal's picture). */
export const DEFAULT_PHOTO_WIDTH: PhotoWidth = 1280;
/** The largest width a request may ask (it is snapped down to the largest of PHOTO_WIDTHS). */
export const MAX_ASKED_PHOTO_WIDTH = 4096;

export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The smallest width of the set at least as wide as asked; the largest of the set for anything wider. */
export function snapPhotoWidth(asked: number): PhotoWidth {
  return PHOTO_WIDTHS.find((width) => width >= asked) ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
}

/**
 * The best format the client accepts, from its Accept header: AVIF, then WebP, then JPEG (which every browser
 * shows). Only a type named outright counts (browsers that decode AVIF or WebP say so); `image/*` and a q of 0
 * do not.
 */
export function negotiatePhotoFormat(accept: string | undefined | null): PhotoFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (type && Number.isFinite(weight) && weight > 0) accepted.add(type);
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return "jpeg";
}

export const PHOTO_MEDIA_TYPES: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

const PHOTO_ROUTE = /^\/api\/quickshop\/inventory\/\d+\/photos\/\d+\/(\?|$)/;

/** Whether an address is a feed photo served by the image route (drawn pictures are not: they are drawings that scale). */
export const isVehiclePhotoUrl = (url: string): boolean => PHOTO_ROUTE.test(url);

/** The photo's address at one width of the set. */
export function vehiclePhotoAt(url: string, width: PhotoWidth): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

/** A `srcset` of the photo at each width of the set up to `maxWidth`. */
export function vehiclePhotoSrcSet(url: string, maxWidth: PhotoWidth = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!): string {
  return PHOTO_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${vehiclePhotoAt(url, width)} ${width}w`)
    .join(", ");
}
