// An organisation's team and tools at scale (docs/decisions/056-organisation-membership.md):
// invitations of teammates by e-mail, the leads' saved views, and the school's own programme
// codes, by which a catalogue import finds the programme it updates.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { courses, schools } from "./catalogue.ts";
import { organisations, type MemberRole } from "./organisations.ts";

/** An owner's invitation of a teammate: a single-use link, stored hashed, with the role to take. */
export const organisationInvitations = pgTable(
  "organisation_invitations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("organisation_invitations_token_idx").on(t.tokenHash),
    index("organisation_invitations_organisation_idx").on(t.organisationId, t.id),
    check("organisation_invitations_role_check", sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

/** A named filter of the leads list, shared by the organisation's members. */
export const leadViews = pgTable(
  "lead_views",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<Record<string, string | number>>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_views_name_idx").on(t.organisationId, sql`lower(${t.name})`),
    check("lead_views_name_check", sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** The school's own code of a programme (unique per school): what an import matches rows by. */
export const programmeCodes = pgTable(
  "programme_codes",
  {
    courseId: integer("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [
    uniqueIndex("programme_codes_school_code_idx").on(t.schoolId, t.code),
    check("programme_codes_code_check", sql`char_length(${t.code}) between 1 and 64`),
  ],
);
