import { describe, expect, it } from "vitest";
import { addLeaveGuard, mayLeave } from "./leave-guard.ts";

describe("leave guards", () => {
  it("lets the session leave when no page holds unsaved work, and asks each guard otherwise", async () => {
    expect(await mayLeave()).toBe(true);
    let answer = false;
    const asked: string[] = [];
    const remove = addLeaveGuard(async () => {
      asked.push("build");
      return answer;
    });
    expect(await mayLeave()).toBe(false);
    answer = true;
    expect(await mayLeave()).toBe(true);
    expect(asked).toEqual(["build", "build"]);
    remove();
    answer = false;
    expect(await mayLeave()).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
