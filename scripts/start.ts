// `npm start`: build the web app when the build is missing or older than its sources, then run
// the production server (which migrates, seeds the demo catalogue on the first run, and listens)
// as a child process under a small supervisor (apps/web/server/supervisor.ts): a server process
// that ends on a fatal failure (services/database-watchdog.ts) is started again after a growing
// pause, until it crashes too often in a row; SIGINT and SIGTERM are passed on to it. The child
// gets the environment the app process needs set before Node starts (glibc's arenas:
// server/process-environment.ts) and runs this script again with SUPERVISED_CHILD set.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { appProcessEnvironment } from "../apps/web/server/process-environment.ts";
import { supervise } from "../apps/web/server/supervisor.ts";

/** Set in the server process the supervisor starts: it serves instead of supervising. */
const SUPERVISED_CHILD = "STUDYATLAS_SUPERVISED_CHILD";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD_MARKER = path.join(ROOT, "apps/web/build/server/index.js");
/** Where the build's own output goes, so that the terminal shows the start banner, not the bundler. */
const BUILD_LOG = path.join(ROOT, "apps/web/.build.log");
const SOURCES = [
  "apps/web/app",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "packages/core/src",
  "packages/schemas/src",
  "packages/db/src",
  "package-lock.json",
];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx"))
      continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

if (process.env[SUPERVISED_CHILD] === "1") {
  await import("../apps/web/server/index.ts");
} else {
  buildWhenStale();
  const code = await supervise({
    command: process.execPath,
    args: [...process.execArgv, ...process.argv.slice(1)],
    env: { ...(appProcessEnvironment(process.env) ?? process.env), [SUPERVISED_CHILD]: "1" },
    log: (line) => console.error(line),
  });
  process.exit(code);
}

function buildWhenStale(): void {
  const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...SOURCES.map((source) => newestModification(path.join(ROOT, source))),
  );
  if (builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0
      ? "Building the web app (the first start only; about a minute)..."
      : "Sources changed since the last build; rebuilding...",
  );
  const started = performance.now();
  const result = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  writeFileSync(BUILD_LOG, output);
  if (result.status !== 0) {
    process.stderr.write(output);
    console.error(`The build failed (its output above, and in ${path.relative(ROOT, BUILD_LOG)}).`);
    process.exit(result.status ?? 1);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`Built in ${seconds} s (the build's output: ${path.relative(ROOT, BUILD_LOG)}).`);
}
