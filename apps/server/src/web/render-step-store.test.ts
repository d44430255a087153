import { executionAsyncId } from "node:async_hooks";
import { PassThrough } from "node:stream";
import { createElement, Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { loadWithRenderStepStore } from "./render-step-store.ts";

/** The id of the async resource a promise's continuation runs in: 0 unless async hooks track promises. */
async function promiseContinuationId() {
  await null;
  return executionAsyncId();
}

describe("React's server renderer, loaded with a render-step store", () => {
  it("streams a page whose data comes later, and leaves the process's promises untracked", async () => {
    const { renderToPipeableStream } = await loadWithRenderStepStore(() => import("react-dom/server"));
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("ready later"), 5));
    const Later = () => createElement("p", null, use(later));
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("main", null, createElement(Suspense, { fallback: "loading" }, createElement(Later))), {
        onShellReady() {
          const body = new PassThrough();
          let text = "";
          body.on("data", (chunk: Buffer) => (text += chunk.toString()));
          body.on("end", () => resolve(text));
          pipe(body);
        },
        onShellError: reject,
        onError: reject,
      });
    });
    expect(html).toContain("loading");
    expect(html).toContain("ready later");
    expect(await promiseContinuationId()).toBe(0);
  });
});
