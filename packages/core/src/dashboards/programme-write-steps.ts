// The steps every programme write shares (docs/decisions/016-organisations-and-dashboards.md
// "Programme authoring"): the ids a payload names checked against the database and the scope,
// the columns of `courses` with their derived columns (tuition_fee_usd at the currency's rate, the
// denormalised school and discipline names the search vector reads, updated_at), and the
// sanitised HTML sections and disciplines.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  PROGRAMME_HTML_FIELDS,
  PROGRAMME_MESSAGES,
  type ProgrammeBody,
} from "@studyatlas/schemas/programmes.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import { ValidationError, type FieldErrors } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import type { PartnerScope } from "./organisations.ts";
import { inScope } from "./programme-reads.ts";
import { saveEntryRequirements } from "../eligibility/stored-requirements.ts";

/**
 * Checks the ids a payload names against the database and the scope: a school outside the
 * organisation, or an id that names nothing, is a field error (400), never a 500 from a foreign
 * key. Answers the school's slug (for a new programme's slug).
 */
export async function checkReferences(
  tx: Database,
  scope: Pick<PartnerScope, "schoolIds">,
  input: ProgrammeBody,
): Promise<{ schoolSlug: string }> {
  const row = await selectOne<{
    school_slug: string | null;
    programme_type: boolean;
    degree_type: boolean;
    degree_type_matches: boolean;
    language: boolean;
    currency: boolean;
    disciplines: number;
  }>(
    tx,
    sql`select
          (select slug from schools s where s.id = ${input.school_id}
            and ${inScope(scope, sql`s.id`)}) as school_slug,
          exists (select 1 from programme_types where id = ${input.programme_type_id}) as programme_type,
          ${input.degree_type_id === null ? sql`true` : sql`exists (select 1 from degree_types where id = ${input.degree_type_id})`} as degree_type,
          ${input.degree_type_id === null ? sql`true` : sql`exists (select 1 from degree_types where id = ${input.degree_type_id} and programme_type_id = ${input.programme_type_id})`} as degree_type_matches,
          ${input.language_id === null ? sql`true` : sql`exists (select 1 from languages where id = ${input.language_id})`} as language,
          exists (select 1 from currencies where id = ${input.tuition_currency_id}) as currency,
          (select count(*)::int from disciplines
            where id = any(${`{${input.discipline_ids.join(",")}}`}::int[])) as disciplines`,
  );
  const errors: FieldErrors = {};
  if (!row?.school_slug) {
    errors.school_id = [
      scope.schoolIds.length === 0 ? PROGRAMME_MESSAGES.noSchool : PROGRAMME_MESSAGES.school,
    ];
  }
  if (!row?.programme_type) errors.programme_type_id = [PROGRAMME_MESSAGES.programmeType];
  if (!row?.degree_type) errors.degree_type_id = [PROGRAMME_MESSAGES.degreeType];
  else if (!row.degree_type_matches) {
    errors.degree_type_id = ["This degree type belongs to the other programme type."];
  }
  if (!row?.language) errors.language_id = [PROGRAMME_MESSAGES.language];
  if (!row?.currency) errors.tuition_currency_id = [PROGRAMME_MESSAGES.currency];
  if (Number(row?.disciplines ?? 0) !== input.discipline_ids.length) {
    errors.discipline_ids = [PROGRAMME_MESSAGES.disciplines];
  }
  const [first] = Object.values(errors);
  if (first?.[0]) {
    throw new ValidationError(first[0], { code: "invalid_programme", errors });
  }
  return { schoolSlug: row!.school_slug! };
}

export function feeOf(input: ProgrammeBody): number {
  if (input.tuition_kind === "free") return 0;
  if (input.tuition_kind === "unknown") return -1;
  return Math.round((input.tuition_fee ?? 0) * 100) / 100;
}

/** The columns of `courses` a write sets, derived columns included (one expression per column). */
export function courseColumns(input: ProgrammeBody): SQL {
  const fee = feeOf(input);
  return sql`name = ${input.name}, about = ${input.about}, school_id = ${input.school_id},
    programme_type_id = ${input.programme_type_id}, degree_type_id = ${input.degree_type_id},
    language_id = ${input.language_id}, duration = ${input.duration},
    duration_base = ${input.duration_base}, course_format = ${input.course_format},
    attendance = ${input.attendance}, start_month = ${input.start_month},
    start_year = ${input.start_year}, deadline_month = ${input.deadline_month},
    deadline_year = ${input.deadline_year}, tuition_fee = ${fee},
    tuition_currency_id = ${input.tuition_currency_id},
    tuition_fee_base = ${input.tuition_fee_base},
    tuition_fee_usd = (case when ${fee}::numeric < 0 then null when ${fee}::numeric = 0 then 0
      else round(${fee}::numeric / (select usd_exchange_rate from currencies
        where id = ${input.tuition_currency_id}), 2) end),
    school_name = (select name from schools where id = ${input.school_id}),
    discipline_names = (select coalesce(string_agg(d.name, ' ' order by p.position), '')
      from unnest(${`{${input.discipline_ids.join(",")}}`}::int[]) with ordinality as p(id, position)
      join disciplines d on d.id = p.id),
    updated_at = now()`;
}

export async function writeDetailsAndDisciplines(
  tx: Database,
  courseId: number,
  input: ProgrammeBody,
): Promise<void> {
  const clean = Object.fromEntries(
    PROGRAMME_HTML_FIELDS.map((field) => [field, sanitizeHtml(input[field])]),
  ) as Record<(typeof PROGRAMME_HTML_FIELDS)[number], string>;
  await tx.execute(
    sql`insert into course_details (course_id, overview, why_chose, who_for,
          admission_requirements, other_requirements, programme_structure, syllabus,
          tuition_and_aid, scholarship, video, official_programme_website)
        values (${courseId}, ${clean.overview}, ${clean.why_chose}, ${clean.who_for},
          ${clean.admission_requirements}, ${clean.other_requirements},
          ${clean.programme_structure}, ${clean.syllabus}, ${clean.tuition_and_aid},
          ${clean.scholarship}, ${input.video}, ${input.official_programme_website})
        on conflict (course_id) do update set overview = excluded.overview,
          why_chose = excluded.why_chose, who_for = excluded.who_for,
          admission_requirements = excluded.admission_requirements,
          other_requirements = excluded.other_requirements,
          programme_structure = excluded.programme_structure, syllabus = excluded.syllabus,
          tuition_and_aid = excluded.tuition_and_aid, scholarship = excluded.scholarship,
          video = excluded.video, official_programme_website = excluded.official_programme_website`,
  );
  // The structured entry requirements (ADR 054); left as they are when the update names none.
  if (input.entry_requirements !== undefined) {
    await saveEntryRequirements(tx, courseId, input.entry_requirements);
  }
  const current = await selectRows<{ discipline_id: number; position: number }>(
    tx,
    sql`select discipline_id, position from course_disciplines where course_id = ${courseId}
        order by position, discipline_id`,
  );
  const same =
    current.length === input.discipline_ids.length &&
    current.every(
      (row, index) =>
        Number(row.discipline_id) === input.discipline_ids[index] && Number(row.position) === index,
    );
  if (same) return;
  await tx.execute(sql`delete from course_disciplines where course_id = ${courseId}`);
  await tx.execute(
    sql`insert into course_disciplines (course_id, discipline_id, position)
        select ${courseId}, p.id, (p.position - 1)::smallint
        from unnest(${`{${input.discipline_ids.join(",")}}`}::int[]) with ordinality as p(id, position)`,
  );
}
