import { loadCatalogue } from "../i18n/index.ts";

// The app loads a catalogue before it renders (entry.client.tsx, entry.server.tsx); so do the tests.
await Promise.all([loadCatalogue("en"), loadCatalogue("fr")]);
