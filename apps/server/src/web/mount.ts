import fp from "fastify-plugin";
import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import type { WebLoadContext } from "@showroom/domain";
import type { Config } from "../config.ts";
import { pageContentSecurityPolicy } from "../platform/security-headers.ts";
import { answerForPage } from "../platform/view-serializer.ts";
import { PAGE_SESSION_HEADER, sessionCookieName, sessionCookieValue } from "../platform/sessions.ts";
import { loadWithRenderStepStore } from "./render-step-store.ts";
import { routeSubsets, type BuildRoute } from "./route-subsets.ts";

/** The cookie header the API will see, including a session minted by this very request. */
function effectiveCookieHeader(request: FastifyRequest, config: Config) {
  const secure = config.publicUrl.startsWith("https://");
  const cookies = { ...request.cookies, [sessionCookieName(secure)]: sessionCookieValue(config.sessionSecret, request.sessionId) };
  return Object.entries(cookies)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, String(value));
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : null,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

export async function mountWebApp(app: FastifyInstance, options: { config: Config; internalKey: string }) {
  const buildDir = options.config.webBuildDir!;
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!existsSync(serverEntry)) {
    app.log.warn(`web app not built (${serverEntry} missing): serving the API only; run npm run build`);
    return;
  }
  const build = await loadWithRenderStepStore(async () => (await import(pathToFileURL(serverEntry).href)) as ServerBuild);
  const mode = options.config.env === "production" ? "production" : "development";
  const handleAny = createRequestHandler(build, mode);
  // A request handler for each group of addresses, over the routes that may match them (made at its group's first
  // request; at most each place's fixed segments, plus "other" and "none", multiplied: 621 with today's routes).
  const subsets = routeSubsets(build.routes as Record<string, BuildRoute>);
  const handlers = new Map<string, RequestHandler>();
  const handlerFor = (pathname: string): RequestHandler => {
    const key = subsets.keyOf(pathname);
    if (key === null) return handleAny;
    let handler = handlers.get(key);
    if (!handler) {
      const routes = subsets.subset(key) as ServerBuild["routes"];
      const manifestRoutes = Object.fromEntries(Object.keys(routes).map((id) => [id, build.assets.routes[id]]));
      handler = createRequestHandler({ ...build, routes, assets: { ...build.assets, routes: manifestRoutes } }, mode);
      handlers.set(key, handler);
    }
    return handler;
  };

  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    // The build wrote .br and .gz copies (apps/web/precompress.mjs): sent as they are, not compressed per request.
    preCompressed: true,
    // Hashed assets never change under the same name.
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });

  /** A loader's API call, answered by the API routes of this very process (no socket, no compression). */
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  const callApiSharing = (pageSession: string | null): WebLoadContext["callApi"] => async (url, init) => {
    // A page still rendering while the server stops gets the answer any new request would (a closed instance cannot inject).
    if (closing) return new Response(null, { status: 503 });
    const requestHeaders = pageSession ? { ...init.headers, [PAGE_SESSION_HEADER]: pageSession } : init.headers;
    const answer = await app.inject({ method: init.method as HTTPMethods, url, headers: requestHeaders, ...(init.body !== undefined ? { payload: init.body } : {}) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
    }
    const body = answer.rawPayload;
    const viewAnswer = answerForPage(answer.raw.req);
    return {
      status: answer.statusCode,
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      headers,
      // As Response.json(): an empty or malformed body is a SyntaxError. A view route's answer comes as its object.
      json: async () => viewAnswer ?? JSON.parse(answer.payload),
      arrayBuffer: async () => {
        const bytes = viewAnswer === undefined ? body : Buffer.from(JSON.stringify(viewAnswer));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    };
  };

  app.all("/*", { schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const context: WebLoadContext = {
      callApi: callApiSharing(app.sessionControls.sharePageSession(request, reply)),
      cookieHeader: effectiveCookieHeader(request, options.config),
      clientAddress: request.clientAddress,
      internalKey: options.internalKey,
      nonce: reply.scriptNonce,
      defaultDealerCode: options.config.defaultDealerCode,
      publicOrigin: options.config.publicUrl,
      responseCookies: [],
      chatOrigins: [],
      documentBody: null,
      apiAnswers: new Map(),
    };
    const response = await handlerFor(url.pathname)(toFetchRequest(request, url), context as never);
    reply.status(response.status);
    for (const cookie of context.responseCookies) reply.header("set-cookie", cookie);
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") reply.header(name, value);
    });
    for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      reply.header("content-security-policy", pageContentSecurityPolicy(reply.scriptNonce, { stripe: options.config.stripe !== null, chatOrigins: context.chatOrigins, googleTags: context.googleTags === true }));
    }
    if (context.documentBody) return reply.send(context.documentBody);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as never));
  });
}

/** The storefront's pages and assets, after every API module (a path no API route takes is a page). */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.webBuildDir) await mountWebApp(app, { config: app.config, internalKey: app.internalKey });
  },
  { name: "web", dependencies: ["platform"] },
);
