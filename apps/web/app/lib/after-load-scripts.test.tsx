// @vitest-environment happy-dom
import { isValidElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inlineJson, moduleLoader, PRELOADS_PER_TASK, takeModuleScripts } from "./after-load-scripts.tsx";

describe("scripts loaded after the page's pictures", () => {
  it("takes the module preloads and the module script out of React Router's scripts, and keeps the rest", () => {
    const scripts = (
      <>
        <link rel="modulepreload" href="/assets/manifest.js" />
        <link rel="modulepreload" href="/assets/entry.client.js" />
        {[<link key="a" rel="modulepreload" href="/assets/root.js" />]}
        <>
          <script dangerouslySetInnerHTML={{ __html: "window.__reactRouterContext = {};" }} />
          <script type="module" async dangerouslySetInnerHTML={{ __html: 'import "/assets/manifest.js";' }} />
        </>
      </>
    );
    const taken = { preloads: [] as string[], module: null as string | null };
    const rest = takeModuleScripts(scripts, taken);
    expect(taken.preloads).toEqual(["/assets/manifest.js", "/assets/entry.client.js", "/assets/root.js"]);
    expect(taken.module).toBe('import "/assets/manifest.js";');
    const kept: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!isValidElement(node)) return;
      const element = node as ReactElement<{ children?: unknown; dangerouslySetInnerHTML?: { __html: string } }>;
      if (typeof element.type === "string") kept.push(`${element.type}:${element.props.dangerouslySetInnerHTML?.__html ?? ""}`);
      walk(element.props.children);
    };
    walk(rest);
    expect(kept).toEqual(["script:window.__reactRouterContext = {};"]);
  });

  it("writes the module code so that it cannot end the inline script that carries it", () => {
    const code = 'const s = "</script><script>alert(1)</script>";';
    expect(inlineJson(code)).not.toContain("</script");
    expect(JSON.parse(inlineJson(code))).toBe(code);
  });

  describe("the loader", () => {
    afterEach(() => {
      vi.useRealTimers();
      document.head.querySelectorAll("link[rel=modulepreload]").forEach((link) => link.remove());
      document.body.querySelectorAll("script[type=module]").forEach((script) => script.remove());
    });

    it("adds the preloads a few a task, then the module script after every one of them", () => {
      vi.useFakeTimers();
      const hrefs = Array.from({ length: 2 * PRELOADS_PER_TASK + 3 }, (_, i) => `/assets/m${i}.js`);
      const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) => l.getAttribute("href"));
      const moduleScript = () => document.body.querySelector<HTMLScriptElement>("script[type=module]");
      const carrier = document.createElement("script");
      carrier.nonce = "n0nce";
      vi.spyOn(document, "currentScript", "get").mockReturnValue(carrier);

      new Function(moduleLoader(hrefs, 'import "/assets/m0.js";'))(); // the page has loaded: it starts at once
      expect(preloads()).toEqual(hrefs.slice(0, PRELOADS_PER_TASK));
      expect(moduleScript()).toBeNull();
      vi.advanceTimersToNextTimer();
      expect(preloads()).toEqual(hrefs.slice(0, 2 * PRELOADS_PER_TASK));
      expect(moduleScript()).toBeNull();
      vi.advanceTimersToNextTimer();
      expect(preloads()).toEqual(hrefs);
      expect(moduleScript()?.textContent).toBe('import "/assets/m0.js";');
      expect(moduleScript()?.nonce).toBe("n0nce");
    });
  });
});
