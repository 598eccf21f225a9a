// Counting programme page views without personal data (docs/decisions/015-programme-analytics.md).
// A visitor is SHA-256 of the day's random salt, the client address and the User-Agent: the same
// visitor has the same hash all day and an unrelated one tomorrow, and nobody can recompute it once
// the salt is gone. The salt and the day's hashes are deleted once the UTC day is over; what stays
// is totals per programme per day (and per country).
import { createHash, randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { NotFoundError } from "../../errors.ts";
import { selectOne, selectRows } from "../../sql-rows.ts";
import { utcDay } from "./period.ts";

/**
 * Views of one visitor counted per programme per day. Past it a reload, a script or a stuck tab
 * changes nothing: the unique visitor was counted once, and views stay within a small multiple.
 */
export const MAX_COUNTED_VIEWS_PER_VISITOR = 5;

/** The visitor's country when nothing better is known. */
export const UNKNOWN_COUNTRY = "unknown";

/** SHA-256(salt, client address, User-Agent); the parts are length-prefixed so none can bleed. */
export function visitorHash(salt: Buffer, clientAddress: string, userAgent: string): Buffer {
  const hash = createHash("sha256");
  for (const part of [salt, Buffer.from(clientAddress), Buffer.from(userAgent)]) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(part.length);
    hash.update(length).update(part);
  }
  return hash.digest();
}

/**
 * Deletes the salts and the visitor hashes of every day before `today`: after this nothing can
 * tell whether two views of a past day came from one person. Returns the salts deleted.
 */
export async function forgetPastVisitors(db: Database, today: string): Promise<number> {
  await db.execute(sql`delete from programme_view_visitors where day < ${today}::date`);
  const rows = await selectRows<{ day: string }>(
    db,
    sql`delete from analytics_daily_salts where day < ${today}::date returning day`,
  );
  return rows.length;
}

export interface DailySaltSource {
  /** The salt of `now`'s UTC day, created (race-safe, once for every process) when missing. */
  saltFor(db: Database, now: Date): Promise<{ day: string; salt: Buffer }>;
}

/**
 * Keeps the current day's salt in memory so a beacon costs no extra read; on the first beacon of
 * a new day it creates that day's salt (or reads the one another process created) and forgets
 * the past days' salts and hashes.
 */
export function createDailySaltSource(): DailySaltSource {
  let current: { day: string; salt: Buffer } | undefined;
  return {
    async saltFor(db, now) {
      const day = utcDay(now);
      if (current?.day === day) return current;
      // Two processes (or two requests) may both create the salt: the first insert wins and
      // both read the winner.
      await db.execute(
        sql`insert into analytics_daily_salts (day, salt) values (${day}::date, ${randomBytes(32)})
            on conflict (day) do nothing`,
      );
      const row = await selectOne<{ salt: Buffer | Uint8Array }>(
        db,
        sql`select salt from analytics_daily_salts where day = ${day}::date`,
      );
      if (!row) throw new Error(`The salt of ${day} vanished as it was created.`);
      await forgetPastVisitors(db, day);
      current = { day, salt: Buffer.from(row.salt) };
      return current;
    },
  };
}

export interface ProgrammeView {
  courseId: number;
  visitorHash: Buffer;
  /** A country code from a trusted header (validated against the countries table), if any. */
  headerCountryCode?: string | undefined;
  /** The signed-in user, whose profile's country of residence is used without a header. */
  userId?: number | undefined;
  now: Date;
}

export interface RecordedView {
  /** The view was counted (false past the per-visitor cap). */
  counted: boolean;
  /** It was this visitor's first view of this programme today. */
  newVisitor: boolean;
}

/**
 * Counts one view of a published programme. One statement: the visitor's row for the day (views
 * capped), then the day's totals and the country's totals, all upserts, so concurrent identical
 * beacons count exactly as many views as arrived (up to the cap) and the visitor once. Throws
 * NotFoundError for an unknown or unpublished programme (or one of an unpublished school).
 */
export async function recordProgrammeView(
  db: Database,
  view: ProgrammeView,
): Promise<RecordedView> {
  const day = utcDay(view.now);
  const headerCode = view.headerCountryCode?.trim().toUpperCase() ?? "";
  const row = await selectOne<{ found: number; views: number | null }>(
    db,
    sql`with course as (
          select c.id, c.school_id from courses c join schools s on s.id = c.school_id
          where c.id = ${view.courseId} and c.published and s.published
        ),
        visitor as (
          insert into programme_view_visitors as v (day, course_id, visitor_hash, views)
          select ${day}::date, course.id, ${view.visitorHash}, 1 from course
          on conflict (day, course_id, visitor_hash) do update set views = v.views + 1
            where v.views < ${MAX_COUNTED_VIEWS_PER_VISITOR}
          returning v.views
        ),
        country as (
          select coalesce(
            (select code from countries where code = ${headerCode}),
            (select co.code from client_profiles p join countries co on co.id = p.country_of_residence_id
              where p.user_id = ${view.userId ?? null}::integer),
            ${UNKNOWN_COUNTRY}) as code
        ),
        totals as (
          insert into programme_view_days as d (course_id, day, school_id, views, visitors)
          select course.id, ${day}::date, course.school_id, 1, (visitor.views = 1)::int
          from course, visitor
          on conflict (course_id, day) do update
            set views = d.views + excluded.views, visitors = d.visitors + excluded.visitors
        ),
        by_country as (
          insert into programme_view_countries as k (course_id, day, country_code, school_id, views, visitors)
          select course.id, ${day}::date, country.code, course.school_id, 1, (visitor.views = 1)::int
          from course, visitor, country
          on conflict (course_id, day, country_code) do update
            set views = k.views + excluded.views, visitors = k.visitors + excluded.visitors
        )
        select (select count(*) from course)::int as found, (select views from visitor) as views`,
  );
  if (!row || row.found === 0) throw new NotFoundError(`No programme with id ${view.courseId}.`);
  const views = row.views === null ? null : Number(row.views);
  return { counted: views !== null, newVisitor: views === 1 };
}
