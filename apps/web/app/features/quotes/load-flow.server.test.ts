import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../../testing/load-context.ts";
import { threeOptionFlow } from "./fixtures.test-support.tsx";
import { loadQuoteFlow } from "./load-flow.server.ts";

const context = testLoadContext({ cookieHeader: "sessionid=s" });
const args = (url: string, id: string) =>
  ({ request: new Request(url), params: { dealerCode: "maple-auto", id }, context }) as unknown as LoaderFunctionArgs;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

/** What `data()` carries: the page's data and the status. */
const read = async (promise: Promise<unknown>) => {
  const result = (await promise) as { data: unknown; init: ResponseInit | null };
  return { data: result.data, status: result.init?.status ?? 200 };
};

describe("the quote pages' loader", () => {
  it("reads the flow with the shopper's session, passing the emailed link's token on", async () => {
    const flow = threeOptionFlow();
    const token = "tok_abcdefghijklmnopqrstuvwxyz";
    const fetch = answer(json(200, flow));
    const { data, status } = await read(loadQuoteFlow(args(`http://shop.test/en/maple-auto/quotes/7/?token=${token}`, "7")));
    expect(status).toBe(200);
    expect(data).toEqual({ problem: null, flow, token });
    expect(fetch).toHaveBeenCalledWith(
      `http://api.test/api/customer/praq/flow/7/quotes/?token=${token}`,
      expect.objectContaining({ headers: expect.objectContaining({ "x-dealer-code": "maple-auto", cookie: "sessionid=s" }) }),
    );
  });

  it("a token that is not one is not passed on", async () => {
    const fetch = answer(json(200, threeOptionFlow()));
    const { data } = await read(loadQuoteFlow(args("http://shop.test/en/maple-auto/quotes/7/?token=%3Cscript%3E", "7")));
    expect(fetch).toHaveBeenCalledWith("http://api.test/api/customer/praq/flow/7/quotes/", expect.anything());
    expect((data as { token: unknown }).token).toBeNull();
  });

  it("not a flow id, or no such flow: the not-found page (404), the API not asked for a bad id", async () => {
    const fetch = answer(json(404, { detail: "Not found." }));
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/abc/", "abc")))).status).toBe(404);
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/99999999999/", "99999999999")))).status).toBe(404);
    expect(fetch).not.toHaveBeenCalled();
    const { data, status } = await read(loadQuoteFlow(args("http://shop.test/quotes/8/", "8")));
    expect(status).toBe(404);
    expect((data as { problem: string }).problem).toBe("missing");
  });

  it.each([401, 403, 440])("nobody signed in (%i): a sign-in prompt", async (code) => {
    answer(json(code, { detail: "Authentication credentials were not provided." }));
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/7/", "7")))).data).toMatchObject({ problem: "sign-in" });
  });

  it("the module off (403 quotes_disabled) says so; a failure or an answer not of the contract's shape: unable to fetch", async () => {
    answer(json(403, { code: "quotes_disabled", detail: "…" }));
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/7/", "7")))).data).toMatchObject({ problem: "disabled" });
    answer(json(500, null));
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/7/", "7")))).data).toMatchObject({ problem: "unavailable" });
    answer(json(200, { id: 7 }));
    expect((await read(loadQuoteFlow(args("http://shop.test/quotes/7/", "7")))).data).toMatchObject({ problem: "unavailable" });
  });
});
