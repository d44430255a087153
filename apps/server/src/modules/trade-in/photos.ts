import { TRADE_IN_PHOTO_MAX_EDGE, type TradeInPhotoAngle } from "@showroom/domain";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { FastifyBaseLogger } from "fastify";
import { newFileKey, type FileStorage } from "../../platform/file-storage.ts";
import type { PhotoRow, TradeInRepo } from "./repo.ts";

/** The media types a trade-in photo may have, read from its bytes (never from its name or the Content-Type sent). */
export const PHOTO_MEDIA_TYPES = ["image/jpeg", "image/png"] as const;
/** A picture larger than this (in pixels) is refused before it is decoded: a small PNG can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 64_000_000;
const JPEG_QUALITY = 82;
const FOLDER = "trade-in-photos";

/** What the bytes are, when they are a JPEG or PNG picture; null for anything else. */
export async function photoMediaType(bytes: Buffer): Promise<(typeof PHOTO_MEDIA_TYPES)[number] | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && (PHOTO_MEDIA_TYPES as readonly string[]).includes(type.mime) ? (type.mime as (typeof PHOTO_MEDIA_TYPES)[number]) : null;
}

/**
 * A photo as it is kept: turned upright by its EXIF orientation, no larger than TRADE_IN_PHOTO_MAX_EDGE on its
 * longer edge, a baseline JPEG, and without any metadata (sharp writes none unless asked with withMetadata or
 * keepExif): no GPS position, no camera serial, no date. A picture that cannot be decoded throws.
 */
export async function reencodePhoto(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: TRADE_IN_PHOTO_MAX_EDGE, height: TRADE_IN_PHOTO_MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Photos of trade-ins: an upload is stored as sent and answered at once ("processing"); it is re-encoded in the
 * background, one at a time (the machine has two cores, and requests need one), and then "uploaded" or "error".
 * Uploads a stopped process left are taken up again by `resume` at start-up.
 */
export function tradeInPhotoStore(deps: { repo: TradeInRepo; files: FileStorage; now: () => Date; log: FastifyBaseLogger }) {
  const { repo, files } = deps;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  async function process(row: PhotoRow) {
    const uploadKey = row.uploadKey;
    if (!uploadKey) return;
    const upload = await files.get(uploadKey);
    let outcome: Partial<PhotoRow> = { status: "error", uploadKey: null, updatedAt: deps.now() };
    let storedKey: string | null = null;
    if (upload) {
      try {
        const photo = await reencodePhoto(upload.bytes);
        storedKey = newFileKey(FOLDER);
        await files.put(storedKey, photo.data, "image/jpeg");
        outcome = { status: "uploaded", uploadKey: null, storageKey: storedKey, bytes: photo.data.length, width: photo.width, height: photo.height, updatedAt: deps.now() };
      } catch (error) {
        deps.log.warn({ err: error, photo: row.id }, "a trade-in photo could not be re-encoded");
      }
    }
    const recorded = await repo.finishPhoto(row.id, uploadKey, outcome);
    // Replaced or removed while it was re-encoded: the new file belongs to nothing.
    if (!recorded && storedKey) await files.delete(storedKey);
    await files.delete(uploadKey);
  }

  function schedule(row: PhotoRow) {
    pending += 1;
    queue = queue
      .then(() => process(row))
      .catch((error: unknown) => deps.log.error({ err: error, photo: row.id }, "trade-in photo processing failed"))
      .finally(() => void (pending -= 1));
  }

  return {
    /** Stores an upload already checked to be a JPEG or PNG, in the angle's place, and queues its re-encoding. */
    async upload(tradeInId: number, angle: TradeInPhotoAngle, bytes: Buffer, mediaType: string): Promise<PhotoRow> {
      const uploadKey = newFileKey(`${FOLDER}-uploads`);
      await files.put(uploadKey, bytes, mediaType);
      const at = deps.now();
      const { previous, row } = await repo.replacePhoto({ tradeInId, angle, status: "processing", uploadKey, storageKey: null, bytes: bytes.length, createdAt: at, updatedAt: at });
      if (previous) await removeFiles(previous);
      schedule(row);
      return row;
    },
    async remove(tradeInId: number, angles: readonly TradeInPhotoAngle[]) {
      for (const row of await repo.removePhotos(tradeInId, angles)) await removeFiles(row);
    },
    /** The processed picture of an angle, when there is one. */
    async read(tradeInId: number, angle: TradeInPhotoAngle) {
      const row = await repo.photo(tradeInId, angle);
      if (!row || row.status !== "uploaded" || !row.storageKey) return null;
      return files.get(row.storageKey);
    },
    /** Start-up: uploads left "processing" by a stopped process are re-encoded now. */
    async resume() {
      const rows = await repo.processingPhotos();
      rows.forEach(schedule);
      return rows.length;
    },
    /** Resolves once every queued photo is processed (closing waits for it). */
    async idle() {
      while (pending > 0) await queue;
    },
  };

  async function removeFiles(row: PhotoRow) {
    // An upload being re-encoded is left to its job, which finds the row gone and removes its files.
    if (row.storageKey) await files.delete(row.storageKey);
  }
}
export type TradeInPhotoStore = ReturnType<typeof tradeInPhotoStore>;
