import { randomBytes } from "node:crypto";

/** Lower-case letters, digits and hyphens, in segments separated by "/": no dots, so no "..", no hidden files. */
export const KEY_PATTERN = /^[a-z0-9-]{1,64}(\/[a-z0-9-]{1,64}){0,4}$/;

/** The key, when it has the server's shape (folders of lower-case letters, digits and hyphens); throws otherwise. */
export function assertFileKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error("invalid storage key");
  return key;
}

/** A fresh random key under a folder of the caller's ("trade-ins"): 128 random bits, never a name the client sent. */
export function newFileKey(folder: string): string {
  const key = `${folder}/${randomBytes(16).toString("hex")}`;
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage folder: ${folder}`);
  return key;
}
