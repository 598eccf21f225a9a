// Idempotency keys of creating requests (docs/decisions/055-lead-exports-and-idempotent-create.md):
// the first answer of a request made with an `Idempotency-Key` header is kept, so a repeat with
// the same key (a double click, a retry after a lost answer) answers the same resource instead of
// creating a second one. Keys belong to the user who sent them; a key is kept for a day.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the key created, e.g. "programme.create". */
    operation: text("operation").notNull(),
    key: text("key").notNull(),
    /** A hash of the request's body: the same key with another body is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The id of what the first request created. */
    resultId: integer("result_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.operation, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
