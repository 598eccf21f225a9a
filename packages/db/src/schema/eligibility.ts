// Structured entry requirements of a programme and a student's own qualifications
// (docs/decisions/054-entry-requirements-and-eligibility.md). Each English test has its own column
// on its own scale (packages/schemas/src/entry-requirements.ts): the finder's "only programmes I
// qualify for" compares them in SQL and in the in-process index without converting scales.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { courses } from "./catalogue.ts";
import { applications } from "./chat.ts";

const EDUCATION = sql`('secondary', 'bachelor', 'master')`;

/**
 * One row per programme with structured requirements; none means "not stated" (the HTML text
 * alone). The English tests are alternatives: any one at its minimum is enough.
 */
export const courseEntryRequirements = pgTable(
  "course_entry_requirements",
  {
    courseId: integer("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    noFormalRequirements: boolean("no_formal_requirements").notNull().default(false),
    minEducation: text("min_education"),
    ielts: numeric("ielts", { precision: 2, scale: 1, mode: "number" }),
    toeflIbt: smallint("toefl_ibt"),
    duolingo: smallint("duolingo"),
    pte: smallint("pte"),
    cambridge: smallint("cambridge"),
    minWorkYears: smallint("min_work_years"),
  },
  (t) => [
    check("course_entry_requirements_education_check", sql`${t.minEducation} in ${EDUCATION}`),
    check("course_entry_requirements_work_check", sql`${t.minWorkYears} between 0 and 50`),
  ],
);

/** A student's qualifications (all optional), shown to a school only inside an application. */
export const userQualifications = pgTable(
  "user_qualifications",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    education: text("education"),
    ielts: numeric("ielts", { precision: 2, scale: 1, mode: "number" }),
    toeflIbt: smallint("toefl_ibt"),
    duolingo: smallint("duolingo"),
    pte: smallint("pte"),
    cambridge: smallint("cambridge"),
    workYears: smallint("work_years"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_qualifications_education_check", sql`${t.education} in ${EDUCATION}`),
    check("user_qualifications_work_check", sql`${t.workYears} between 0 and 50`),
  ],
);

/**
 * The student's qualifications as they were when they applied: the one place a school sees them
 * (the partner's lead view), unchanged by later edits in /settings.
 */
export const applicationQualifications = pgTable(
  "application_qualifications",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    education: text("education"),
    ielts: numeric("ielts", { precision: 2, scale: 1, mode: "number" }),
    toeflIbt: smallint("toefl_ibt"),
    duolingo: smallint("duolingo"),
    pte: smallint("pte"),
    cambridge: smallint("cambridge"),
    workYears: smallint("work_years"),
  },
  (t) => [
    check("application_qualifications_education_check", sql`${t.education} in ${EDUCATION}`),
    check("application_qualifications_work_check", sql`${t.workYears} between 0 and 50`),
  ],
);
