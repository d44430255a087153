import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest ships with the app (a few KB, cached with it) instead of each page working out the part it
  // needs: that per-request matching over the 60 prefixed routes was a fifth of a short page's server time (npm run bench).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
