// Engagement schema: wishlists, newsletter subscribers and contact messages
// (docs/spec/discovery.md §3 "Wishlist entry", "Newsletter subscriber"; docs/spec/accounts-and-details.md §3
// "Contact message").
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { courses } from "./catalogue.ts";

/** One saved programme of one user; the primary key makes adding twice a no-op. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("wishlist_items_user_created_idx").on(t.userId, t.createdAt),
    // Dashboards count saves per programme and per day (core/analytics, ADR 015).
    index("wishlist_items_course_created_idx").on(t.courseId, t.createdAt),
    index("wishlist_items_created_idx").on(t.createdAt),
  ],
);

/**
 * Newsletter subscribers: one row per address (unique ignoring case). Unsubscribing keeps the row
 * with `unsubscribed_at` set, so the same link answers "already unsubscribed" afterwards; a new
 * subscription clears it and issues a new unsubscribe token.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** SHA-256 (hex) of the random token in the unsubscribe links of this subscription. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** Messages sent through /contact-us; each is also mailed to SUPPORT_EMAIL through the outbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** The signed-in sender, when there was one. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
