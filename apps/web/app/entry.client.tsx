import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogue } from "./i18n/index.ts";

/**
 * Resolves once the browser has painted the server's HTML (a frame's requestAnimationFrame callbacks run before its
 * paint, so the next frame's come after it): hydration, the page's longest task, never holds back its first paint.
 */
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

// The page's own language only: the other catalogue is fetched when the shopper switches (the shell's clientLoader).
const language = document.documentElement.lang.toLowerCase().startsWith("fr") ? "fr" : "en";
void Promise.all([loadCatalogue(language), afterFirstPaint()]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
