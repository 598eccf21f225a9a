// `npm run db:migrate` on a fresh PGlite directory: applies every migration once, then finds
// nothing to do; a malformed DATABASE_URL stops it with a message naming the variable.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "../client.ts";

const SCRIPT = fileURLToPath(new URL("./migrate.ts", import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), "studyatlas-migrate-"));

function run(env: Record<string, string>) {
  return spawnSync(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("db:migrate", () => {
  it("migrates an empty PGlite directory, and a second run changes nothing", async () => {
    const first = run({ DATA_DIR: dataDir });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Migrations applied to PGlite at ${dataDir}`);
    expect(run({ DATA_DIR: dataDir }).status).toBe(0);
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const { rows } = await database.query<{ tables: number }>(
        `select count(*)::int as tables from information_schema.tables
         where table_schema = 'public' and table_name in ('courses', 'course_details', 'users')`,
      );
      expect(rows[0]?.tables).toBe(3);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("names the variable when DATABASE_URL is malformed", () => {
    const result = run({ DATABASE_URL: "mysql://x" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^db:migrate: invalid environment variable DATABASE_URL/);
  });
});
