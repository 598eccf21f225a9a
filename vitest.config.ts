// Three test projects (CONTRIBUTING.md):
// - unit: pure functions next to the code, no database;
// - integration: the API and the database layer on a fresh migrated, seeded PGlite per test file;
// - integration-postgres: the same files on a PostgreSQL server, only when TEST_DATABASE_URL is set.
// The integration global setup migrates and seeds one template database per run; each test file
// then gets its own copy (packages/db/src/testing/test-database.ts).
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

const INTEGRATION_FILES = [
  "apps/web/tests/integration/**/*.test.ts",
  "packages/db/src/**/*.integration.test.ts",
  "packages/core/src/**/*.integration.test.ts",
];

const integrationProject = (
  name: string,
  kind: "pglite" | "postgres",
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: INTEGRATION_FILES,
    globalSetup: ["packages/db/src/testing/global-setup.ts"],
    // Read by the global setup and by createTestDatabase() in the workers.
    env: { TEST_DB_KIND: kind },
    // Child processes rather than threads for PGlite's large WebAssembly heap. Without isolation
    // a worker keeps the modules it imported (Fastify, drizzle, PGlite) from one file to the
    // next, which halves the run on 2 cores; every file still opens and disposes its own
    // database, and the helpers keep no other state between files.
    pool: "forks",
    isolate: false,
    // Loading the seeded template into a new PGlite takes about a second per file.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    // Sized for our 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Generating a few thousand catalogue rows takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
          include: [
            "packages/**/src/**/*.test.ts",
            "apps/web/server/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "eslint/**/*.test.ts",
            "scripts/**/*.test.ts",
            // The benchmarks' own rules (bench/search-quality: the judged set's metrics).
            "bench/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "**/*.integration.test.ts", "apps/web/tests/**"],
        },
      },
      integrationProject("integration", "pglite"),
      ...(process.env.TEST_DATABASE_URL
        ? [integrationProject("integration-postgres", "postgres")]
        : []),
    ],
  },
});
