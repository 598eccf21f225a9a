// Lint: typescript-eslint with type information (catches floating promises), React hooks rules, the
// import zones of docs/decisions/022-one-home-per-feature.md, no console in server and core code,
// the finder index closed to the rest of the code, and the size limits of files and functions
// (docs/decisions/021-honest-packages.md). `npm run lint` adds the dependency and import-circle
// checks (scripts/check-dependencies.ts, scripts/check-import-cycles.ts).
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

/** The finder's folder in core: only its own modules may reach into its index. */
const FINDER = "packages/core/src/finder";

/** Who may import whom (ADR 022, ADR 021). Paths are relative to the repository root. */
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
      "apps/web/app/currency",
      "apps/web/app/compare",
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
  {
    target: ["apps", "packages", "bench", "scripts", "eslint"],
    targetExcept: [FINDER],
    from: `${FINDER}/index`,
    message: `The finder index is the finder's own: search through ${FINDER}/search.ts.`,
  },
];

/** Test code: test files, the fixtures tests run and the test database helpers. */
const TESTS = [
  "**/*.test.*",
  "**/*.spec.*",
  "**/*.fixture.*",
  "apps/web/tests/**",
  "packages/db/src/testing/**",
];

/** The seed: generated data and its generators, outside the file size limit (ADR 021). */
const SEED = "packages/db/src/seed/**";
/** The seed's tests and the helpers they share, which the file size limit does cover. */
const SEED_TESTS = ["packages/db/src/seed/**/*.test.ts", "packages/db/src/seed/**/*-support.ts"];

/** No file over 450 lines, every line counted (ADR 021). */
const MAX_LINES = ["error", { max: 450, skipBlankLines: false, skipComments: false }];

/** Code that runs in the server process, which logs through the server's logger. */
const SERVER_CODE = [
  "apps/web/server/**/*.{ts,tsx}",
  "packages/core/**/*.{ts,tsx}",
  "packages/db/src/**/*.ts",
  "apps/web/app/**/*.server.{ts,tsx}",
  "apps/web/app/entry.server.tsx",
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
    files: ["**/*.{js,ts,tsx}"],
    plugins: { layout: { rules: { "import-zones": importZones } } },
    rules: {
      "layout/import-zones": ["error", { root: import.meta.dirname, zones: IMPORT_ZONES }],
    },
  },
  {
    // The index's types as well as its modules: a re-export must not carry them out (ADR 021).
    files: ["**/*.{js,ts,tsx}"],
    ignores: [`${FINDER}/**`],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          // Once per name: an import's local name is the imported one again.
          selector: "Identifier[name='CourseIndex']:not(ImportSpecifier > .local)",
          message: `CourseIndex is the finder index's own type: search through ${FINDER}/search.ts.`,
        },
      ],
    },
  },
  {
    // The server's logger (pino) records with the request and the level; console does neither.
    files: SERVER_CODE,
    ignores: ["apps/web/server/cli/**", ...TESTS],
    rules: { "no-console": "error" },
  },
  {
    // Every line counts, blank and comment lines included (ADR 021). Tests too: a test file over
    // the limit is split by topic, its shared set-up in a `*-support.ts` module beside it.
    files: ["**/*.{js,ts,tsx}"],
    ignores: [SEED, "bench/**"],
    rules: { "max-lines": MAX_LINES },
  },
  {
    // The seed's tests and their helpers are test code, not seed data.
    files: SEED_TESTS,
    rules: { "max-lines": MAX_LINES },
  },
  {
    // A test's body is a list of steps, read top to bottom: tests keep no function limit.
    files: ["**/*.{js,ts,tsx}"],
    ignores: [...TESTS, SEED, "bench/**"],
    rules: {
      "max-lines-per-function": [
        "error",
        { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
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
