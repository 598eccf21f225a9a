// Catalogue writes never stall reads (docs/architecture.md "Data, freshness and caches"), on both engines:
// bursts of concurrent publish and unpublish writes through the partner API while a reader polls
// a public API endpoint (the finder's list) and /api/health. Every read answers within a second,
// and every write is acknowledged and persisted. The catalogue is grown to a few thousand
// programmes first (the demo seed's size), so that work done per write over the whole catalogue
// shows as it does on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";

import { programmePartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** The longest a read may take while writes run. */
const MAX_READ_MS = 1000;
/** Copies of the test catalogue's programmes added before the bursts (400 each). */
const CATALOGUE_COPIES = 4;
/** How often the reader polls. */
const POLL_EVERY_MS = 20;

let t: TestApp;
let base = "";
let partner: ProgrammePartner;
let courseIds: number[] = [];
let address = 0;
const nextIp = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  partner = await programmePartner(t, nextIp);
  // More programmes of every school (the partner's included), each with its own slug.
  await t.database.query(
    `insert into courses (slug, name, school_id, programme_type_id, degree_type_id, language_id,
       duration, duration_base, course_format, attendance, tuition_fee, tuition_currency_id,
       tuition_fee_usd, published, school_name, discipline_names, about)
     select c.slug || '-copy-' || n, c.name || ' ' || n, c.school_id, c.programme_type_id,
       c.degree_type_id, c.language_id, c.duration, c.duration_base, c.course_format,
       c.attendance, c.tuition_fee, c.tuition_currency_id, c.tuition_fee_usd, c.published,
       c.school_name, c.discipline_names, c.about
     from courses c cross join generate_series(1, ${CATALOGUE_COPIES}) as n`,
  );
  await t.database.query(
    `insert into course_disciplines (course_id, discipline_id, position)
     select copy.id, cd.discipline_id, cd.position
     from courses copy
     join courses original on copy.slug like original.slug || '-copy-%'
       and copy.school_id = original.school_id
     join course_disciplines cd on cd.course_id = original.id
     where copy.slug ~ '-copy-[0-9]+$' and original.slug !~ '-copy-[0-9]+$'
     on conflict do nothing`,
  );
  const { rows } = await t.database.query<{ id: number }>(
    `select id from courses where school_id = $1 order by id limit 10`,
    [partner.schoolId],
  );
  courseIds = rows.map((row) => Number(row.id));
  expect(courseIds).toHaveLength(10);
  // The finder index of the grown catalogue is built before the bursts start.
  t.app.catalogueChanges.raise("catalogue");
  await t.app.finderIndex.settled();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Reads {
  latencies: number[];
  statuses: number[];
}

const ORDERINGS = ["name", "-name", "tuition", "-tuition"];

/**
 * Over HTTP, as a visitor's browser and a load balancer read: the finder's list (a different page
 * and order each time, so the answer cache cannot hide the work) and the health check, one after
 * the other every few milliseconds, until `until` settles.
 */
async function readWhile(until: Promise<unknown>): Promise<Reads> {
  const reads: Reads = { latencies: [], statuses: [] };
  let done = false;
  void until.finally(() => {
    done = true;
  });
  for (let index = 0; !done || reads.latencies.length < 4; index += 1) {
    const url =
      index % 2 === 1
        ? "/api/health"
        : `/api/academics/course/list?page_size=20&page=${(index % 37) + 1}&ordering=${ORDERINGS[index % ORDERINGS.length]}`;
    const started = performance.now();
    const response = await fetch(`${base}${url}`);
    await response.arrayBuffer();
    reads.latencies.push(performance.now() - started);
    reads.statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return reads;
}

/** `count` concurrent writes: every other programme published, the rest unpublished. */
async function burst(count: number, round: number) {
  const targets = courseIds.slice(0, count).map((id, index) => ({
    id,
    publish: (index + round) % 2 === 0,
  }));
  const writes = Promise.all(
    targets.map(({ id, publish }) =>
      partner.browser.call(
        "POST",
        `/api/dashboard/partner/programmes/${id}/${publish ? "publish" : "unpublish"}`,
      ),
    ),
  );
  // Read until the writes and the work they leave behind (the finder index rebuilt) are done.
  const aftermath = writes.then(() => t.app.finderIndex.settled());
  const [responses, reads] = await Promise.all([writes, readWhile(aftermath)]);
  return { targets, responses, reads };
}

describe("catalogue writes and reads at once", () => {
  for (const [count, round] of [
    [4, 0],
    [10, 1],
    [10, 2],
  ] as const) {
    it(`answers every read within ${MAX_READ_MS} ms during ${count} concurrent writes (round ${round})`, async () => {
      const { targets, responses, reads } = await burst(count, round);
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const { rows } = await t.database.query<{ id: number; published: boolean }>(
        `select id, published from courses where id = any($1::int[])`,
        [targets.map((target) => target.id)],
      );
      const stored = new Map(rows.map((row) => [Number(row.id), row.published]));
      for (const target of targets) expect(stored.get(target.id)).toBe(target.publish);
      expect(reads.statuses.every((status) => status === 200)).toBe(true);
      const slowest = Math.max(...reads.latencies);
      expect(slowest, `read latencies: ${reads.latencies.map(Math.round).join(", ")}`).toBeLessThan(
        MAX_READ_MS,
      );
    }, 120_000);
  }
});
