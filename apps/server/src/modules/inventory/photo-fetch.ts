import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { fileTypeFromBuffer } from "file-type";
import { isPublicAddress } from "../../platform/public-address.ts";

/** What the photo fetcher may do: it calls only addresses a dealer's feed gave, with these limits. */
export type PhotoFetchLimits = {
  /** The whole fetch (connection, redirects, body) must finish within this time. */
  timeoutMs: number;
  /** A body larger than this is refused (by its Content-Length, or as soon as it grows past it). */
  maxBytes: number;
  /**
   * Hosts (names or IP addresses) whose private or loopback addresses may be called: only for development and tests,
   * where the photo host is on this machine. Empty in production: only public addresses are called.
   */
  privateHosts: readonly string[];
};

/** The image types a feed photo may be, read from its first bytes (never from its name or Content-Type). */
export const FEED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

export type PhotoFetchFailure = "bad_url" | "private_address" | "status" | "too_large" | "timeout" | "network" | "not_an_image";
export type PhotoFetchResult = { ok: true; bytes: Buffer; mediaType: string } | { ok: false; failure: PhotoFetchFailure; detail?: string };

const MAX_REDIRECTS = 3;

class FetchFailure extends Error {
  constructor(
    readonly failure: PhotoFetchFailure,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * A DNS lookup that refuses a name resolving to any address that is not public (unless its host is allowed), used
 * as the connection's own lookup: the address checked is the address connected to, so a name cannot resolve to a
 * public address for the check and to a private one for the call (DNS rebinding).
 */
function guardedLookup(allowed: (host: string, address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((a) => !allowed(hostname, a.address));
      if (refused || addresses.length === 0) {
        const failure = new FetchFailure("private_address", `${hostname} resolves to ${refused?.address ?? "nothing"}`);
        return callback(Object.assign(failure, { code: "EPRIVATE" }), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** One GET, no redirect followed: the status, the Location, and the body within the limit. */
function getOnce(url: URL, limits: PhotoFetchLimits, deadline: number, lookup: LookupFunction) {
  return new Promise<{ status: number; location: string | undefined; body: Buffer }>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchFailure("timeout", "no time left"));
    const request = client.get(url, {
      lookup,
      headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8", "user-agent": "ShowroomPhotoFetcher/1.0" },
      agent: false,
    });
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const code = (error as { code?: string }).code;
      reject(error instanceof FetchFailure ? error : code === "EPRIVATE" ? new FetchFailure("private_address", error.message) : new FetchFailure("network", error.message));
      request.destroy();
    };
    const succeed = (value: { status: number; location: string | undefined; body: Buffer }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => fail(new FetchFailure("timeout", `no answer within ${limits.timeoutMs} ms`)), remaining);
    request.on("error", fail);
    request.on("response", (response) => {
      response.on("error", fail);
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        return succeed({ status, location: response.headers.location, body: Buffer.alloc(0) });
      }
      const declared = Number(response.headers["content-length"] ?? NaN);
      if (declared > limits.maxBytes) return fail(new FetchFailure("too_large", `${declared} bytes announced`));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(new FetchFailure("too_large", `more than ${limits.maxBytes} bytes`));
        chunks.push(chunk);
      });
      response.on("end", () => succeed({ status, location: undefined, body: Buffer.concat(chunks) }));
      response.on("aborted", () => fail(new FetchFailure("network", "the answer was cut short")));
    });
  });
}

/**
 * Fetches a feed photo: http or https only, public addresses only (unless the host is allowed in development),
 * at most 3 redirects (each checked the same way), within the time and size limits, and only when its bytes are an
 * image of FEED_PHOTO_TYPES. Never throws: a failure is a value.
 */
export async function fetchFeedPhoto(address: string, limits: PhotoFetchLimits): Promise<PhotoFetchResult> {
  const privateHosts = new Set(limits.privateHosts.map((h) => h.toLowerCase().replace(/^\[|\]$/g, "")));
  const allowed = (host: string, ip: string) => isPublicAddress(ip) || privateHosts.has(host.toLowerCase()) || privateHosts.has(ip.toLowerCase());
  const lookup = guardedLookup(allowed);
  const deadline = Date.now() + limits.timeoutMs;
  try {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { ok: false, failure: "bad_url", detail: "not an address" };
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, failure: "bad_url", detail: url.protocol };
      if (url.username || url.password) return { ok: false, failure: "bad_url", detail: "credentials in the address" };
      const host = url.hostname.replace(/^\[|\]$/g, "");
      // An address literal is connected to without a lookup: check it here.
      if (isIP(host) && !allowed(host, host)) return { ok: false, failure: "private_address", detail: host };
      const answer = await getOnce(url, limits, deadline, lookup);
      if (answer.status >= 300 && answer.status < 400 && answer.location && hop < MAX_REDIRECTS) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status !== 200) return { ok: false, failure: "status", detail: String(answer.status) };
      const type = await fileTypeFromBuffer(answer.body);
      if (!type || !(FEED_PHOTO_TYPES as readonly string[]).includes(type.mime)) return { ok: false, failure: "not_an_image", detail: type?.mime ?? "unknown" };
      return { ok: true, bytes: answer.body, mediaType: type.mime };
    }
  } catch (error) {
    if (error instanceof FetchFailure) return { ok: false, failure: error.failure, detail: error.message };
    return { ok: false, failure: "network", detail: error instanceof Error ? error.message : String(error) };
  }
}
