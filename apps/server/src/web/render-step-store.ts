import asyncHooks from "node:async_hooks";

/**
 * What React's server renderer gets in place of an AsyncLocalStorage: its request, held while a render step runs.
 * The renderer (react-dom/server, Node build) enters its store on every render step, and reads it only to find its
 * request from code running outside one (a preload hint sent from a promise's callback, say); within a step it has the
 * request in hand. No page of ours sends hints from outside a render step.
 */
export class RenderStepStore<T> {
  #store: T | undefined;
  getStore(): T | undefined {
    return this.#store;
  }
  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    const outer = this.#store;
    this.#store = store;
    try {
      return callback(...args);
    } finally {
      this.#store = outer;
    }
  }
}

/**
 * Loads the web build with React's renderer holding a RenderStepStore. Before Node 24, an AsyncLocalStorage runs on
 * async_hooks: once any is entered, every promise the process makes pays an init hook for the rest of its life, so the
 * first page rendered cost the API 12 % of its new searches a second (npm run bench). Node 24's AsyncLocalStorage has
 * no such cost, and the renderer keeps its own there. Only what loads meanwhile (the web build) sees the swap.
 */
export async function loadWithRenderStepStore<T>(load: () => Promise<T>): Promise<T> {
  if (Number(process.versions.node.split(".")[0]) >= 24) return load();
  const original = asyncHooks.AsyncLocalStorage;
  asyncHooks.AsyncLocalStorage = RenderStepStore as unknown as typeof asyncHooks.AsyncLocalStorage;
  try {
    return await load();
  } finally {
    asyncHooks.AsyncLocalStorage = original;
  }
}
