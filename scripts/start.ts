// `npm start`: build the web app when the build is missing or older than its sources, then run
// the production server (which migrates, seeds the demo catalogue on the first run, and listens).
// When the environment lacks what the app process needs set before Node starts (glibc's arenas:
// server/process-environment.ts), the script runs itself again as a child with it, and passes
// signals on; the child is the app process.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { appProcessEnvironment } from "../apps/web/server/process-environment.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD_MARKER = path.join(ROOT, "apps/web/build/server/index.js");
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

const environment = appProcessEnvironment(process.env);
if (environment) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: environment,
    stdio: "inherit",
  });
  // The server closes once however many signals it hears (a terminal's Ctrl-C reaches both
  // processes; a supervisor's SIGTERM only this one).
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on("error", (error) => {
    console.error(`Could not start the server process: ${error.message}`);
    process.exit(1);
  });
} else {
  await startServer();
}

async function startServer(): Promise<void> {
  const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...SOURCES.map((source) => newestModification(path.join(ROOT, source))),
  );
  if (builtAt < sourcesAt) {
    console.log(
      builtAt === 0
        ? "Building the web app..."
        : "Sources changed since the last build; rebuilding...",
    );
    const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }

  await import("../apps/web/server/index.ts");
}
