import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/*/src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each API test file boots its own app on its own embedded database.
          pool: "forks",
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
