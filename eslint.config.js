// Lint: typescript-eslint with type information (catches floating promises), React hooks rules, and
// the import zones of docs/decisions/022-one-home-per-feature.md.
import { readdirSync } from "node:fs";

import js from "@eslint/js";

import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

import { importZones } from "./eslint/import-zones.js";

const FEATURES = readdirSync(`${import.meta.dirname}/apps/web/app/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may import whom (ADR 022). Paths are relative to the repository root. */
const IMPORT_ZONES = [
  {
    target: ["apps/web/app"],
    from: "apps/web/server",
    message: "The React app never imports the server: loaders reach it through the load context.",
  },
  {
    target: [
      "apps/web/app/components",
      "apps/web/app/hooks",
      "apps/web/app/utils",
      "apps/web/app/auth",
      "apps/web/app/wishlist",
    ],
    from: "apps/web/app/features",
    message: "Shared code never depends on a feature; move what both need into shared code.",
  },
  ...FEATURES.map((feature) => ({
    target: [`apps/web/app/features/${feature}`],
    from: "apps/web/app/features",
    except: [`apps/web/app/features/${feature}`],
    message: "Features stay apart: compose them in a route, or move what both need to shared code.",
  })),
  {
    target: ["packages"],
    from: "apps",
    message: "Packages never import the app: the app depends on them, not the other way round.",
  },
  {
    target: ["packages/db", "packages/schemas"],
    from: "packages/core",
    message: "db and schemas sit below core: core may import them, not the reverse.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/.react-router/**",
      "data/**",
      "packages/db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "**/*.tmp.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["eslint.config.js", "eslint/*.js"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/only-throw-error": "off",
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.{ts,tsx}"],
    plugins: { layout: { rules: { "import-zones": importZones } } },
    rules: {
      "layout/import-zones": ["error", { root: import.meta.dirname, zones: IMPORT_ZONES }],
    },
  },
  {
    files: ["apps/web/app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["eslint.config.js", "eslint/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
