// Uploaded images (the school profile's logo and banner): re-encoded by the server
// (packages/core/src/media/uploaded-images.ts) and kept in the database, so every app process on
// one PostgreSQL (or the one PGlite) serves the same bytes and no process keeps files of its own.
// An image is named by the SHA-256 of its bytes: its URL never changes meaning, so browsers and
// proxies may keep it forever (docs/decisions/037-school-profile-and-uploaded-images.md).
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const uploadedImages = pgTable(
  "uploaded_images",
  {
    /** Lower-case hex SHA-256 of `data`: the image's name in its URL. */
    hash: text("hash").primaryKey(),
    contentType: text("content_type").notNull(),
    width: smallint("width").notNull(),
    height: smallint("height").notNull(),
    data: bytea("data").notNull(),
    /** Who uploaded it first (null once that account is deleted). */
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("uploaded_images_hash_check", sql`${t.hash} ~ '^[0-9a-f]{64}$'`)],
);
