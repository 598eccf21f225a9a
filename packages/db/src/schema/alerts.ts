// Saved searches and alerts (docs/decisions/053-saved-searches-and-alerts.md): a student's saved
// finder searches with their alert frequency, the student's wishlist alerts (deadline reminders,
// price and date changes), what each alert has already sent, and the lease that lets one process
// of many run the alerts.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { courses } from "./catalogue.ts";

export const ALERT_FREQUENCIES = ["instant", "daily", "weekly", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** One saved finder search of one student. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The finder's query string, normalised (programme and discipline from the path included). */
    query: text("query").notNull(),
    frequency: text("frequency").$type<AlertFrequency>().notNull().default("daily"),
    /** "New matches since last seen" counts programmes published after this. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Programmes published up to here have been considered for an alert. */
    alertedUntil: timestamp("alerted_until", { withTimezone: true }).notNull().defaultNow(),
    /** When the last alert of this search was mailed (daily and weekly digests wait for it). */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    /** The one-click unsubscribe token of this alert (ADR 053: kept, each digest repeats it). */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_due_idx")
      .on(t.frequency, t.alertedUntil)
      .where(sql`${t.frequency} <> 'off'`),
    check(
      "saved_searches_frequency_check",
      sql`${t.frequency} in ('instant', 'daily', 'weekly', 'off')`,
    ),
  ],
);

/** A student's wishlist alerts; a student without a row gets both. */
export const wishlistAlertSettings = pgTable("wishlist_alert_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  deadlineReminders: boolean("deadline_reminders").notNull().default(true),
  changeAlerts: boolean("change_alerts").notNull().default(true),
  deadlineToken: text("deadline_token").notNull().unique(),
  changeToken: text("change_token").notNull().unique(),
});

/**
 * What the student was last told about a wishlisted programme's price and dates: a change alert
 * fires when the programme's current fingerprint differs, and moves it on.
 */
export const wishlistWatches = pgTable(
  "wishlist_watches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    // Deleting a programme removes its watches.
    index("wishlist_watches_course_idx").on(t.courseId),
  ],
);

/** Alerts sent once, by key ("deadline:<course>:<yyyy-mm>:30"): the key makes a second one a no-op. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * When each programme was first published (a trigger of migration 0025 keeps it): a saved search's
 * new matches are the programmes first published in its window, whether they were added
 * published (an import) or published later from the partner dashboard. Unpublishing and
 * publishing again does not make a programme new.
 */
export const coursePublications = pgTable(
  "course_publications",
  {
    courseId: integer("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("course_publications_first_published_idx").on(t.firstPublishedAt)],
);
