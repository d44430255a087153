import { randomFillSync } from "node:crypto";

/**
 * Random bytes from the operating system's CSPRNG, drawn from a pool filled 4 KB at a time, as Node's own
 * randomUUID caches its entropy: every first request mints a session id and a CSRF nonce, and one RNG call per
 * token was a tenth of such a request's CPU. Each byte is handed out once and zeroed as it is.
 */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

/** `bytes` random bytes (at most 4,096) as base64url. */
export function randomToken(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > pool.length) throw new RangeError(`randomToken: ${bytes} bytes`);
  if (drawn + bytes > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const token = pool.toString("base64url", drawn, drawn + bytes);
  pool.fill(0, drawn, drawn + bytes);
  drawn += bytes;
  return token;
}
