import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../testing/load-context.ts";
import { order } from "../testing/fixtures.ts";
import { loadOrders } from "./orders.server.ts";

const context = testLoadContext({ cookieHeader: "sessionid=s" });
const args = (url: string) => ({ request: new Request(url), params: { dealerCode: "maple-auto" }, context }) as unknown as LoaderFunctionArgs;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

async function redirected(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get("location") : null;
  }
}

describe("the saved vehicles page's loader", () => {
  it("reads the signed-in customer's deals for the page asked, with the tenant and the browser's cookies", async () => {
    const list = { count: 51, next: "http://api.test/api/order/?page=3", previous: "http://api.test/api/order/?page=1", results: [order()] };
    const fetch = answer(json(200, list));
    await expect(loadOrders(args("http://shop.test/en/maple-auto/orders/?page=2&source=email"))).resolves.toEqual({ list, page: 2, source: "email" });
    expect(fetch).toHaveBeenCalledWith(
      "http://api.test/api/order/?page=2",
      expect.objectContaining({ headers: expect.objectContaining({ "x-dealer-code": "maple-auto", cookie: "sessionid=s" }) }),
    );
  });

  it("an anonymous visitor (403) gets no list: the page asks them to sign in", async () => {
    answer(json(403, { detail: "Authentication credentials were not provided." }));
    await expect(loadOrders(args("http://shop.test/en/maple-auto/orders/"))).resolves.toEqual({ list: null, page: 1, source: null });
  });

  it("a source the storefront does not know leaves the address; a page past the end goes to the first", async () => {
    answer(json(200, { count: 0, next: null, previous: null, results: [] }));
    expect(await redirected(loadOrders(args("http://shop.test/en/maple-auto/orders/?source=%3Cscript%3E&page=1")))).toBe("/en/maple-auto/orders/?page=1");
    answer(json(404, { detail: "Invalid page." }));
    expect(await redirected(loadOrders(args("http://shop.test/en/maple-auto/orders/?page=9&source=vdp")))).toBe("/en/maple-auto/orders/?source=vdp");
  });
});
