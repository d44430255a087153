import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyReply {
    /** Per-response nonce for the page's own inline scripts (React Router's hydration data). */
    scriptNonce: string;
  }
}

/** An origin a CSP may name: scheme, host and port only, so configured text can never add a directive. */
const CSP_ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * What Google Tag Manager and GA4 need (Google's documented CSP for the tag and GA4 measurement), for a page whose
 * dealership has tag ids; the browser still loads them only after the shopper's consent allows it.
 */
export const GOOGLE_TAG_SOURCES = {
  script: ["https://*.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

/** What Stripe's Elements need when the deposits take cards through Stripe (Stripe's documented CSP for Stripe.js). */
const STRIPE_SOURCES = { script: "https://js.stripe.com", frame: "https://js.stripe.com https://hooks.stripe.com", connect: "https://api.stripe.com" };

/**
 * A page's policy: its own scripts by nonce, and pictures from itself (feed photos too: the image route serves them,
 * so no feed's host is ever named). With `stripe`, Stripe.js
 * and its card frames may load (the card fields of the deposit step); with `googleTags` (the dealership has tag ids),
 * Google Tag Manager and GA4.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  options: { stripe?: boolean; chatOrigins?: readonly string[]; googleTags?: boolean } = {},
) {
  const stripe = options.stripe === true;
  // The dealership's chat provider (its one origin, as the domain names it): its loader, its frames, its calls, its pictures.
  const chat = (options.chatOrigins ?? []).filter((origin) => CSP_ORIGIN.test(origin));
  const also = (sources: readonly string[]) => sources.map((source) => ` ${source}`).join("");
  const google = options.googleTags === true;
  const tags = (kind: keyof typeof GOOGLE_TAG_SOURCES) => (google ? GOOGLE_TAG_SOURCES[kind] : []);
  const frames = [...(stripe ? [STRIPE_SOURCES.frame] : []), ...chat];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? ` ${STRIPE_SOURCES.script}` : ""}${also(chat)}${also(tags("script"))}`,
    ...(frames.length ? [`frame-src ${frames.join(" ")}`] : []),
    // Style attributes are part of React's output; scripts are what a nonce must guard.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...chat, ...tags("img")].join(" "),
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ` ${STRIPE_SOURCES.connect}` : ""}${also(chat)}${also(tags("connect"))}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Browser features no page of ours uses are off for it and anything it embeds; payment stays for our own pages. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(self), usb=(), xr-spatial-tracking=()";

/**
 * The headers Helmet sets with these options, worked out once: they are the same for every response, and
 * @fastify/helmet built Helmet's middleware anew for each request (a tenth of an API call's processor time).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }) {
  const headers = helmetHeaders({
    // Set per response below: JSON gets a closed policy, pages a nonce policy, the API docs their own.
    contentSecurityPolicy: false,
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Before the route, so a route may still set one of them its own way. A page's in-process API call (isInternalCall)
  // gets none: its answer never reaches a browser as it is, the page's own response carries them (and copying a
  // dozen headers for each of a page's calls was a few percent of a details page's processor time).
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.isInternalCall) reply.headers(headers);
    done();
  });
  // Drawn when a response first asks for it (a page or its policy), not for each API call a page makes in-process.
  const nonces = new WeakMap<FastifyReply, string>();
  app.decorateReply("scriptNonce", {
    getter(this: FastifyReply) {
      let nonce = nonces.get(this);
      if (nonce === undefined) nonces.set(this, (nonce = randomBytes(16).toString("base64")));
      return nonce;
    },
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.isInternalCall) return done(null, payload);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (!reply.hasHeader("content-security-policy")) {
      const type = String(reply.getHeader("content-type") ?? "");
      if (type.startsWith("text/html")) reply.header("content-security-policy", pageContentSecurityPolicy(reply.scriptNonce));
      else if (request.url.startsWith("/api/")) reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    }
    done(null, payload);
  });
}
