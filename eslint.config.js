import { readdirSync } from "node:fs";
import importPlugin from "eslint-plugin-import";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder is one: a new feature or module is held to the boundaries below without being listed.
const folders = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const FEATURES = folders("./apps/web/app/features/");
const MODULES = folders("./apps/server/src/modules/");

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/build/**", "**/.react-router/**", "**/dist/**", "**/drizzle/**", "test-results/**", "playwright-report/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] } },
      "import/ignore": ["node_modules"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            // Features do not import each other; routes compose them (bulletproof-react).
            ...FEATURES.map((feature) => ({
              target: `./apps/web/app/features/${feature}`,
              from: "./apps/web/app/features",
              except: [`./${feature}`],
              message: "Features must not import each other: compose them in a route.",
            })),
            // UI primitives and the web's lib stay below features and routes.
            { target: "./apps/web/app/ui", from: ["./apps/web/app/features", "./apps/web/app/routes"] },
            { target: "./apps/web/app/lib", from: ["./apps/web/app/routes", "./apps/web/app/ui"] },
            // The domain package is pure: no app code, no I/O.
            { target: "./packages/domain", from: ["./apps", "./packages/testing"] },
            // A server module never reaches into another module's tables or repository.
            ...MODULES.map((module) => ({
              // tables.ts may reference another module's table for a foreign key, and tests and their support arrange data in any table; nothing else may.
              target: `./apps/server/src/modules/${module}/**/!(tables|*.test|test-support).ts`,
              from: MODULES.filter((m) => m !== module).flatMap((m) => [
                `./apps/server/src/modules/${m}/repo.ts`,
                `./apps/server/src/modules/${m}/tables.ts`,
              ]),
              message: "Use the other module's service; only a module touches its own tables.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ["packages/domain/src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["node:*", "fs", "path", "react", "fastify", "drizzle-orm*"] }] },
  },
);
