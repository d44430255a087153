import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A stored file and the media type it was stored with. */
export type StoredFile = { bytes: Buffer; contentType: string };

/**
 * Where uploaded files live, outside the web root and served only through the routes that check who asks
 * (OWASP file upload: generated names, never the client's). Keys are chosen by the server (`newFileKey`).
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    files: FileStorage;
  }
}

/** Lower-case letters, digits and hyphens, in segments separated by "/": no dots, so no "..", no hidden files. */
const KEY_PATTERN = /^[a-z0-9-]{1,64}(\/[a-z0-9-]{1,64}){0,4}$/;

/** A fresh random key under a folder of the caller's ("trade-ins"): 128 random bits, never a name the client sent. */
export function newFileKey(folder: string): string {
  const key = `${folder}/${randomBytes(16).toString("hex")}`;
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage folder: ${folder}`);
  return key;
}

/** Files under a folder of this machine (config.dataDir/uploads); each with a small sidecar holding its media type. */
export function localFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  /** The file of a key, refused unless the key has the server's shape and stays under the folder. */
  function fileOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error("invalid storage key");
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error("invalid storage key");
    return file;
  }
  const typeFile = (file: string) => `${file}.type`;
  const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.partial`;
      await writeFile(typeFile(file), contentType, { mode: 0o600 });
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(typeFile(file), "utf8")]);
        return { bytes, contentType };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(typeFile(file), { force: true })]);
    },
  };
}

/** `app.files`: the local folder under the data directory (an S3-compatible store can take its place behind the same interface). */
export const fileStoragePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("files", localFileStorage(path.join(app.config.dataDir, "uploads")));
  },
  { name: "file-storage", dependencies: ["platform"] },
);
