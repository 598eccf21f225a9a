// Saved searches and alerts on a real database, PGlite and PostgreSQL
// (docs/decisions/053-saved-searches-and-alerts.md), with an injected clock: a new matching
// programme gives exactly one alert per student and schedule across two processes and a restart;
// a daily search waits a day; deadline reminders fire once at 30 and once at 7 days; one-click
// unsubscribe stops that alert only; and the API's answers for bad input and another's search.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runAlerts } from "@studyatlas/core/alerts/alert-run.ts";
import { acquireLease } from "@studyatlas/core/alerts/lease.ts";
import { openDatabase, type Database, type DatabaseHandle } from "@studyatlas/db/client.ts";
import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { SavedSearchAnswerSchema, SavedSearchListSchema } from "@studyatlas/schemas/alerts.ts";

import {
  DAY,
  MINUTE,
  addCourseLike,
  alertMailsTo,
  oneClickTokens,
  sectionToken,
  signedInStudent,
  someCourse,
} from "./alerts-support.ts";
import type { Browser } from "./account-client.ts";
import { apiError, body, startApp } from "./endpoint-support.ts";
import { parseWith } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
/** A second process's connection: its own pool on PostgreSQL; PGlite is one process's database. */
let second: DatabaseHandle | undefined;
let otherDb: Database;
let source: { id: number; schoolSlug: string };
const BASE = "http://localhost";

beforeAll(async () => {
  // The scheduler's own run stays out of the way: the tests run the alerts with their clock.
  ({ database, app } = await startApp({ alertsIntervalMs: 86_400_000 }));
  if (database.url) {
    second = await openDatabase({ kind: "postgres", url: database.url, maxConnections: 3 });
  }
  otherDb = second?.db ?? database.db;
  source = await someCourse(database.db);
});

afterAll(async () => {
  await second?.close();
  await app?.close();
  await database?.dispose();
});

async function save(browser: Browser, query: string, frequency = "instant") {
  return parseWith(
    SavedSearchAnswerSchema,
    body(await browser.call("POST", "/api/saved-searches", { body: { query, frequency } }), 201),
    "save",
  ).saved_search;
}

const run = (db: Database, holder: string, now: Date) =>
  runAlerts(db, { now, holder, publicBaseUrl: BASE });

