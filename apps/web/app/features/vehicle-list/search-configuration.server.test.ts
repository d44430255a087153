import { afterEach, describe, expect, it, vi } from "vitest";
import { serverApi } from "../../lib/api.server.ts";
import { testLoadContext } from "../../testing/load-context.ts";
import { loadSearchConfiguration } from "./search-configuration.server.ts";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const configuration = (id: number) => ({
  id,
  vehicle: 7,
  vehicle_summary: { year: 2026, make: "Toyota", model: "RAV4", trim: "XLE" },
  build_state: {},
  created: "2026-11-26T00:00:00.000Z",
});
const load = (query: string, hasSession: boolean) =>
  loadSearchConfiguration(serverApi(testLoadContext({ apiAnswers: new Map() }), "maple-auto"), new URLSearchParams(query), hasSession);
afterEach(() => vi.unstubAllGlobals());

describe("the list's configuration (spec 2.2)", () => {
  it("reads the configurationId of the address", async () => {
    const fetch = vi.fn(async (url: string) => (url.endsWith("/api/customer/configuration/12/") ? json(200, configuration(12)) : json(404, {})));
    vi.stubGlobal("fetch", fetch);
    expect(await load("configurationId=12", true)).toEqual({ vehicle: 7, summary: { year: 2026, make: "Toyota", model: "RAV4", trim: "XLE" } });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["http://api.test/api/customer/configuration/12/"]);
  });

  it("else the first saved deal's configuration, only with a session", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith("/api/order/")
        ? json(200, { count: 2, results: [{ id: 3, configuration_id: "44" }, { id: 2, configuration_id: "9" }] })
        : url.endsWith("/api/customer/configuration/44/")
          ? json(200, configuration(44))
          : json(404, {}),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await load("", true)).toMatchObject({ vehicle: 7 });
    fetch.mockClear();
    expect(await load("", false)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("swallows every failure: not theirs (401/403/404), no deal, a bad id, an answer it cannot read", async () => {
    for (const status of [401, 403, 404, 500]) {
      vi.stubGlobal("fetch", vi.fn(async () => json(status, { detail: "no" })));
      expect(await load("configurationId=12", true), String(status)).toBeNull();
    }
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { nothing: true })));
    expect(await load("configurationId=12", true)).toBeNull();
    const fetch = vi.fn(async () => json(200, configuration(1)));
    vi.stubGlobal("fetch", fetch);
    expect(await load("configurationId=javascript:1", false)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
