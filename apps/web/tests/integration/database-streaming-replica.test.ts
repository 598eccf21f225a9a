// The read replica over real streaming replication (docs/decisions/
// 048-backups-and-the-read-replica.md; docs/deploy.md "A local primary and replica" sets one up):
// runs when TEST_PRIMARY_URL and TEST_REPLICA_URL name a PostgreSQL primary and its hot standby
// (superuser connections to each server's `postgres` database). A scratch database made on the
// primary reaches the standby by replication; the app reads its catalogue from the standby, and a
// change written on the primary applies (caches emptied, finder index rebuilt) only once the
// standby has replayed it: with replay paused, the app keeps the catalogue it had.
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";
import {
  databaseUrl,
  newRunPrefix,
  quoteIdentifier,
} from "@studyatlas/db/testing/test-database-source.ts";
import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { parseWith } from "./test-app.ts";

const primaryAdmin = process.env.TEST_PRIMARY_URL ?? "";
const replicaAdmin = process.env.TEST_REPLICA_URL ?? "";
const runnable =
  process.env.TEST_DB_KIND === "postgres" && primaryAdmin !== "" && replicaAdmin !== "";

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.runIf(runnable)("a streaming replica as DATABASE_READ_URL", () => {
  const name = `${newRunPrefix()}_replica`;
  // Only when the suite runs: a skipped suite's body is still read, without the variables.
  const urls = runnable
    ? { url: databaseUrl(primaryAdmin, name), readUrl: databaseUrl(replicaAdmin, name) }
    : { url: "", readUrl: "" };
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let slug: string;

  const detailName = async () => {
    const response = await app.inject({ url: `/api/academics/course/detail/${slug}` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return parseWith(CourseDetailSchema, response.json(), "detail").name;
  };

  beforeAll(async () => {
    await onServer(primaryAdmin, (admin) =>
      admin.query(`create database ${quoteIdentifier(name)}`),
    );
    const seeding = await openDatabase({ kind: "postgres", url: urls.url, maxConnections: 3 });
    try {
      await seeding.migrate();
      await seedCatalogue(seeding, { courses: 80, schools: 8, seed: 5 });
      const { rows } = await seeding.query<{ slug: string }>(
        `select c.slug from courses c join schools s on s.id = c.school_id
         where c.published and s.published order by c.id limit 1`,
      );
      slug = rows[0]?.slug ?? "";
    } finally {
      await seeding.close();
    }
    database = await openDatabase({ kind: "postgres", ...urls, maxConnections: 3 });
    // The new database reaches the standby by replication.
    await database.readCaughtUp?.();
    app = await buildApp({
      config: testConfig({ database: { kind: "postgres", ...urls } }),
      database,
      frontend: { kind: "none" },
      logger: false,
    });
    await app.ready();
    await app.finderIndex.settled();
  }, 120_000);

  afterAll(async () => {
    await onServer(replicaAdmin, (admin) => admin.query("select pg_wal_replay_resume()"));
    await app?.close();
    await database?.close();
    await onServer(primaryAdmin, (admin) =>
      admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
    );
  });

  it("reads from a standby", async () => {
    const { rows } = await onServer(urls.readUrl, (client) =>
      client.query<{ standby: boolean }>("select pg_is_in_recovery() as standby"),
    );
    expect(rows[0]?.standby).toBe(true);
    expect(app.finderIndex.stats().size).toBeGreaterThan(0);
  });

  it("applies a change once the standby has replayed it", async () => {
    const before = await detailName();
    const raised: string[] = [];
    const unsubscribe = app.catalogueChanges.subscribe((change) => raised.push(change));
    const heard: string[] = [];
    const stopListening = await database.listen("catalogue_changed", (payload) => {
      heard.push(payload);
    });
    try {
      await onServer(urls.readUrl, (client) => client.query("select pg_wal_replay_pause()"));
      const builds = app.finderIndex.stats().builds;
      await database.query("update courses set name = $1 where slug = $2", [
        "Streamed Harbour Studies",
        slug,
      ]);
      const { rows } = await database.query<{ lsn: string }>(
        "select pg_current_wal_lsn()::text as lsn",
      );
      // The notice has been sent and the standby has received the change, without replaying it.
      await vi.waitFor(
        async () => {
          expect(heard.length).toBeGreaterThan(0);
          const received = await onServer(urls.readUrl, (client) =>
            client.query<{ received: boolean }>(
              "select pg_last_wal_receive_lsn() >= $1::pg_lsn as received",
              [rows[0]?.lsn],
            ),
          );
          expect(received.rows[0]?.received).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
      // So the app keeps its caches and its index: they still match what it reads.
      expect(raised).toEqual([]);
      expect(await detailName()).toBe(before);
      expect(app.finderIndex.stats().builds).toBe(builds);
      await onServer(urls.readUrl, (client) => client.query("select pg_wal_replay_resume()"));
      await vi.waitFor(() => expect(raised).toContain("catalogue"), {
        timeout: 10_000,
        interval: 20,
      });
      expect(await detailName()).toBe("Streamed Harbour Studies");
      await vi.waitFor(() => expect(app.finderIndex.stats().builds).toBeGreaterThan(builds), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      unsubscribe();
      await stopListening();
    }
  }, 60_000);
});
