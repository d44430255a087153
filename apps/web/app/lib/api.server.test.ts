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
});
