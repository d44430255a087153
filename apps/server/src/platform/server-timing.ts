import type { FastifyInstance } from "fastify";

/**
 * `Server-Timing: app;dur=<ms>` on every response: the time the server spent on the request until its
 * reply was ready, so a browser's network panel and the benchmarks can tell server time from transit.
 */
export function registerServerTiming(app: FastifyInstance) {
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
}
