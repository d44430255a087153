import { CHAT_PROVIDER_ORIGINS } from "@showroom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../testing/load-context.ts";
import { dealerInfo } from "../testing/fixtures.ts";
import type { Route } from "./+types/shell";
import { loadShell } from "./shell.server.ts";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
afterEach(() => vi.unstubAllGlobals());

async function chatOriginsFor(customer_messaging: ReturnType<typeof dealerInfo>["customer_messaging"]) {
  const home = { ...dealerInfo({ customer_messaging, customer_messaging_account_id: customer_messaging ? "acct" : null }), photo_origins: [] };
  vi.stubGlobal("fetch", vi.fn(async (url: string) => (url.endsWith("/home-dealership/") ? json(200, home) : json(403, { detail: "Not signed in." }))));
  const context = testLoadContext();
  const args = { request: new Request("http://shop.test/en/maple-auto/search/"), params: { dealerCode: "maple-auto" }, context } as unknown as Route.LoaderArgs;
  await loadShell(args);
  return context.chatOrigins ?? [];
}

describe("the shell's loader and the page's chat origin", () => {
  it("hands the page's CSP the origin of the dealership's chat provider, and only that one", async () => {
    expect(await chatOriginsFor("LIVEPERSON")).toEqual([CHAT_PROVIDER_ORIGINS.LIVEPERSON]);
    expect(await chatOriginsFor("VCUS")).toEqual([CHAT_PROVIDER_ORIGINS.VCUS]);
  });

  it("hands none for a dealership without chat", async () => {
    expect(await chatOriginsFor(null)).toEqual([]);
  });
});
