import { paymentSettingsSchema } from "@showroom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../testing/load-context.ts";
import { ApiError, serverApi } from "./api.server.ts";

const context = testLoadContext();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const answer = (response: Response) => vi.stubGlobal("fetch", vi.fn(async () => response));
afterEach(() => vi.unstubAllGlobals());

describe("a loader's read of the API", () => {
  const settings = { default_payment_type: { new: "finance", used: "cash" } };

  it("reads the answer with the contract's schema", async () => {
    const schema = paymentSettingsSchema.pick({ default_payment_type: true });
    answer(json(200, settings));
    await expect(serverApi(context, "maple-auto").get("/api/quickshop/dealership/payment-settings/", schema)).resolves.toEqual(settings);
  });

  it("refuses an answer that breaks the contract instead of handing it on", async () => {
    const schema = paymentSettingsSchema.pick({ default_payment_type: true });
    answer(json(200, { default_payment_type: { new: "barter", used: "cash" } }));
    await expect(serverApi(context, "maple-auto").get("/x/", schema)).rejects.toThrow(/default_payment_type/);
  });

  it("throws the API's refusal with its status and body, unparsed", async () => {
    const parse = vi.fn();
    answer(json(404, { detail: "Not found." }));
    const error = await serverApi(context, "maple-auto").get("/x/", { parse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { detail: "Not found." } });
    expect(parse).not.toHaveBeenCalled();
  });

  it("makes the same GET once per request (the shell and a page both read the dealership), and again after a refusal", async () => {
    const schema = paymentSettingsSchema.pick({ default_payment_type: true });
    const fetch = vi.fn(async () => json(200, settings));
    vi.stubGlobal("fetch", fetch);
    const request = testLoadContext({ apiAnswers: new Map() });
    const path = "/api/quickshop/dealership/payment-settings/";
    await Promise.all([serverApi(request, "maple-auto").get(path, schema), serverApi(request, "maple-auto").get(path, schema)]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await serverApi(request, "boulevard-laval").get(path, schema);
    expect(fetch).toHaveBeenCalledTimes(2);
    // Another request reads it again.
    await serverApi(testLoadContext({ apiAnswers: new Map() }), "maple-auto").get(path, schema);
    expect(fetch).toHaveBeenCalledTimes(3);
    // A refusal is not kept.
    fetch.mockImplementationOnce(async () => json(440, { detail: "Session expired." }));
    const fresh = testLoadContext({ apiAnswers: new Map() });
    await expect(serverApi(fresh, "maple-auto").get(path, schema)).rejects.toBeInstanceOf(ApiError);
    await expect(serverApi(fresh, "maple-auto").get(path, schema)).resolves.toEqual(settings);
  });

  it("reads an answer once per schema within a request", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, settings)));
    const parse = vi.fn((payload: unknown) => payload);
    const schema = { parse };
    const other = vi.fn((payload: unknown) => ({ read: payload }));
    const request = testLoadContext({ apiAnswers: new Map() });
    const api = serverApi(request, "maple-auto");
    const [first, second] = await Promise.all([api.get("/x/", schema), api.get("/x/", schema)]);
    expect(first).toBe(second);
    expect(parse).toHaveBeenCalledTimes(1);
    await expect(api.get("/x/", { parse: other })).resolves.toEqual({ read: settings });
    expect(other).toHaveBeenCalledTimes(1);
    await serverApi(testLoadContext({ apiAnswers: new Map() }), "maple-auto").get("/x/", schema);
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
