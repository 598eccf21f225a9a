// Partner organisations and sales agents (docs/spec/accounts-and-details.md §1, §2 "Dashboard
// pages", §7 account/register_partner; issue 13; docs/decisions/013-organisations-and-dashboards.md).
//
// A partner (a school's or an agent's staff) belongs to one organisation; an organisation is
// linked by a sales agent to the schools it may manage, and a school has at most one
// organisation, so two organisations never edit one school's programmes. An organisation is
// pending until a sales agent approves it; a suspended one keeps its data but its partners see
// nothing. Sales agents join only by an invitation from another sales agent.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { schools } from "./catalogue.ts";

export const ORGANISATION_STATUSES = ["pending", "approved", "suspended"] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];
export const ORGANISATION_KINDS = ["school", "agent"] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export const organisations = pgTable(
  "organisations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    kind: text("kind").$type<OrganisationKind>().notNull().default("school"),
    status: text("status").$type<OrganisationStatus>().notNull().default("pending"),
    /** Where new leads are e-mailed; the registering partner's address at first. */
    leadEmail: text("lead_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last approval or suspension, and by whom. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("organisations_status_idx").on(t.status, t.createdAt),
    check("organisations_status_check", sql`${t.status} in ('pending', 'approved', 'suspended')`),
    check("organisations_kind_check", sql`${t.kind} in ('school', 'agent')`),
  ],
);

/** One organisation per partner user. */
export const organisationMembers = pgTable(
  "organisation_members",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("organisation_members_organisation_idx").on(t.organisationId)],
);

/** One organisation per school. */
export const organisationSchools = pgTable(
  "organisation_schools",
  {
    schoolId: integer("school_id")
      .primaryKey()
      .references(() => schools.id, { onDelete: "cascade" }),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    linkedBy: integer("linked_by").references(() => users.id, { onDelete: "set null" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("organisation_schools_organisation_idx").on(t.organisationId)],
);

/** A sales agent's invitation of a new sales agent: a single-use link, stored hashed. */
export const salesInvitations = pgTable(
  "sales_invitations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("sales_invitations_token_idx").on(t.tokenHash),
    index("sales_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);
