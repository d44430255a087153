import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api-client.ts";

function setup(responses: Array<Response | Error>) {
  const events = { retrying: vi.fn(), networkFailure: vi.fn(), sessionExpired: vi.fn(), httpError: vi.fn() };
  const sleep = vi.fn(async () => {});
  const fetchImpl = vi.fn(async () => {
    const next = responses.shift();
    if (!next || next instanceof Error) throw next ?? new Error("no response");
    return next;
  });
  const client = createApiClient({ dealerCode: "maple-auto", events, fetchImpl: fetchImpl as never, sleep, cookies: () => "csrftoken=abc.def" });
  return { client, events, sleep, fetchImpl };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("browser API client", () => {
  it("retries a GET three times, 3000 ms apart, then reports a network failure", async () => {
    const { client, events, sleep, fetchImpl } = setup([new Error("offline"), json(503, {}), new Error("x"), new Error("y")]);
    await expect(client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "network" } });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(events.retrying).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(3000);
    expect(events.networkFailure).toHaveBeenCalledTimes(1);
  });

  it("succeeds when a retry gets an answer", async () => {
    const { client, events } = setup([json(502, {}), json(200, { ok: true })]);
    await expect(client.get("/api/x/")).resolves.toEqual({ ok: true });
    expect(events.retrying).toHaveBeenCalledTimes(1);
    expect(events.networkFailure).not.toHaveBeenCalled();
  });

  it("never retries an unsafe method and sends the CSRF token", async () => {
    const { client, events, fetchImpl } = setup([json(500, { detail: "x" })]);
    await expect(client.post("/api/i18n/", { language: "fr" })).rejects.toMatchObject({ failure: { kind: "http", status: 500 } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)["x-csrftoken"]).toBe("abc.def");
    expect((init.headers as Record<string, string>)["x-dealer-code"]).toBe("maple-auto");
    expect(events.retrying).not.toHaveBeenCalled();
    expect(events.httpError).toHaveBeenCalledWith(500, { detail: "x" });
  });

  it("does not retry a 4xx and reports it", async () => {
    const { client, events } = setup([json(404, { detail: "Not found." })]);
    await expect(client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "http", status: 404 } });
    expect(events.httpError).toHaveBeenCalledWith(404, { detail: "Not found." });
  });

  it("turns 440 into a session-expired event with the kind of user", async () => {
    const { client, events } = setup([json(440, { detail: "expired", user_kind: "dealer" })]);
    await expect(client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "session-expired", userKind: "dealer" } });
    expect(events.sessionExpired).toHaveBeenCalledWith("dealer");
  });

  it("a staff user's call answered 440 waits for the sign-in modal and is retried once when it ends signed in", async () => {
    const { client, events, fetchImpl } = setup([json(440, { user_kind: "dealer" }), json(200, { ok: true })]);
    events.sessionExpired.mockImplementation(async () => true);
    await expect(client.post("/api/order/", { vehicle: 1 })).resolves.toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(events.sessionExpired).toHaveBeenCalledTimes(1);
  });

  it("is not retried when the staff user cancels the sign-in, nor retried twice", async () => {
    const cancelled = setup([json(440, { user_kind: "dealer" })]);
    cancelled.events.sessionExpired.mockImplementation(async () => false);
    await expect(cancelled.client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "session-expired", userKind: "dealer" } });
    expect(cancelled.fetchImpl).toHaveBeenCalledTimes(1);

    const twice = setup([json(440, { user_kind: "dealer" }), json(440, { user_kind: "dealer" })]);
    twice.events.sessionExpired.mockImplementation(async () => true);
    await expect(twice.client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "session-expired" } });
    expect(twice.fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("a customer's 440 is never retried", async () => {
    const { client, events, fetchImpl } = setup([json(440, { user_kind: "customer" }), json(200, {})]);
    events.sessionExpired.mockImplementation(async () => true);
    await expect(client.get("/api/x/")).rejects.toMatchObject({ failure: { kind: "session-expired", userKind: "customer" } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
