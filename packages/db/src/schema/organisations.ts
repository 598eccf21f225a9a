// Partner organisations and sales agents (docs/spec/accounts-and-details.md §1, §2 "Dashboard
// pages", §7 account/register_partner; docs/decisions/016-organisations-and-dashboards.md).
//
// A partner (a school's or an agent's staff) belongs to one organisation; an organisation is
// linked by a sales agent to the schools it may manage, and a school has at most one
// organisation, so two organisations never edit one school's programmes. An organisation is
// pending until a sales agent approves it; a suspended one keeps its data but its partners see
// nothing. Sales agents join only by an invitation from another sales agent.
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
import { schools } from "./catalogue.ts";
import { applications } from "./chat.ts";

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
    /** Where new leads are posted as JSON (the partner's CRM), signed with `webhookSecret`. */
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
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

export const MEMBER_ROLES = ["owner", "editor", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * One organisation per partner user, with the member's role in it (ADR 056): an owner manages
 * everything, members included; an editor edits programmes, the school profile and leads; a
 * viewer reads. The registering partner is the first owner.
 */
export const organisationMembers = pgTable(
  "organisation_members",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole>().notNull().default("owner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("organisation_members_organisation_idx").on(t.organisationId),
    check("organisation_members_role_check", sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
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

export const LEAD_STATUSES = ["new", "contacted", "applied", "enrolled", "rejected"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * A partner's follow-up of an application to one of its programmes (a lead). No row means 'new':
 * the row appears with the first change, so applying stays one insert.
 */
export const leadStates = pgTable(
  "lead_states",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    /** The member who follows the lead up (ADR 056); null when nobody does. */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("lead_states_owner_idx").on(t.ownerUserId),
    check(
      "lead_states_status_check",
      sql`${t.status} in ('new', 'contacted', 'applied', 'enrolled', 'rejected')`,
    ),
  ],
);

/** The partner's notes on a lead, oldest first. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_notes_application_idx").on(t.applicationId, t.id),
    check("lead_notes_body_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * Deliveries of lead webhooks, with their retries: a row per event, leased by
 * one process at a time (`next_attempt_at` moves ahead while an attempt is under way), delivered
 * or given up after the last attempt; the partner reads the log.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    url: text("url").notNull(),
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt),
    index("webhook_deliveries_organisation_idx").on(t.organisationId, t.id),
  ],
);

export const AUDIT_ENTITIES = [
  "programme",
  "school",
  "organisation",
  "lead",
  "synonym",
  "invitation",
  "member",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "publish",
  "unpublish",
  "approve",
  "suspend",
  "link",
  "unlink",
  "rotate_secret",
  "delete",
  "invite",
  "remove",
  "change_role",
  "import",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Every change a partner or sales agent makes to a programme, a school profile, an organisation
 * (its status, its schools, where its leads go) or a lead's status (ADR 016): who, when, and the
 * fields before and after (only the fields that changed; never a secret's value).
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0020), so the ids of
 * the organisation, school and actor are plain data, with their names copied, and an entry
 * outlives them all.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The organisation the school belonged to at the time; null for a school with none. */
    organisationId: integer("organisation_id"),
    /** The organisation's name at the time, so the entry reads well after it is deleted. */
    organisationName: text("organisation_name"),
    schoolId: integer("school_id"),
    schoolName: text("school_name"),
    entity: text("entity").$type<AuditEntity>().notNull(),
    entityId: integer("entity_id").notNull(),
    /** The programme's or school's name after the change, so the log reads well after a delete. */
    entityName: text("entity_name").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    actorUserId: integer("actor_user_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_organisation_idx").on(t.organisationId, t.id),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.id),
    check(
      "audit_log_entity_check",
      sql`${t.entity} in ('programme', 'school', 'organisation', 'lead', 'synonym', 'invitation', 'member')`,
    ),
    check(
      "audit_log_action_check",
      sql`${t.action} in ('create', 'update', 'publish', 'unpublish', 'approve', 'suspend', 'link', 'unlink', 'rotate_secret', 'delete', 'invite', 'remove', 'change_role', 'import')`,
    ),
  ],
);
