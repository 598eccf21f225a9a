// The finder's SQL path (ADR 009): a programme list's filters as one WHERE clause over `courses c`,
// its orders, the relevance score of free text, and the probe that chooses how free text matches
// (ADR 005). The in-process index answers the same questions (index/course-index.ts) and is
// tested against these; SQL answers whenever the index cannot.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

import { qualifiesCondition } from "../eligibility/qualifies-sql.ts";
import { selectPrepared } from "../sql-rows.ts";
import type { CourseFilters, CourseListRequest, TextMatchChoice } from "./course-request.ts";

function list(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The free text as the search columns store it: lower case, accents removed. */
function normalisedText(text: string): SQL {
  return sql`lower(public.f_unaccent(${text}))`;
}

function textQuery(text: string): SQL {
  // The same configuration as the search_vector column (migration 0008).
  return sql`websearch_to_tsquery('public.english_unaccent'::regconfig, ${text})`;
}

/**
 * The request's tsquery: the expanded query put together in process when there is one
 * (matching/compose.ts, ADR 043; PostgreSQL's own text form, read back as it printed it), else the
 * corrected text as `websearch_to_tsquery` reads it.
 */
function filtersQuery(filters: CourseFilters, corrected: string): SQL {
  return filters.textQuery !== undefined
    ? sql`${filters.textQuery}::tsquery`
    : textQuery(corrected);
}

/**
 * Whether an expanded search's tsquery (matching/compose.ts) matches any published programme:
 * the SQL probe below for a query already put together (ADR 043). With name readings (ADR 060),
 * also whether some published programme matches them too (`readingsHold`): only then do they
 * narrow the search.
 */
export async function chooseQueryMatch(
  db: Database,
  query: string,
  /** The spans matched in the name only (CourseFilters.textNameReadings). */
  readings: NonNullable<CourseFilters["textNameReadings"]> = [],
): Promise<TextMatchChoice & { readingsHold: boolean }> {
  const held =
    readings.length > 0
      ? sql`exists (select 1 from courses c where c.search_vector @@ ${query}::tsquery
          ${nameReadingsCondition(readings)} and c.published)`
      : sql`false`;
  const [row] = await selectPrepared<{ found: boolean; held: boolean }>(
    db,
    sql`select exists (select 1 from courses c where c.search_vector @@ ${query}::tsquery
          and c.published) as found, ${held} as held`,
  );
  return {
    match: row?.found ? "fulltext" : "similar-name",
    query,
    readingsHold: row?.held === true,
  };
}

/**
 * Full text when the corrected words find any published programme; names by similarity else.
 * With the tsquery the words make, as text, for the in-process index (same round trip). The index
 * answers the same question without this query when it can (index/text-match.ts
 * chooseTextMatchInIndex, ADR 028); this probe decides when it cannot, and is its oracle in the
 * tests.
 */
export async function chooseTextMatch(db: Database, searchText: string): Promise<TextMatchChoice> {
  const [row] = await selectPrepared<{ found: boolean; query: string }>(
    db,
    sql`select exists (select 1 from courses c where c.search_vector @@ ${textQuery(searchText)}
          and c.published) as found, ${textQuery(searchText)}::text as query`,
  );
  return { match: row?.found ? "fulltext" : "similar-name", query: row?.query ?? "" };
}

/** Every filter as one WHERE clause over `courses c`. */
export function courseWhere(filters: CourseFilters): SQL {
  // A programme is public only while its school is: course detail, the school pages and the
  // counts all hide the programmes of an unpublished school, so the list must too.
  const conditions: SQL[] = [
    filters.published
      ? sql`c.published and c.school_id in (select s.id from schools s where s.published)`
      : sql`false`,
  ];
  if (filters.programmeTypeId !== undefined) {
    conditions.push(sql`c.programme_type_id = ${filters.programmeTypeId}`);
  }
  for (const disciplineId of filters.disciplineIds) {
    conditions.push(
      sql`exists (select 1 from course_disciplines cd where cd.course_id = c.id and cd.discipline_id = ${disciplineId})`,
    );
  }
  if (filters.countryIds.length > 0) {
    conditions.push(
      sql`c.school_id in (select s.id from schools s where s.country_id in (${list(filters.countryIds)}))`,
    );
  }
  if (filters.excludeContinents.length > 0) {
    conditions.push(
      sql`c.school_id not in (select s.id from schools s join countries co on co.id = s.country_id where co.continent in (${list(filters.excludeContinents)}))`,
    );
  }
  if (filters.schoolId !== undefined) conditions.push(sql`c.school_id = ${filters.schoolId}`);
  if (filters.tuition) {
    conditions.push(
      filters.tuition.kind === "free-or-unknown"
        ? sql`c.tuition_fee <= 0`
        : sql`c.tuition_fee_usd between ${filters.tuition.min} and ${filters.tuition.max}`,
    );
  }
  if (filters.budget?.maxUsd !== undefined) {
    conditions.push(sql`c.tuition_total_usd <= ${filters.budget.maxUsd}`);
  }
  if (filters.durations.length > 0) {
    const ranges = filters.durations.map((range) =>
      range.max === null
        ? sql`c.duration_days >= ${range.min}`
        : sql`c.duration_days between ${range.min} and ${range.max}`,
    );
    conditions.push(sql`(${sql.join(ranges, sql` or `)})`);
  }
  if (filters.degreeTypeIds.length > 0) {
    conditions.push(sql`c.degree_type_id in (${list(filters.degreeTypeIds)})`);
  }
  if (filters.attendance.length > 0) {
    conditions.push(sql`c.attendance in (${list(filters.attendance)})`);
  }
  if (filters.formats.length > 0) {
    conditions.push(sql`c.course_format in (${list(filters.formats)})`);
  }
  if (filters.featured !== undefined) conditions.push(sql`c.featured = ${filters.featured}`);
  if (filters.qualifiedFor) conditions.push(qualifiesCondition(filters.qualifiedFor));
  const text = textCondition(filters);
  if (text) conditions.push(text);
  return sql.join(conditions, sql` and `);
}

/**
 * The free-text condition over `courses c`: a full-text match on name, school, disciplines and
 * about, or a close trigram match on the name for misspellings ('compter science').
 */
function textCondition(filters: CourseFilters): SQL | undefined {
  if (!filters.text) return undefined;
  return filters.textMatch === "similar-name"
    ? sql`c.search_name in (select n.search_name from programme_names n
          where ${normalisedText(filters.text)} <% n.search_name)`
    : sql`c.search_vector @@ ${filtersQuery(filters, filters.searchText ?? filters.text)}
          ${nameReadingsCondition(filters.textNameReadings ?? [])}`;
}

/**
 * `and` each span with synonym phrases (ADR 060): by its other readings, or a name holding one of
 * the phrases; empty without such spans.
 */
function nameReadingsCondition(readings: NonNullable<CourseFilters["textNameReadings"]>): SQL {
  const conditions = readings.map((reading) =>
    reading.query === undefined
      ? sql` and c.search_name ~ ${reading.namePattern}`
      : sql` and (c.search_vector @@ ${reading.query}::tsquery or c.search_name ~ ${reading.namePattern})`,
  );
  return sql.join(conditions, sql``);
}

/** How well a programme matches the free text (higher first; ties in name order). */
export function relevanceScore(filters: CourseFilters & { text: string }): SQL {
  if (filters.textMatch === "similar-name") {
    return sql`word_similarity(${normalisedText(filters.text)}, c.search_name)`;
  }
  // Weighted rank (names count most), then how closely the name itself matches.
  const corrected = filters.searchText ?? filters.text;
  return sql`(ts_rank(c.search_vector, ${filtersQuery(filters, corrected)}) + word_similarity(${normalisedText(corrected)}, c.search_name))`;
}

/**
 * The relevance order of free-text matches (ADR 043 "Ranking"): for a search whose words have
 * several readings, programmes whose name is the search first (ADR 059), then those whose name
 * holds a reading of each; for one with word starts
 * or corrections, its exact matches next; then the score descending, then the name.
 */
export function relevanceOrder(filters: CourseFilters & { text: string }): SQL {
  const keys: SQL[] = [];
  if (filters.textMatch !== "similar-name") {
    if (filters.textWholeNamePattern !== undefined) {
      keys.push(sql`(c.search_name ~ ${filters.textWholeNamePattern}) desc`);
    }
    const patterns = filters.textNamePatterns ?? [];
    if (patterns.length > 0) {
      const named = patterns.map((pattern) => sql`c.search_name ~ ${pattern}`);
      keys.push(sql`(${sql.join(named, sql` and `)}) desc`);
    }
    if (filters.textExactQuery !== undefined) {
      keys.push(sql`(c.search_vector @@ ${filters.textExactQuery}::tsquery) desc`);
    }
  }
  keys.push(sql`${relevanceScore(filters)} desc`, BY_NAME);
  return sql.join(keys, sql`, `);
}

/**
 * Name order: by the name lower-cased and without accents (the `search_name` column), byte by byte
 * (`collate "C"`), so "LLM in International Law" comes before "LLM Technology Law" and both
 * engines agree whatever their default collation; then the name as written and the id, so the
 * order is total.
 */
export const BY_NAME = sql`c.search_name collate "C" asc, c.name collate "C" asc, c.id asc`;
const BY_NAME_DESC = sql`c.search_name collate "C" desc, c.name collate "C" desc, c.id desc`;

export function courseOrder(request: CourseListRequest): SQL {
  const { ordering, filters } = request;
  switch (ordering) {
    case "name":
      return BY_NAME;
    case "-name":
      return BY_NAME_DESC;
    case "tuition":
      return sql`c.tuition_fee_usd asc nulls last, c.id asc`;
    case "-tuition":
      return sql`c.tuition_fee_usd desc nulls last, c.id asc`;
    case "total_cost":
      return sql`c.tuition_total_usd asc nulls last, c.id asc`;
    case "-total_cost":
      return sql`c.tuition_total_usd desc nulls last, c.id asc`;
    case "start_date": {
      const now = new Date();
      const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
      return sql`(c.start_year = 0 or c.start_month = 0) asc,
        (c.start_year * 12 + c.start_month < ${thisMonth}) asc,
        c.start_year asc, c.start_month asc, c.id asc`;
    }
    case "relevance":
      if (filters.text) {
        return relevanceOrder({ ...filters, text: filters.text });
      }
      return BY_NAME;
    case "random": {
      // A fixed per-row key rotated at a seed-derived pivot: a different order per seed, and
      // the same order for every page requested with that seed.
      const pivot = Number((BigInt(request.seed) * 2654435761n) % BigInt(MAX_INT4));
      return sql`(c.shuffle_key < ${pivot}) asc, c.shuffle_key asc, c.id asc`;
    }
  }
}
