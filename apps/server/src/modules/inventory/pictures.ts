import { pictureSlug as slug } from "@showroom/domain";

export const PICTURE_ANGLES = [0, 1, 2] as const;

/** Drawn pictures stand in for photos a feed did not send, so no card or gallery is ever empty. */
export function generatedPictureUrls(vehicle: { bodyType: string; exteriorColorNormalized: string }): string[] {
  return PICTURE_ANGLES.map(
    (angle) => `/api/quickshop/inventory/pictures/${slug(vehicle.bodyType)}/${slug(vehicle.exteriorColorNormalized)}/${angle}.svg`,
  );
}
