// The rules `npm run lint` adds for docs/decisions/021-honest-packages.md, each shown failing on a
// bad probe and passing on a good one: ESLint's (no console in server code, the finder index
// closed, file and function sizes) through its Node API with the repository's own config, on
// probe files that exist only in memory; the dependency check and the import-circle check as the
// lint script runs them, on small projects written to a temporary folder.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findImportCycles } from "../scripts/import-cycles.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Where the probes claim to live; the type-aware parser gives them a default project. */
const PROBES = {
  server: "apps/web/server/routes/lint-probe.ts",
  serverCli: "apps/web/server/cli/lint-probe.ts",
  appServer: "apps/web/app/routes/lint-probe.server.ts",
  core: "packages/core/src/contact/lint-probe.ts",
  coreTest: "packages/core/src/contact/lint-probe.test.ts",
  e2eSpec: "apps/web/tests/e2e/lint-probe.spec.ts",
  finder: "packages/core/src/finder/lint-probe.ts",
  seed: "packages/db/src/seed/lint-probe.ts",
  seedTest: "packages/db/src/seed/lint-probe.test.ts",
  bench: "bench/lint-probe.ts",
};

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: Object.values(PROBES) } },
    },
  },
});

/** The rules that report on `code` as the file `file`, one entry per report. */
async function reports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** A module of exactly `count` lines (the last one ends with a newline). */
const linesOfCode = (count: number) =>
  Array.from({ length: count }, (_, line) => `export const value${line} = ${line};`).join("\n") +
  "\n";

/** A function spanning exactly `count` lines, from its first line to its closing brace. */
const functionOfLines = (count: number) =>
  [
    "export function probe(): number {",
    "  let total = 0;",
    ...Array.from({ length: count - 4 }, (_, line) => `  total += ${line};`),
    "  return total;",
    "}",
  ].join("\n") + "\n";

describe("ESLint: no console in server and core code", () => {
  const logging = 'export function probe(): void {\n  console.log("probe");\n}\n';
  const quiet = "export function probe(): number {\n  return 1;\n}\n";

  it("fails on console.log in the server, core and the app's server modules", async () => {
    expect(await reports(PROBES.server, logging)).toContain("no-console");
    expect(await reports(PROBES.core, logging)).toContain("no-console");
    expect(await reports(PROBES.appServer, logging)).toContain("no-console");
  }, 120_000);

  it("passes without console, in the command-line tools and in tests", async () => {
    expect(await reports(PROBES.server, quiet)).not.toContain("no-console");
    expect(await reports(PROBES.serverCli, logging)).not.toContain("no-console");
    expect(await reports(PROBES.coreTest, logging)).not.toContain("no-console");
  }, 60_000);
});

describe("ESLint: the finder index is the finder's own", () => {
  const fromIndex =
    'import type { CourseIndex } from "@studyatlas/core/finder/index/course-index.ts";\n' +
    "export type Probe = CourseIndex | undefined;\n";

  it("fails on a CourseIndex import from outside the finder, by path and by name", async () => {
    const server = await reports(PROBES.server, fromIndex);
    expect(server).toContain("layout/import-zones");
    expect(server).toContain("no-restricted-syntax");
    // Carried out through a public module, the name is still refused.
    const renamed = await reports(
      PROBES.core,
      'import type { CourseIndex } from "../finder/search.ts";\nexport type Probe = CourseIndex;\n',
    );
    expect(renamed).toContain("no-restricted-syntax");
    expect(renamed).not.toContain("layout/import-zones");
  }, 60_000);

  it("passes inside the finder, and for the finder's public modules elsewhere", async () => {
    const inside = await reports(
      PROBES.finder,
      'import type { CourseIndex } from "./index/course-index.ts";\nexport type Probe = CourseIndex;\n',
    );
    expect(inside).not.toContain("layout/import-zones");
    expect(inside).not.toContain("no-restricted-syntax");
    const publicModule = await reports(
      PROBES.server,
      'import type { FinderPage } from "@studyatlas/core/finder/finder-page.ts";\n' +
        "export type Probe = FinderPage;\n",
    );
    expect(publicModule).not.toContain("layout/import-zones");
    expect(publicModule).not.toContain("no-restricted-syntax");
  }, 60_000);
});

describe("ESLint: files of at most 450 lines, functions of at most 100", () => {
  it("fails on a 451-line file and passes on a 450-line one", async () => {
    expect(await reports(PROBES.core, linesOfCode(451))).toContain("max-lines");
    expect(await reports(PROBES.core, linesOfCode(450))).not.toContain("max-lines");
  }, 60_000);

  it("fails on a 101-line function and passes on a 100-line one", async () => {
    expect(await reports(PROBES.core, functionOfLines(101))).toContain("max-lines-per-function");
    expect(await reports(PROBES.core, functionOfLines(100))).not.toContain(
      "max-lines-per-function",
    );
  }, 60_000);

  it("counts blank and comment lines", async () => {
    const padded = `${functionOfLines(60).replace("{\n", `{\n${"  // why\n\n".repeat(21)}`)}`;
    expect(await reports(PROBES.core, padded)).toContain("max-lines-per-function");
  }, 60_000);

  it("holds tests, the seed's included, to the file limit but not to the function limit", async () => {
    for (const file of [PROBES.coreTest, PROBES.e2eSpec, PROBES.seedTest]) {
      const found = await reports(file, linesOfCode(451) + functionOfLines(101));
      expect(found, file).toContain("max-lines");
      expect(found, file).not.toContain("max-lines-per-function");
    }
  }, 60_000);

  it("leaves seed data and benchmarks out", async () => {
    for (const file of [PROBES.seed, PROBES.bench]) {
      const found = await reports(file, linesOfCode(451) + functionOfLines(101));
      expect(found).not.toContain("max-lines");
      expect(found).not.toContain("max-lines-per-function");
    }
  }, 60_000);
});

/** Writes `files` (path → content) under `folder`. */
function writeTree(folder: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), content);
  }
}

