import { isVehiclePhotoUrl, vehiclePhotoAt, vehiclePhotoSrcSet, type PhotoWidth } from "@showroom/domain";

/**
 * The <img> attributes of a vehicle's picture. A feed photo (served by the image route) gets a `srcset` of the route's
 * widths and the layout's `sizes`, so the browser fetches the size it shows; `src` is the width older browsers get.
 * A drawn picture (an SVG that scales) keeps its one address.
 */
export function vehiclePictureAttributes(url: string, sizes: string, fallbackWidth: PhotoWidth): { src: string; srcSet?: string; sizes?: string } {
  if (!isVehiclePhotoUrl(url)) return { src: url };
  return { src: vehiclePhotoAt(url, fallbackWidth), srcSet: vehiclePhotoSrcSet(url), sizes };
}

/** A small picture (a thumbnail of at most 96 CSS pixels, 3 device pixels each): the narrowest width of the set. */
export function vehicleThumbnailUrl(url: string): string {
  return isVehiclePhotoUrl(url) ? vehiclePhotoAt(url, 320) : url;
}
