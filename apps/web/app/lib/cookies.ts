/** Reads one cookie from a Cookie header (server) or document.cookie (browser). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Whether the browser brings a session cookie (named __Host-sessionid when served over https). */
export const hasSessionCookie = (header: string | null | undefined) =>
  readCookie(header, "sessionid") !== null || readCookie(header, "__Host-sessionid") !== null;

export function serializeCookie(name: string, value: string, maxAgeDays = 365) {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeDays * 86400}; SameSite=Lax`;
}
