// A stand-in app for cluster-primary.test.ts: the primary of FIXTURE_WORKERS workers, each of
// which listens on FIXTURE_PORT and, as the test asks, exits before listening
// (FIXTURE_FAIL_AT_START) or a moment after (FIXTURE_CRASH_AFTER_MS): a crash loop.
import cluster from "node:cluster";
import http from "node:http";
import { fileURLToPath } from "node:url";

import { runClusterPrimary } from "./cluster-primary.ts";

const settings = {
  workers: Number(process.env.FIXTURE_WORKERS ?? "1"),
  port: Number(process.env.FIXTURE_PORT ?? "0"),
  failAtStart: process.env.FIXTURE_FAIL_AT_START === "true",
  crashAfterMs: Number(process.env.FIXTURE_CRASH_AFTER_MS ?? "0"),
};

/** The primary's lines as plain text, which the test reads. */
const log = {
  info: (line: string) => void process.stdout.write(`${line}\n`),
  error: (line: string) => void process.stderr.write(`${line}\n`),
};

if (cluster.isPrimary) {
  runClusterPrimary({
    workers: settings.workers,
    exec: fileURLToPath(import.meta.url),
    onServing: () => log.info(`serving with ${settings.workers} workers`),
    onStop: async () => log.info("primary closed"),
    log,
  });
} else if (settings.failAtStart) {
  log.error("worker cannot start");
  process.exit(1);
} else {
  const server = http.createServer((_request, response) => response.end(String(process.pid)));
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
  server.listen(settings.port, "127.0.0.1", () => {
    if (settings.crashAfterMs > 0) setTimeout(() => process.exit(3), settings.crashAfterMs);
  });
}
