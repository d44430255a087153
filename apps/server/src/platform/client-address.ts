import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Headers the web tier adds when its loaders call the API on behalf of a browser. */
export const INTERNAL_KEY_HEADER = "x-showroom-internal-key";
export const INTERNAL_CLIENT_HEADER = "x-showroom-client-address";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The visitor's address: `request.ip` (which follows forwarded headers only from the proxies named
     * in TRUST_PROXY), or, for the web tier's own calls, the address of the browser it renders for.
     */
    clientAddress: string;
    /** The call comes from this process's web tier (it carries the per-process internal key). */
    isInternalCall: boolean;
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies in front of us (its types want a function). */
export function fastifyTrustProxy(setting: false | number | string[]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

function sameSecret(expected: Buffer, given: string | string[] | undefined) {
  if (typeof given !== "string") return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

/**
 * Server-rendered pages call the API over loopback; a key known only to this process lets those calls
 * speak for the browser's address, so one visitor's page loads are not everyone's, and a client cannot
 * pick its own address by sending a header.
 */
export function registerClientAddress(app: FastifyInstance, options: { internalKey: string }) {
  const key = Buffer.from(options.internalKey);
  app.decorateRequest("clientAddress", "");
  app.decorateRequest("isInternalCall", false);
  app.addHook("onRequest", (request: FastifyRequest, _reply, done) => {
    request.isInternalCall = sameSecret(key, request.headers[INTERNAL_KEY_HEADER]);
    const forwarded = request.headers[INTERNAL_CLIENT_HEADER];
    request.clientAddress = typeof forwarded === "string" && forwarded !== "" && request.isInternalCall ? forwarded : request.ip;
    done();
  });
}
