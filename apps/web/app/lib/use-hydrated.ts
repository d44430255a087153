import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

let pageHydrated = false;

/**
 * False on the server and while the page hydrates, true once it is the browser's. The change is a transition, so
 * what appears then (fifty compare toggles on a list) renders in slices after hydration instead of in one long task;
 * a component mounted later (a client navigation) starts at true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => {
      pageHydrated = true;
      setHydrated(true);
    });
  }, [hydrated]);
  return hydrated;
}

/** A flag a parent sets and a few leaves read (useFlag), so setting it renders those leaves, not the parent. */
export type Flag = { get: () => boolean; set: (value: boolean) => void; subscribe: (listener: () => void) => () => void };

export function createFlag(): Flag {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useFlag = (flag: Flag) => useSyncExternalStore(flag.subscribe, flag.get, () => false);
