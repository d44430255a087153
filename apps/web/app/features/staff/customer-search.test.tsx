// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { CustomerSearch, SEARCH_DEBOUNCE_MS } from "./workspace.tsx";

const t = translator(catalogues.en);

describe("the workspace's customer search", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  it("searches for what was typed while the page was still loading, once it is hydrated", async () => {
    vi.useFakeTimers();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const onSearch = vi.fn();
    const element = <CustomerSearch t={t} initial="" action="/en/maple-auto/dealer/customers/" onSearch={onSearch} />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    document.body.append(container);
    container.querySelector("input")!.value = "marc@example.com";

    await act(async () => {
      hydrateRoot(container, element);
    });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });

    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith("marc@example.com");
    expect(container.querySelector("input")!.value).toBe("marc@example.com");
  });

  it("does not search on its own when nothing was typed", async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const element = <CustomerSearch t={t} initial="Gagnon" action="/en/maple-auto/dealer/customers/" onSearch={onSearch} />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    document.body.append(container);

    await act(async () => {
      hydrateRoot(container, element);
    });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    });

    expect(onSearch).not.toHaveBeenCalled();
    expect(container.querySelector("input")!.value).toBe("Gagnon");
  });
});
