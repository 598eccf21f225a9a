// The benchmark's server process: the production app (API and built front end) on the database the
// benchmark seeded, plus one extra route, `/bench/baseline`, that answers a pre-serialised finder
// response of the same size without touching the database. Comparing the two shows what the
// finder's own work costs on top of Fastify, HTTP and JSON transport.
// With WEB_CONCURRENCY=N (the harness's --workers N) it runs as the product does (ADR 020): a
// primary and N cluster workers on one port; `/bench/baseline` answers 503 until every worker
// listens, so that the harness starts measuring with all of them.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

import { runClusterPrimary } from "../apps/web/server/cluster-primary.ts";
import { loadConfig } from "../apps/web/server/config.ts";
import type { OramaPeer } from "./orama-peer.ts";
import { serverProcessMemory } from "./process-memory.ts";

const config = loadConfig({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" });

// Set by the primary once every worker listens; at once for a single process.
let allServing = !cluster.isWorker;
process.on("message", (message) => {
  if (message === "all-serving") allServing = true;
});

if (cluster.isPrimary && config.webConcurrency > 1) {
  runClusterPrimary({
    workers: config.webConcurrency,
    exec: fileURLToPath(import.meta.url),
    onServing: () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.send("all-serving");
      console.log(
        `bench server ready on ${config.port} (${config.webConcurrency} worker processes)`,
      );
    },
  });
} else {
  await serve();
}

/** The app with the bench routes, on this process's own database connections. */
async function serve(): Promise<void> {
  // Loaded here, not above: the primary of several workers serves nothing (as server/index.ts's).
  const { defaultOrdering } = await import("@studyatlas/core/finder/course-request.ts");
  const { coursesByIds, resolveCourseListRequest } =
    await import("@studyatlas/core/finder/search.ts");
  const { openDatabase } = await import("@studyatlas/db/client.ts");
  const { CourseListQuerySchema } = await import("@studyatlas/schemas/catalogue.ts");
  const { buildApp } = await import("../apps/web/server/app.ts");
  const { buildOramaPeer } = await import("./orama-peer.ts");
  const database = await openDatabase(
    config.database.kind === "postgres"
      ? { kind: "postgres", url: config.database.url, maxConnections: 10 }
      : { kind: "pglite", dataDir: config.database.dataDir },
  );
  const app = await buildApp({ config, database, frontend: { kind: "production" }, logger: false });

  let baselineBody = "";
  app.get("/bench/baseline", { schema: { hide: true } }, async (_request, reply) => {
    if (!allServing) return reply.code(503).send();
    return reply.header("content-type", "application/json; charset=utf-8").send(baselineBody);
  });
  // The finder index's build time and size, and the process's memory, once the index is built.
  app.get("/bench/index", { schema: { hide: true } }, async () => {
    await app.finderIndex.settled();
    const memory = process.memoryUsage();
    return {
      ...app.finderIndex.stats(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapLimit: v8.getHeapStatistics().heap_size_limit,
      processes: serverProcessMemory(),
    };
  });
  // Resolves once the finder index has read ahead its commonest words' sets and positions (behind
  // the scenes for the first seconds of a process): the benchmarks time a process past them, as
  // they time it past its index build. With several workers, the answering worker's.
  app.get("/bench/read-ahead", { schema: { hide: true } }, async () => {
    const started = performance.now();
    await app.finderIndex.settled();
    await app.finderIndex.readAhead();
    return { waitedMs: performance.now() - started };
  });
  // BENCH_ORAMA=true: the peer (orama-peer.ts) answers the same list and facet requests, resolved
  // and carded exactly as the finder's API does (the cards read from PostgreSQL by id).
  let peer: OramaPeer | undefined;
  let peerBuild: { ms: number; rssBefore: number; rssAfter: number } | undefined;
  async function peerRequest(query: unknown) {
    const parsed = CourseListQuerySchema.parse(query);
    return resolveCourseListRequest(database.db, {
      ...parsed,
      ordering: defaultOrdering(parsed),
    });
  }
  app.get("/bench/orama/list", { schema: { hide: true } }, async (request) => {
    if (!peer) throw new Error("BENCH_ORAMA is off");
    const listRequest = await peerRequest(request.query);
    const found = await peer.list(listRequest);
    return { count: found.count, results: await coursesByIds(database.db, found.ids) };
  });
  app.get("/bench/orama/facets", { schema: { hide: true } }, async (request) => {
    if (!peer) throw new Error("BENCH_ORAMA is off");
    return peer.facets((await peerRequest(request.query)).filters);
  });
  app.get("/bench/orama", { schema: { hide: true } }, async () => ({
    size: peer?.size(),
    ...peerBuild,
  }));
  if (process.env.BENCH_ORAMA === "true") {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    peer = await buildOramaPeer(database.db);
    peerBuild = { ms: performance.now() - started, rssBefore, rssAfter: process.memoryUsage().rss };
  }
  await app.ready();
  // The baseline body is exactly what the finder's first page answers.
  baselineBody = (await app.inject({ url: "/api/academics/course/list" })).body;

  await app.listen({ port: config.port, host: "127.0.0.1" });
  if (!cluster.isWorker) {
    console.log(
      `bench server ready on ${config.port} (baseline body ${baselineBody.length} bytes)`,
    );
  }

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}
