import { lazy, Suspense, type ComponentProps } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { CompareBar as Bar } from "./compare-bar.tsx";
import type { CompareToggle as Toggle } from "./compare-toggle.tsx";

/**
 * The compare toggle and bar as the list and details pages place them: loaded once the page is interactive (the picks
 * are the browser's, so the server has none to show and a page without scripts could not use them), outside those
 * pages' first-view JavaScript. The toggle's row is kept from the start, so nothing moves when it appears.
 */
const loadPicker = () => Promise.all([import("./compare-toggle.tsx"), import("./compare-bar.tsx")]);
const LazyToggle = lazy(() => loadPicker().then(([m]) => ({ default: m.CompareToggle })));
const LazyBar = lazy(() => loadPicker().then(([, m]) => ({ default: m.CompareBar })));

export function CompareTogglePlace(props: ComponentProps<typeof Toggle>) {
  const hydrated = useHydrated();
  return (
    <div className="min-h-11">
      {hydrated && (
        <Suspense fallback={null}>
          <LazyToggle {...props} />
        </Suspense>
      )}
    </div>
  );
}

export function CompareBarPlace(props: ComponentProps<typeof Bar>) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <LazyBar {...props} />
    </Suspense>
  ) : null;
}
