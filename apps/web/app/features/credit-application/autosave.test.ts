import { CREDIT_AUTOSAVE_DELAY_MS, type CreditApplicationWire } from "@showroom/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { creditApplication } from "../../testing/credit-application.ts";
import { createAutosave, type SaveStatus } from "./autosave.ts";
import type { DraftSave } from "./credit-api.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(mock: ReturnType<typeof vi.fn>) {
  const save = mock as unknown as (body: DraftSave) => Promise<CreditApplicationWire>;
  const values: Record<string, Record<string, string>> = { applicant: {} };
  const statuses: SaveStatus[] = [];
  const autosave = createAutosave({
    save,
    payloadOf: (screen) => ({ ...values[screen] }),
    onStatus: (status) => statuses.push(status),
    onSaved: vi.fn(),
    onFailed: vi.fn(),
  });
  const type = (field: string, value: string) => {
    values.applicant![field] = value;
    autosave.changed("applicant");
  };
  return { autosave, statuses, type };
}

describe("the auto-save", () => {
  it("sends the screen whole once typing has paused for the delay", async () => {
    const save = vi.fn(async () => creditApplication());
    const { type, statuses } = setUp(save);
    type("first_name", "J");
    await vi.advanceTimersByTimeAsync(CREDIT_AUTOSAVE_DELAY_MS - 100);
    type("first_name", "Je");
    type("last_name", "Tremblay");
    await vi.advanceTimersByTimeAsync(CREDIT_AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ screens: { applicant: { first_name: "Je", last_name: "Tremblay" } } });
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("leaving a screen sends at once, with where the shopper now is", async () => {
    const save = vi.fn(async () => creditApplication());
    const { type, autosave } = setUp(save);
    type("first_name", "Jeanne");
    await autosave.flush("employment");
    expect(save).toHaveBeenCalledWith({
      screens: { applicant: { first_name: "Jeanne" } },
      current_screen: "employment",
    });
    // Nothing left to send: no second call after the delay.
    await vi.advanceTimersByTimeAsync(CREDIT_AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("a failed save keeps the screen to send: the next change sends it again", async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(creditApplication());
    const { type, statuses, autosave } = setUp(save);
    type("first_name", "Jeanne");
    await vi.advanceTimersByTimeAsync(CREDIT_AUTOSAVE_DELAY_MS);
    expect(statuses).toEqual(["saving", "error"]);
    expect(autosave.pending()).toBe(true);
    type("last_name", "Tremblay");
    await vi.advanceTimersByTimeAsync(CREDIT_AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenLastCalledWith({ screens: { applicant: { first_name: "Jeanne", last_name: "Tremblay" } } });
    expect(statuses.at(-1)).toBe("saved");
    expect(autosave.pending()).toBe(false);
  });

  it("one save at a time: a change made while one runs goes with the next", async () => {
    let finish: (value: unknown) => void = () => undefined;
    const save = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { type, autosave } = setUp(save);
    type("first_name", "Jeanne");
    void autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    type("first_name", "Jeannette");
    void autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    finish(creditApplication());
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ screens: { applicant: { first_name: "Jeannette" } } });
  });

  it("a forced value (a SIN removed) goes with its screen until saved; a SIN typed since wins", async () => {
    const save = vi.fn(async () => creditApplication());
    const { autosave, type } = setUp(save);
    autosave.force("applicant", { sin: "" });
    await autosave.flush();
    expect(save).toHaveBeenLastCalledWith({ screens: { applicant: { sin: "" } } });
    autosave.force("applicant", { sin: "" });
    type("sin", "046454286");
    await autosave.flush();
    expect(save).toHaveBeenLastCalledWith({ screens: { applicant: { sin: "046454286" } } });
  });
});
