// The student's side of applications and chat (docs/decisions/057-student-loop.md): the saved
// applicant profile that prefills the next application, the student's notification settings (with
// the cursor of the last unread reply e-mailed), the status each application was last e-mailed at,
// and the browsers that accepted Web Push.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { countries } from "./catalogue.ts";
import { applications } from "./chat.ts";

/** What a student typed in their last application (or edited on /applications), whole. */
export const applicantProfiles = pgTable(
  "applicant_profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sex: text("sex").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    nationalityId: integer("nationality_id")
      .notNull()
      .references(() => countries.id),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    phoneNumber: text("phone_number").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    zipCode: text("zip_code").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("applicant_profiles_title_check", sql`${t.title} in ('Mr', 'Mrs', 'Miss', 'Dr')`),
    check("applicant_profiles_sex_check", sql`${t.sex} in ('Male', 'Female', 'Other')`),
  ],
);

/**
 * A student's notification settings, and the lease row of their reply digests: the digest job
 * locks it (FOR UPDATE SKIP LOCKED) and moves `repliesNotifiedThrough` past the newest reply it
 * e-mailed, so two processes never send the same quiet period twice.
 */
export const studentNotificationSettings = pgTable("student_notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  replyEmails: boolean("reply_emails").notNull().default(true),
  statusEmails: boolean("status_emails").notNull().default(true),
  /** The secret of the one-click unsubscribe link (RFC 8058) in every notification e-mail. */
  unsubscribeToken: text("unsubscribe_token")
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  /** The newest message id a reply digest covered (0: none yet). */
  repliesNotifiedThrough: bigint("replies_notified_through", { mode: "number" })
    .notNull()
    .default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The status an application was last e-mailed at: the lease row of status-change e-mails. */
export const applicationStatusNotices = pgTable("application_status_notices", {
  applicationId: integer("application_id")
    .primaryKey()
    .references(() => applications.id, { onDelete: "cascade" }),
  notifiedStatus: text("notified_status").notNull().default("new"),
  notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A browser that accepted Web Push (the PushSubscription's endpoint and keys). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
