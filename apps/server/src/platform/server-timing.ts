import type { FastifyInstance } from "fastify";

/**
 * `Server-Timing: app;dur=<ms>` on every response: the time the server spent on the request until its
 * reply was ready, so a browser's network panel and the benchmarks can tell server time from transit (a page's
 * in-process API calls get none: their time is in the page's).
 */
export function registerServerTiming(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.isInternalCall) reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
}