describe("saved search alerts", () => {
  it("sends exactly one alert per student across two processes and a restart", async () => {
    const student = await signedInStudent(app);
    const saved = await save(student.browser, `school_slug=${source.schoolSlug}`);
    expect(saved.path).toBe(`/coursefinder?school_slug=${source.schoolSlug}`);
    const t0 = new Date();
    await addCourseLike(database.db, source.id, new Date(t0.getTime() + MINUTE));
    await addCourseLike(database.db, source.id, new Date(t0.getTime() + MINUTE));
    const at = new Date(t0.getTime() + 2 * MINUTE);

    // Two processes offered the run at the same moment, then a restarted one.
    const [a, b] = await Promise.all([run(database.db, "one", at), run(otherDb, "two", at)]);
    expect([a.ran, b.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
    await run(database.db, "one-restarted", at);
    await run(otherDb, "two", new Date(at.getTime() + MINUTE));

    const mails = await alertMailsTo(database.db, student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`2 new programmes match “${saved.name}”`);
    expect(mails[0]?.text).toContain(`${BASE}/coursefinder?school_slug=${source.schoolSlug}`);
    expect(mails[0]?.headers).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // A third programme later: one more alert, with that one only.
    await addCourseLike(database.db, source.id, new Date(at.getTime() + 2 * MINUTE));
    const later = new Date(at.getTime() + 3 * MINUTE);
    await Promise.all([run(database.db, "one", later), run(otherDb, "two", later)]);
    const after = await alertMailsTo(database.db, student.email);
    expect(after).toHaveLength(2);
    expect(after[1]?.subject).toBe(`1 new programme matches “${saved.name}”`);
  });

  it("counts a programme published later from the dashboard as new, once", async () => {
    const student = await signedInStudent(app);
    const draft = await addCourseLike(database.db, source.id, new Date("2020-01-01T00:00:00Z"), {
      published: false,
    });
    await save(student.browser, `school_slug=${source.schoolSlug}`);
    const publish = (published: boolean) =>
      database.db.execute(sql`update courses set published = ${published} where id = ${draft}`);
    await publish(true);
    const at = new Date(Date.now() + 20 * DAY);
    await run(database.db, "one", at);
    const [mail] = await alertMailsTo(database.db, student.email);
    expect(mail?.text).toContain("Alert Copy");
    // Unpublished and published again: not new a second time.
    await publish(false);
    await publish(true);
    await run(database.db, "one", new Date(at.getTime() + MINUTE));
    expect(await alertMailsTo(database.db, student.email)).toHaveLength(1);
  });

  it("skips its turn while another process holds the lease", async () => {
    const student = await signedInStudent(app);
    await save(student.browser, `school_slug=${source.schoolSlug}`);
    const t0 = new Date(Date.now() + 10 * MINUTE);
    await addCourseLike(database.db, source.id, t0);
    const at = new Date(t0.getTime() + MINUTE);
    expect(await acquireLease(otherDb, "alerts", "stuck", at, 5 * MINUTE)).toBe(true);
    expect((await run(database.db, "one", at)).ran).toBe(false);
    expect(await alertMailsTo(database.db, student.email)).toHaveLength(0);
    // The holder died: once its lease expires, another process runs.
    const expired = new Date(at.getTime() + 6 * MINUTE);
    expect((await run(database.db, "one", expired)).ran).toBe(true);
    expect(await alertMailsTo(database.db, student.email)).toHaveLength(1);
  });

  it("sends a daily digest at most once a day, gathering what came in between", async () => {
    const student = await signedInStudent(app);
    await save(student.browser, `school_slug=${source.schoolSlug}`, "daily");
    const t0 = new Date(Date.now() + 30 * MINUTE);
    await addCourseLike(database.db, source.id, t0);
    await run(database.db, "one", new Date(t0.getTime() + MINUTE));
    expect(await alertMailsTo(database.db, student.email)).toHaveLength(1);
    await addCourseLike(database.db, source.id, new Date(t0.getTime() + 2 * MINUTE));
    await addCourseLike(database.db, source.id, new Date(t0.getTime() + 3 * MINUTE));
    await run(database.db, "one", new Date(t0.getTime() + 4 * MINUTE));
    expect(await alertMailsTo(database.db, student.email)).toHaveLength(1);
    await run(database.db, "one", new Date(t0.getTime() + DAY + MINUTE));
    const mails = await alertMailsTo(database.db, student.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toMatch(/^2 new programmes match/);
  });

  it("counts new matches since the search was last opened, and starts again when opened", async () => {
    const student = await signedInStudent(app);
    const saved = await save(student.browser, `school_slug=${source.schoolSlug}`, "off");
    await addCourseLike(database.db, source.id, new Date());
    const list = parseWith(
      SavedSearchListSchema,
      body(await student.browser.call("GET", "/api/saved-searches"), 200),
      "list",
    );
    expect(list.results.find((s) => s.id === saved.id)?.new_matches).toBe(1);
    expect(list.wishlist_alerts).toEqual({ deadline_reminders: true, change_alerts: true });
    const seen = body(
      await student.browser.call("POST", `/api/saved-searches/${saved.id}/seen`),
      200,
    );
    expect(seen).toEqual({ path: saved.path });
    const again = parseWith(
      SavedSearchListSchema,
      body(await student.browser.call("GET", "/api/saved-searches"), 200),
      "list",
    );
    expect(again.results.find((s) => s.id === saved.id)?.new_matches).toBe(0);
  });
});

describe("deadline reminders", () => {
  it("fire once at 30 days and once at 7 days before the deadline", async () => {
    const student = await signedInStudent(app);
    // Deadline June 2031: the last day of the month, 30 June 2031.
    const course = await addCourseLike(database.db, source.id, new Date("2020-01-01T00:00:00Z"), {
      deadlineMonth: 6,
      deadlineYear: 2031,
    });
    body(await student.browser.call("POST", "/api/wishlists/create", { body: { course } }), 201);
    const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
    const reminders = async () =>
      (await alertMailsTo(database.db, student.email)).filter((m) => m.text.includes("apply by"));

    await run(database.db, "one", day("2031-05-30")); // 31 days left
    expect(await reminders()).toHaveLength(0);
    await Promise.all([
      run(database.db, "one", day("2031-05-31")), // 30 days left
      run(otherDb, "two", day("2031-05-31")),
    ]);
    await run(database.db, "restarted", day("2031-06-01"));
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.subject).toMatch(/^30 days left to apply: Alert Copy/);
    await run(database.db, "one", day("2031-06-22")); // 8 days left
    expect(await reminders()).toHaveLength(1);
    await Promise.all([
      run(database.db, "one", day("2031-06-23")), // 7 days left
      run(otherDb, "two", day("2031-06-23")),
    ]);
    await run(database.db, "restarted", day("2031-06-25"));
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toMatch(/^7 days left to apply/);
    expect(sent[1]?.text).toContain("apply by 30 June 2031 (7 days left)");
  });

  it("tells the student once when a wishlisted programme's price changes", async () => {
    const student = await signedInStudent(app);
    // No deadline: no reminder besides the change.
    const course = await addCourseLike(database.db, source.id, new Date("2020-01-01T00:00:00Z"), {
      deadlineMonth: 0,
    });
    body(await student.browser.call("POST", "/api/wishlists/create", { body: { course } }), 201);
    const now = new Date(Date.now() + 2 * DAY);
    await run(database.db, "one", now); // records what the student saw
    await database.db.execute(sql`update courses set tuition_fee = 12345 where id = ${course}`);
    await Promise.all([run(database.db, "one", now), run(otherDb, "two", now)]);
    await run(database.db, "restarted", now);
    const mails = await alertMailsTo(database.db, student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Tuition: .* → 12,345 /);
  });
});

describe("one-click unsubscribe", () => {
  it("stops only the alert whose token it carries", async () => {
    const student = await signedInStudent(app);
    const saved = await save(student.browser, `school_slug=${source.schoolSlug}`);
    const course = await addCourseLike(database.db, source.id, new Date("2020-01-01T00:00:00Z"), {
      deadlineMonth: 3,
      deadlineYear: 2033,
    });
    body(await student.browser.call("POST", "/api/wishlists/create", { body: { course } }), 201);
    const t0 = new Date("2033-03-01T08:00:00Z"); // 30 days before 31 March
    await addCourseLike(database.db, source.id, new Date(t0.getTime() - MINUTE));
    await run(database.db, "one", t0);
    const [digest] = await alertMailsTo(database.db, student.email);
    expect(digest?.subject).toMatch(
      /^Your StudyAtlas alerts: \d+ new match(es)?, 1 deadline soon$/,
    );
    expect(oneClickTokens(digest!)).toHaveLength(2);

    // The mail client's RFC 8058 POST: form-encoded, no cookies, the search's token only.
    const token = sectionToken(digest!, "new programme");
    const response = await app.inject({
      method: "POST",
      url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(body(response, 200)).toMatchObject({
      status: "unsubscribed",
      alerts: [`Saved search “${saved.name}”`],
    });

    await addCourseLike(database.db, source.id, new Date(t0.getTime() + MINUTE));
    await run(database.db, "one", new Date("2033-03-24T08:00:00Z")); // 7 days left
    const mails = await alertMailsTo(database.db, student.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toMatch(/^7 days left to apply/);
    expect(mails[1]?.text).not.toContain("new programme");
    const list = parseWith(
      SavedSearchListSchema,
      body(await student.browser.call("GET", "/api/saved-searches"), 200),
      "list",
    );
    expect(list.results[0]?.frequency).toBe("off");
    expect(list.wishlist_alerts.deadline_reminders).toBe(true);
  });

  it("answers 404 for an unknown token and 400 without one", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/alerts/unsubscribe?token=nope",
    });
    expect(apiError(unknown, 404).code).toBe("invalid_unsubscribe_link");
    const missing = await app.inject({ method: "POST", url: "/api/alerts/unsubscribe" });
    expect(missing.statusCode).toBe(400);
  });
});

describe("the saved searches API", () => {
  it("names a search from its filters and refuses a bad or unknown one with a 400", async () => {
    const { browser } = await signedInStudent(app);
    const [country] = (
      (await database.db.execute(
        sql`select slug, name from countries where enabled order by id limit 1`,
      )) as { rows: { slug: string; name: string }[] }
    ).rows;
    const saved = await save(
      browser,
      `programme=postgraduate&country=${country!.slug}&tuition=0,20000&page=3&ordering=name&name=MBA`,
    );
    expect(saved.name).toBe(`MBA · Graduates · ${country!.name} · up to $20,000`);
    expect(saved.query).not.toContain("page");
    const bad = await browser.call("POST", "/api/saved-searches", { body: { query: "tuition=x" } });
    expect(apiError(bad, 400).message).toMatch(/'tuition'.*USD range/);
    const unknown = await browser.call("POST", "/api/saved-searches", {
      body: { query: "country=atlantis" },
    });
    expect(apiError(unknown, 400).message).toMatch(/atlantis/);
    const noName = await browser.call("PATCH", `/api/saved-searches/${saved.id}`, {
      body: { name: "   " },
    });
    expect(noName.statusCode).toBe(400);
    const badFrequency = await browser.call("PATCH", `/api/saved-searches/${saved.id}`, {
      body: { frequency: "hourly" },
    });
    expect(badFrequency.statusCode).toBe(400);
  });

  it("renames, changes and deletes only the student's own searches (404 for another's)", async () => {
    const owner = await signedInStudent(app);
    const other = await signedInStudent(app);
    const saved = await save(owner.browser, `school_slug=${source.schoolSlug}`);
    for (const [method, url, payload] of [
      ["PATCH", `/api/saved-searches/${saved.id}`, { name: "Mine now" }],
      ["DELETE", `/api/saved-searches/${saved.id}`, undefined],
      ["POST", `/api/saved-searches/${saved.id}/seen`, undefined],
    ] as const) {
      const response = await other.browser.call(method, url, payload ? { body: payload } : {});
      expect(response.statusCode).toBe(404);
    }
    const renamed = body(
      await owner.browser.call("PATCH", `/api/saved-searches/${saved.id}`, {
        body: { name: "Engineering abroad", frequency: "weekly" },
      }),
      200,
    );
    expect(renamed).toMatchObject({
      saved_search: { name: "Engineering abroad", frequency: "weekly" },
    });
    body(await owner.browser.call("DELETE", `/api/saved-searches/${saved.id}`), 200);
    const gone = await owner.browser.call("DELETE", `/api/saved-searches/${saved.id}`);
    expect(gone.statusCode).toBe(404);
    const signedOut = await app.inject({ method: "GET", url: "/api/saved-searches" });
    expect(signedOut.statusCode).toBe(401);
    const noXsrf = await owner.browser.call("POST", "/api/saved-searches", {
      body: { query: "" },
      noXsrf: true,
    });
    expect(noXsrf.statusCode).toBe(403);
  });
});
