// Several app processes on one machine (WEB_CONCURRENCY, ADR 020): the real server entry
// (apps/web/server/index.ts) started with WEB_CONCURRENCY=2 on its own copy of the test database.
// It serves pages and the API from two worker processes, replaces a worker killed with SIGKILL
// while the other keeps answering, and on SIGTERM stops every process. PostgreSQL only: PGlite is
// one process's database, which the server refuses to share (tested on both engines).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { startEntry, waitUntilServing, type Server } from "./server-entry.ts";
import { childProcessIds } from "../../server/process-tree.ts";
import { freePort } from "./free-port.ts";

const runnable = process.env.TEST_DB_KIND === "postgres";

function processExists(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** One GET on a new connection (each may go to another worker). */
function get(port: number, url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: url, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"] ?? ""),
          body,
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: no answer in 10 s`)));
    request.on("error", reject);
  });
}

/** The processes that logged a request for `url`, or for any (every worker logs with its pid). */
function pidsThatAnswered(log: string, url?: string): Set<number> {
  const pids = new Set<number>();
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string; req?: { url?: string } };
      if (
        entry.msg === "incoming request" &&
        (url === undefined || entry.req?.url === url) &&
        entry.pid
      )
        pids.add(entry.pid);
    } catch {
      // Not a log line.
    }
  }
  return pids;
}

describe("WEB_CONCURRENCY on embedded PGlite", () => {
  it("is refused at start with a message naming the variable and DATABASE_URL", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "studyatlas-processes-"));
    try {
      const server = startEntry({
        WEB_CONCURRENCY: "2",
        DATA_DIR: path.join(folder, "data"),
        PORT: String(await freePort()),
      });
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.stderr()).toContain(
        "Invalid WEB_CONCURRENCY: 2 processes need a PostgreSQL server (set DATABASE_URL)",
      );
      // Refused before anything was opened.
      expect(existsSync(path.join(folder, "data"))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.runIf(runnable)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  let port = 0;
  const seen = new Set<number>();

  beforeAll(async () => {
    ensureBuiltFrontEnd();
    database = await createTestDatabase();
    port = await freePort();
    server = startEntry({
      DATABASE_URL: database.url ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      NODE_ENV: "production",
      // Every worker logs each request with its pid (at debug: server/request-log.ts): which
      // process answered.
      LOG_LEVEL: "debug",
    });
    await waitUntilServing(server);
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      for (const pid of childProcessIds(server.child.pid ?? 0)) process.kill(pid, "SIGKILL");
      server.child.kill("SIGKILL");
      await server.exited;
    }
    for (const pid of seen) if (processExists(pid)) process.kill(pid, "SIGKILL");
    await database?.dispose();
  }, 60_000);

  it("serves from two workers, replaces one killed, and stops every process on SIGTERM", async () => {
    const target = server!;
    const primary = target.child.pid!;
    expect(target.stdout()).toMatch(
      /StudyAtlas is serving http:\/\/localhost:\d+ \(database: PostgreSQL; 2 processes\)/,
    );

    // Two workers, children of the primary.
    const workers = childProcessIds(primary);
    expect(workers).toHaveLength(2);
    for (const pid of workers) seen.add(pid);

    // Pages and the API, each on a new connection, which the primary hands to the workers in turn.
    for (let round = 0; round < 4; round += 1) {
      const home = await get(port, "/");
      expect(home.status).toBe(200);
      expect(home.type).toMatch(/^text\/html/);
      const list = await get(port, "/api/academics/course/list?page_size=1");
      expect(list.status).toBe(200);
      expect(list.type).toMatch(/^application\/json/);
    }
    const { results } = JSON.parse(
      (await get(port, "/api/academics/course/list?page_size=1")).body,
    ) as { results: Array<{ slug: string }> };
    const course = await get(port, `/course/${results[0]!.slug}`);
    expect(course.status).toBe(200);
    expect(course.body).toContain("<html");
    // Both workers answered.
    await expect
      .poll(() => [...pidsThatAnswered(target.stdout())].sort((a, b) => a - b), {
        timeout: 5000,
      })
      .toEqual(workers);

    // One worker killed outright: the other keeps answering, and the primary starts another.
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    // Once the primary has heard of it (so no new connection is handed to the dead worker):
    await expect
      .poll(() => target.stderr(), { timeout: 10_000, interval: 20 })
      .toContain(
        `Worker process ${victim} exited unexpectedly (killed by SIGKILL); starting another`,
      );
    expect(processExists(victim)).toBe(false);
    // The survivor answers meanwhile (the replacement takes a moment to build the app).
    for (let request = 0; request < 6; request += 1) {
      expect((await get(port, `/api/health?after-kill=${request}`)).status).toBe(200);
    }
    await expect
      .poll(() => [...pidsThatAnswered(target.stdout(), "/api/health?after-kill=0")])
      .toEqual([survivor]);
    await expect
      .poll(() => childProcessIds(primary).filter((pid) => pid !== survivor).length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(1);
    const replacement = childProcessIds(primary).find((pid) => pid !== survivor)!;
    expect(replacement).not.toBe(victim);
    seen.add(replacement);
    // The replacement serves: new connections reach it.
    await expect
      .poll(
        async () => {
          await get(port, "/robots.txt?replacement");
          return pidsThatAnswered(target.stdout(), "/robots.txt?replacement").has(replacement);
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    await expect.poll(() => target.stdout()).toContain(`Worker process ${replacement} is serving.`);
    // The serving line was printed once.
    expect(target.stdout().match(/StudyAtlas is serving/g)).toHaveLength(1);

    // SIGTERM to the primary: every worker closes, then the primary exits.
    target.child.kill("SIGTERM");
    const exit = await target.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    for (const pid of [survivor, replacement]) expect(processExists(pid)).toBe(false);
    expect(target.stdout()).toContain("SIGTERM: stopping 2 worker processes.");
    // Each worker went through the app's close path.
    for (const pid of [survivor, replacement]) {
      expect(target.stdout()).toMatch(
        new RegExp(`"pid":${pid},[^\\n]*"msg":"SIGTERM: shutting down"`),
      );
    }
  }, 150_000);
});