/** Runs one of the lint scripts as `npm run lint` does; its exit code and output. */
function runScript(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the import-circle check", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), "lint-cycles-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const project = (b: string) => {
    writeTree(folder, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          allowImportingTsExtensions: true,
          noEmit: true,
          types: [],
        },
        include: ["*.ts"],
      }),
      "a.ts": 'import { b } from "./b.ts";\nexport const a = b + 1;\nexport type A = number;\n',
      "b.ts": b,
    });
    return path.join(folder, "tsconfig.json");
  };

  it("fails on two files that import each other, a type-only import included", () => {
    const tsconfig = project('import type { A } from "./a.ts";\nexport const b: A = 1;\n');
    expect(findImportCycles([tsconfig], folder)).toEqual([
      { circle: ["a.ts", "b.ts"], modules: expect.arrayContaining(["a.ts", "b.ts"]) as unknown },
    ]);
    const run = runScript("check-import-cycles.ts", [tsconfig]);
    expect(run.status).toBe(1);
    expect(run.output).toContain("a.ts -> ");
  });

  it("passes when the import goes one way", () => {
    const tsconfig = project("export const b = 1;\n");
    expect(findImportCycles([tsconfig], folder)).toEqual([]);
    expect(runScript("check-import-cycles.ts", [tsconfig]).status).toBe(0);
  });
});

describe("the dependency check", () => {
  let folder: string;
  beforeAll(() => {
    // A root whose devDependencies hold a test tool, and one workspace that ships main.ts.
    folder = mkdtempSync(path.join(os.tmpdir(), "lint-dependencies-"));
    const fakePackage = (name: string) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({
        name,
        version: "1.0.0",
        type: "module",
        main: "index.js",
      }),
      [`node_modules/${name}/index.js`]: "export const value = 1;\n",
    });
    writeTree(folder, {
      "package.json": JSON.stringify({
        name: "probe-root",
        private: true,
        type: "module",
        workspaces: ["packages/*"],
        devDependencies: { "probe-test-tool": "1.0.0", vitest: "1.0.0" },
      }),
      ...fakePackage("probe-runtime"),
      ...fakePackage("probe-test-tool"),
    });
    mkdirSync(path.join(folder, "node_modules", "@probe"));
    symlinkSync("../../packages/lib", path.join(folder, "node_modules", "@probe", "lib"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const check = (dependencies: Record<string, string>, main: string, test: string) => {
    writeTree(folder, {
      "packages/lib/package.json": JSON.stringify({
        name: "@probe/lib",
        version: "1.0.0",
        private: true,
        type: "module",
        exports: { "./main.ts": "./src/main.ts" },
        dependencies,
      }),
      "packages/lib/src/main.ts": main,
      "packages/lib/src/main.test.ts": test,
    });
    return runScript("check-dependencies.ts", ["--directory", folder]);
  };
  const usesRuntime = 'import { value } from "probe-runtime";\nexport const probe = value;\n';
  const testUsing = (name: string) =>
    `import { value } from "${name}";\nimport { it } from "vitest";\nit("runs", () => void value);\n`;

  it("fails on an undeclared dependency of shipped code", () => {
    const run = check({}, usesRuntime, testUsing("probe-test-tool"));
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/Unlisted dependencies[\s\S]*probe-runtime/);
  }, 60_000);

  it("fails on shipped code that leans on the root's test tools", () => {
    const run = check(
      {},
      'import { value } from "probe-test-tool";\nexport const probe = value;\n',
      testUsing("probe-test-tool"),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain("probe-test-tool");
  }, 60_000);

  it("fails on a test's undeclared dependency and on a declared one nothing imports", () => {
    const undeclared = check(
      { "probe-runtime": "1.0.0" },
      usesRuntime,
      testUsing("probe-undeclared"),
    );
    expect(undeclared.status).toBe(1);
    expect(undeclared.output).toContain("probe-undeclared");
    const unused = check(
      { "probe-runtime": "1.0.0" },
      "export const probe = 1;\n",
      testUsing("probe-test-tool"),
    );
    expect(unused.status).toBe(1);
    expect(unused.output).toMatch(/Unused dependencies[\s\S]*probe-runtime/);
  }, 60_000);

  it("passes when the workspace declares what it ships and the root what tests use", () => {
    const run = check({ "probe-runtime": "1.0.0" }, usesRuntime, testUsing("probe-test-tool"));
    expect(run.output).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);
});
