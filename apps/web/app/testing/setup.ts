import { configure } from "@testing-library/react";
import { loadCatalogue } from "../i18n/index.ts";

// The app loads a catalogue before it renders (entry.client.tsx, entry.server.tsx); so do the tests.
await Promise.all([loadCatalogue("en"), loadCatalogue("fr")]);

// Lazy parts (forms, dialogs) import their module on first use: on a busy two-core machine that took over the
// default second (the workspace's propose form, under a parallel run), so waiting fails only after five.
configure({ asyncUtilTimeout: 5_000 });
