import { robotsTxt } from "@showroom/domain";
import type { Route } from "./+types/robots";

/**
 * robots.txt names the sitemap of the dealership an address without a dealer code shows; each other dealership's
 * is at /{dealer code}/sitemap.xml.
 */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.publicOrigin;
  return new Response(robotsTxt([`${origin}/sitemap.xml`]), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
