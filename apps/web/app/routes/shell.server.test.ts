import { afterEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../testing/load-context.ts";
import { dealerInfo } from "../testing/fixtures.ts";
import type { Route } from "./+types/shell";
import { loadShell } from "./shell.server.ts";

const context = () => testLoadContext({ cookieHeader: "sessionid=old" });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const args = (url: string) => ({ request: new Request(url, { headers: { cookie: "language=en-ca" } }), params: { dealerCode: "maple-auto" }, context: context() }) as unknown as Route.LoaderArgs;
afterEach(() => vi.unstubAllGlobals());

describe("the shell's loader", () => {
  const home = dealerInfo();

  it("reads the dealership, then who is signed in, each through its schema", async () => {
    const fetch = vi.fn(async (url: string) => (url.endsWith("/home-dealership/") ? json(200, home) : json(403, { detail: "Not signed in." })));
    vi.stubGlobal("fetch", fetch);
    const shell = await loadShell(args("http://shop.test/en/maple-auto/search/"));
    expect(shell).toMatchObject({ dealer: { code: "maple-auto" }, dealerUser: null, customer: null, savedDeals: 0, sessionExpired: null });
  });

  it("hands the dealership's Google tag ids to the page, and opens its CSP to Google's tag hosts only when there are some", async () => {
    const tagged = { ...home, dealer_ga_key: "GTM-ABC1234", ga4_keys: ["G-XYZ98765"] };
    for (const [dealer, expected] of [[tagged, { gtm: ["GTM-ABC1234"], ga4: ["G-XYZ98765"] }], [home, { gtm: [], ga4: [] }]] as const) {
      vi.stubGlobal("fetch", vi.fn(async (url: string) => (url.endsWith("/home-dealership/") ? json(200, dealer) : json(403, { detail: "Not signed in." }))));
      const loaderArgs = args("http://shop.test/en/maple-auto/search/");
      const shell = await loadShell(loaderArgs);
      expect(shell.analyticsTags).toEqual(expected);
      expect(loaderArgs.context.googleTags === true).toBe(expected.gtm.length > 0);
    }
  });

  it("says whose session expired when the API answers 440, and goes on anonymously", async () => {
    let first = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (!url.endsWith("/home-dealership/")) return json(403, { detail: "Not signed in." });
        if (!first) return json(200, home);
        first = false;
        return json(440, { detail: "Your session expired.", code: "session_expired", user_kind: "dealer" });
      }),
    );
    expect((await loadShell(args("http://shop.test/en/maple-auto/search/"))).sessionExpired).toBe("dealer");
  });
});
