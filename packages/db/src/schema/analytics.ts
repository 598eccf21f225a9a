// Programme analytics (docs/decisions/015-programme-analytics.md): page views
// counted by a beacon without personal data. What is kept beyond the day is totals only: per
// programme per day (views, unique visitors) and per programme per day per country. The salt that
// makes a visitor's daily hash, and the set of the day's hashes (needed to count each visitor
// once), exist for the current UTC day only and are deleted once it is over.
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";

import { courses, schools } from "./catalogue.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/** The random salt of one UTC day; deleted with that day's visitor hashes once the day is over. */
export const analyticsDailySalts = pgTable("analytics_daily_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: bytea("salt").notNull(),
});

/**
 * Today's visitors of each programme: SHA-256(day's salt, client address, User-Agent), and how
 * many of their views were counted (capped per visitor per programme per day). Rows of past days
 * are deleted with their salt.
 */
export const programmeViewVisitors = pgTable(
  "programme_view_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    visitorHash: bytea("visitor_hash").notNull(),
    views: smallint("views").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.day, t.courseId, t.visitorHash] })],
);

/**
 * Views and unique visitors of one programme on one UTC day. The school is kept with the row
 * (the school the programme belonged to that day), so a dashboard reads its schools' rows by
 * index without joining courses.
 */
export const programmeViewDays = pgTable(
  "programme_view_days",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.day] }),
    // The counts ride in the indexes so a dashboard's read is an index-only scan: rows of one
    // school are spread over the whole table (one heap page each), and the sales view reads
    // every row of the period (bench/RESULTS.md).
    index("programme_view_days_school_day_idx").on(
      t.schoolId,
      t.day,
      t.courseId,
      t.views,
      t.visitors,
    ),
    index("programme_view_days_day_idx").on(t.day, t.courseId, t.views, t.visitors),
  ],
);

/**
 * Views and unique visitors of one programme on one UTC day from one country: an ISO 3166-1
 * alpha-2 code, or 'unknown' (no trusted country header and no signed-in student's profile).
 */
export const programmeViewCountries = pgTable(
  "programme_view_countries",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    countryCode: text("country_code").notNull(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.day, t.countryCode] }),
    index("programme_view_countries_school_day_idx").on(
      t.schoolId,
      t.day,
      t.countryCode,
      t.visitors,
    ),
    index("programme_view_countries_day_idx").on(t.day, t.countryCode, t.visitors),
    check(
      "programme_view_countries_code_check",
      sql`${t.countryCode} = 'unknown' or ${t.countryCode} ~ '^[A-Z]{2}$'`,
    ),
  ],
);
