import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { inlineJson, takeModuleScripts } from "./after-load-scripts.tsx";

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
});
