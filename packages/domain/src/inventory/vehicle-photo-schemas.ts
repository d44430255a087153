import { z } from "zod";
import { rowIdTextSchema } from "../schemas/ids.ts";
import { validationMessage } from "../validation-messages.ts";
import { MAX_ASKED_PHOTO_WIDTH, PHOTO_FORMATS } from "./vehicle-photo.ts";

// The image route's input, apart from vehicle-photo.ts: the pages import that one, and these schemas need not reach the browser.

/** The `{id}/photos/{n}/` part of a photo's address: the vehicle, and which of its feed photos (from 0). */
export const vehiclePhotoParamsSchema = z.object({
  id: rowIdTextSchema(validationMessage("vehicle_number")),
  n: z.coerce
    .number({ error: validationMessage("photo_number") })
    .int(validationMessage("photo_number"))
    .min(0, validationMessage("photo_number"))
    .max(99, validationMessage("photo_number")),
});

/**
 * `w`: the width wanted (snapped to PHOTO_WIDTHS); `format`: avif, webp or jpeg instead of the Accept header's
 * choice; `v`: the short hash of the feed's photo address the page was given, so the address changes when the
 * feed's photo does (the answer is then cached for a year).
 */
export const vehiclePhotoQuerySchema = z.object({
  w: z.coerce
    .number({ error: validationMessage("photo_width") })
    .int(validationMessage("photo_width"))
    .min(1, validationMessage("photo_width"))
    .max(MAX_ASKED_PHOTO_WIDTH, validationMessage("photo_width"))
    .optional(),
  format: z.enum(PHOTO_FORMATS, validationMessage("photo_format")).optional(),
  v: z.string().regex(/^[0-9a-f]{1,32}$/, validationMessage("photo_version")).optional(),
});
