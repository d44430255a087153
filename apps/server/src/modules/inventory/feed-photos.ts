import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PHOTO_MEDIA_TYPES, type PhotoFormat, type PhotoWidth } from "@showroom/domain";
import sharp from "sharp";
import { boundedCache } from "../../platform/bounded-cache.ts";
import type { PhotoFetchResult } from "./photo-fetch.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A short hash of a feed photo's address: the image route's address carries it, so it changes when the feed's photo does. */
export const photoVersion = (url: string) => sha256(url).slice(0, 12);

/** The image route's address of each feed photo of a vehicle (without a width: the page adds `w` from its srcset). */
export function feedPhotoUrls(vehicleId: number, images: readonly string[]): string[] {
  return images.map((url, n) => `/api/quickshop/inventory/${vehicleId}/photos/${n}/?v=${photoVersion(url)}`);
}

/** A picture larger than this (in pixels) is refused before it is decoded: a small PNG can unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
/** A photo that could not be fetched or decoded is not asked for again before this long (a dead host would slow every page). */
const FAILURE_PAUSE_MS = 60_000;

/** The photo at one width of the set, in one format: upright (EXIF orientation), never enlarged, without metadata. */
export async function encodePhoto(source: Buffer, width: PhotoWidth, format: PhotoFormat): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  if (format === "avif") return image.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 78 }).toBuffer();
  return image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

export type CachedPhoto = { bytes: Buffer; mediaType: string; etag: string; cache: "hit" | "miss" };

/**
 * Feed photos, fetched once and kept resized: a folder (shared by every server process on the machine, files
 * written whole and then renamed into place) holds each photo as fetched, keyed by its address, and each size and
 * format made of it. Requests for the same photo while it is being fetched or encoded wait for that work (one fetch,
 * one encoding per process). The folder is never pruned: a size of a photo the feed dropped stays until removed.
 */
export function feedPhotoStore(deps: {
  cacheDir: string;
  fetch: (url: string) => Promise<PhotoFetchResult>;
  onFailure?: (url: string, failure: string) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const inflight = new Map<string, Promise<unknown>>();
  const failedUntil = boundedCache<number>(2000);

  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const started = work().finally(() => inflight.delete(key));
    inflight.set(key, started);
    return started;
  }

  async function readOrNull(file: string): Promise<Buffer | null> {
    try {
      return await readFile(file);
    } catch {
      return null;
    }
  }

  async function writeWhole(file: string, bytes: Buffer) {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  }

  function failed(url: string, failure: string) {
    failedUntil.set(url, now() + FAILURE_PAUSE_MS);
    deps.onFailure?.(url, failure);
  }

  /** The photo as the feed's host sent it, from the folder or fetched (once); null when it cannot be had. */
  async function source(url: string, hash: string): Promise<Buffer | null> {
    const file = path.join(deps.cacheDir, "sources", hash.slice(0, 2), hash);
    const kept = await readOrNull(file);
    if (kept) return kept;
    if ((failedUntil.get(url) ?? 0) > now()) return null;
    const fetched = await deps.fetch(url);
    if (!fetched.ok) {
      failed(url, `${fetched.failure}${fetched.detail ? `: ${fetched.detail}` : ""}`);
      return null;
    }
    await writeWhole(file, fetched.bytes);
    return fetched.bytes;
  }

  return {
    /** The feed photo at `url` in one width and format, or null when it cannot be fetched or decoded. */
    async photo(url: string, width: PhotoWidth, format: PhotoFormat): Promise<CachedPhoto | null> {
      const hash = sha256(url);
      const file = path.join(deps.cacheDir, "sizes", hash.slice(0, 2), `${hash}-${width}.${format}`);
      const made = { mediaType: PHOTO_MEDIA_TYPES[format], etag: `"${hash.slice(0, 20)}-${width}-${format}"` };
      const kept = await readOrNull(file);
      if (kept) return { bytes: kept, cache: "hit", ...made };
      if ((failedUntil.get(url) ?? 0) > now()) return null;
      return once(`size:${file}`, async () => {
        const original = await once(`source:${hash}`, () => source(url, hash));
        if (!original) return null;
        let bytes: Buffer;
        try {
          bytes = await encodePhoto(original, width, format);
        } catch (error) {
          failed(url, `not decodable: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        }
        await writeWhole(file, bytes);
        return { bytes, cache: "miss" as const, ...made };
      });
    },
  };
}
export type FeedPhotoStore = ReturnType<typeof feedPhotoStore>;
