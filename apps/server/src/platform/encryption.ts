import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets kept at rest (authenticator-app secrets). The key is derived from
 * DATA_ENCRYPTION_KEY per purpose, and the associated data binds a ciphertext to its owner (e.g. the
 * user id), so a value copied to another row does not decrypt.
 */
const VERSION = "v1";

function keyFor(masterKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(masterKey, "utf8"), Buffer.alloc(0), `showroom:${purpose}`, 32));
}

export function encryptSecret(masterKey: string, purpose: string, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(masterKey, purpose), iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plaintext, or null when the value was tampered with, moved to another owner or made with another key. */
export function decryptSecret(masterKey: string, purpose: string, sealed: string, associatedData: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(masterKey, purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
