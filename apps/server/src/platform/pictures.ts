import type { FastifyReply } from "fastify";

/**
 * A drawn vehicle picture: an SVG that never changes for its address (cached for a year), served with a
 * policy that lets it run no script and load nothing.
 */
export function sendPicture(reply: FastifyReply, svg: string) {
  return reply
    .header("content-type", "image/svg+xml; charset=utf-8")
    .header("cache-control", "public, max-age=31536000, immutable")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}
