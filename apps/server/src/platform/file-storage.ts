import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { KEY_PATTERN } from "./file-keys.ts";
import { s3FileStorage } from "./s3-file-storage.ts";

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

export { assertFileKey, newFileKey } from "./file-keys.ts";

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

/** `app.files`: an S3-compatible bucket when S3_BUCKET is set, otherwise the local folder under the data directory. */
export const fileStoragePlugin = fp(
  async (app: FastifyInstance) => {
    const s3 = app.config.s3;
    if (s3) {
      const storage = s3FileStorage(s3);
      app.addHook("onClose", async () => storage.close());
      app.decorate("files", storage);
      return;
    }
    app.decorate("files", localFileStorage(path.join(app.config.dataDir, "uploads")));
  },
  { name: "file-storage", dependencies: ["platform"] },
);
