// A signed-in student's display preferences (docs/decisions/052-my-currency-and-compare.md): the
// currency fees are shown in, and the programmes in the compare tray. One row per user, written
// on the first change; a signed-out visitor keeps the same two in a cookie and in the browser.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";

export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ISO 4217 code of a row of `currencies`; null until the student picks one. */
    currencyCode: text("currency_code"),
    /** The compare tray, in the order added (at most four, core/compare/compare-tray.ts). */
    compareCourseIds: integer("compare_course_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_preferences_currency_code_check", sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
    check(
      "user_preferences_compare_size_check",
      sql`coalesce(array_length(${t.compareCourseIds}, 1), 0) <= 4`,
    ),
  ],
);
