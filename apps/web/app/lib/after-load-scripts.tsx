import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type ElementProps = { rel?: string; href?: string; type?: string; children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } };

/** How long a page waits for its pictures before it loads its scripts anyway (a slow photo host must not hold it back). */
export const SCRIPTS_AT_THE_LATEST_MS = 3_000;

/**
 * Each preload starts its fetch on the main thread (about 1 ms apiece on a phone): forty in one task blocked the page
 * for a quarter of a second, so they are added a few a task.
 */
export const PRELOADS_PER_TASK = 4;

/** React Router's scripts without the module preloads and the module script, which it hands back to the caller. */
export function takeModuleScripts(node: ReactNode, taken: { preloads: string[]; module: string | null }): ReactNode {
  if (Array.isArray(node)) return Children.map(node, (child: ReactNode) => takeModuleScripts(child, taken));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<ElementProps>;
  if (element.type === "link" && element.props.rel === "modulepreload" && element.props.href) {
    taken.preloads.push(element.props.href);
    return null;
  }
  if (element.type === "script" && element.props.type === "module") {
    taken.module = element.props.dangerouslySetInnerHTML?.__html ?? null;
    return null;
  }
  if (element.props.children === undefined) return element;
  return cloneElement(element, undefined, takeModuleScripts(element.props.children, taken));
}

/** JSON that cannot end the inline script it is written in. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The inline script that adds the preloads, a few a task, then the module script, once the page has loaded. */
export const moduleLoader = (preloads: string[], module: string) => `(function(hrefs, code) {
  var nonce = document.currentScript.nonce, started = false;
  function start() {
    if (started) return;
    started = true;
    preload(0);
  }
  function preload(from) {
    hrefs.slice(from, from + ${PRELOADS_PER_TASK}).forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload"; link.href = href; link.nonce = nonce;
      document.head.appendChild(link);
    });
    if (from + ${PRELOADS_PER_TASK} < hrefs.length) return setTimeout(preload, 0, from + ${PRELOADS_PER_TASK});
    var script = document.createElement("script");
    script.type = "module"; script.nonce = nonce; script.textContent = code;
    document.body.appendChild(script);
  }
  if (document.readyState === "complete") start();
  else { addEventListener("load", start, { once: true }); setTimeout(start, ${SCRIPTS_AT_THE_LATEST_MS}); }
})(${inlineJson(preloads)}, ${inlineJson(module)});`;

/**
 * React Router's scripts, loaded once the page's stylesheet and pictures have (the window's load event, or after
 * SCRIPTS_AT_THE_LATEST_MS): on a phone's connection the hydration code (30 files, about 150 KB) then no longer
 * shares the bandwidth with the largest picture, and the page paints first. The server's HTML is a working page
 * meanwhile: its links and the filter form work without scripts. The module preloads are added at the same moment,
 * so the modules still download in parallel, not one import level after another; the module script comes after them.
 */
export function AfterLoadScripts(props: ScriptsProps) {
  const taken = { preloads: [] as string[], module: null as string | null };
  const rest = takeModuleScripts(Scripts(props), taken);
  if (taken.module === null) return rest;
  const loader = moduleLoader(taken.preloads, taken.module);
  return (
    <>
      {rest}
      <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
