import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalogue } from "./i18n/index.ts";

// The page's own language only: the other catalogue is fetched when the shopper switches (the shell's clientLoader).
const language = document.documentElement.lang.toLowerCase().startsWith("fr") ? "fr" : "en";
void loadCatalogue(language).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
