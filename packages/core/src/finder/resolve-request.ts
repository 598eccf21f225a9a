// A finder query as a list request (docs/spec/discovery.md §4): filters arrive already validated
// (packages/schemas/src/catalogue.ts); slugs are resolved to ids here so that an unknown one is
// reported against the parameter that named it, and free text is corrected (ADR 005) and its
// match chosen.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import { PAGE_SIZE, PROGRAMME_TYPE_IDS } from "@studyatlas/schemas/catalogue-constants.ts";

import { resolveCountrySlugs } from "../catalogue/countries.ts";
import {
  DISCIPLINE_SLUG_ALIASES,
  disciplineExists,
  findDisciplineId,
} from "../catalogue/reference-lists.ts";
import { findSchoolId } from "../catalogue/schools.ts";
import { InvalidParameterError } from "../errors.ts";
import { budgetBands, budgetUsd } from "../cost/budget-bands.ts";
import { selectPrepared } from "../sql-rows.ts";
import { defaultOrdering, type CourseFilters, type CourseListRequest } from "./course-request.ts";
import type { CourseIndex } from "./index/course-index.ts";
import type { SynonymRule } from "./matching/expand.ts";
import { searchSynonyms } from "./matching/synonym-source.ts";
import { understandText } from "./matching/understand.ts";
import { interpretTypedText } from "./query-lexicon.ts";
import { randomSeed } from "./random-seed.ts";

/** The discipline ids the query names by slug and by id; unknown ones are 400s. */
async function disciplineIdsOf(
  db: Database,
  query: CourseListQuery,
  index: CourseIndex | undefined,
): Promise<number[]> {
  const disciplineIds: number[] = [];
  if (query.discipline) {
    const canonical = DISCIPLINE_SLUG_ALIASES[query.discipline] ?? query.discipline;
    const id = index
      ? index.disciplineIdOfSlug(canonical)
      : await findDisciplineId(db, query.discipline);
    if (id === undefined) {
      throw new InvalidParameterError("discipline", `Unknown discipline '${query.discipline}'.`);
    }
    disciplineIds.push(id);
  }
  if (query.discipline_id !== undefined) {
    const exists = index
      ? index.hasDiscipline(query.discipline_id)
      : await disciplineExists(db, query.discipline_id);
    if (!exists) {
      throw new InvalidParameterError(
        "discipline_id",
        `Unknown discipline id ${query.discipline_id}.`,
      );
    }
    disciplineIds.push(query.discipline_id);
  }
  return [...new Set(disciplineIds)];
}

/** The school named by `school_slug`; an unknown one is a 400. */
async function schoolIdOf(db: Database, query: CourseListQuery): Promise<number | undefined> {
  if (!query.school_slug) return undefined;
  const schoolId = await findSchoolId(db, query.school_slug);
  if (schoolId === undefined) {
    throw new InvalidParameterError("school_slug", `Unknown school '${query.school_slug}'.`);
  }
  return schoolId;
}

/**
 * The budget of a query that names a currency or a budget (ADR 051), its amounts converted at the
 * currency's rate; an unknown currency is a 400.
 */
async function budgetOf(
  db: Database,
  query: CourseListQuery,
  index: CourseIndex | undefined,
): Promise<CourseFilters["budget"] | undefined> {
  if (query.currency === undefined && query.max_total === undefined) return undefined;
  const currency = query.currency ?? "USD";
  // The index's rates are those of its totals; without an index (or the code), PostgreSQL's.
  const rate =
    index?.usdRateOf(currency) ??
    (
      await selectPrepared<{ rate: number }>(
        db,
        sql`select usd_exchange_rate::float8 as rate from currencies where short_code = ${currency}`,
      )
    )[0]?.rate;
  if (rate === undefined || !(rate > 0)) {
    throw new InvalidParameterError("currency", `Unknown currency '${currency}'.`);
  }
  return {
    currency,
    ...(query.max_total !== undefined ? { maxUsd: budgetUsd(query.max_total, rate) } : {}),
    bands: budgetBands(rate),
  };
}

/**
 * Turns the validated query into filters, resolving slugs; unknown ones are 400s. With the finder
 * index, discipline and country slugs are looked up in its lists (the same rows, read when it was
 * built; it is rebuilt when they change) instead of a query each.
 */
export async function resolveCourseListRequest(
  db: Database,
  typedQuery: CourseListQuery,
  index?: CourseIndex,
  /** The synonyms to expand with (ADR 043); the table's current list when not given. */
  synonyms?: readonly SynonymRule[],
): Promise<CourseListRequest> {
  // Words that are filters become those filters; the rest is the text (ADR 045).
  const { query, interpretation } = await interpretTypedText(db, typedQuery, index);
  const disciplineIds = await disciplineIdsOf(db, query, index);
  const countries = index
    ? index.countryIdsOfSlugs(query.country)
    : await resolveCountrySlugs(db, query.country);
  if (countries.unknown.length > 0) {
    throw new InvalidParameterError("country", `Unknown country '${countries.unknown[0]}'.`);
  }
  const schoolId = await schoolIdOf(db, query);
  const budget = await budgetOf(db, query, index);
  const text = query.name && query.name.length > 0 ? query.name : undefined;
  // Expanded with synonyms, variants and word starts, then matched (ADR 043).
  const understood = text
    ? await understandText(
        db,
        text,
        index,
        synonyms ?? (await searchSynonyms(db)),
        defaultOrdering(query) === "relevance",
      )
    : undefined;
  const searchText = understood?.searchText;
  return {
    filters: {
      ...(text ? { text } : {}),
      ...(searchText ? { searchText } : {}),
      ...(understood ? { textMatch: understood.match } : {}),
      ...(understood?.query !== undefined ? { textQuery: understood.query } : {}),
      ...(understood?.exactQuery !== undefined ? { textExactQuery: understood.exactQuery } : {}),
      ...(understood?.namePatterns ? { textNamePatterns: understood.namePatterns } : {}),
      ...(understood?.wholeNamePattern
        ? { textWholeNamePattern: understood.wholeNamePattern }
        : {}),
      ...(understood?.nameReadings ? { textNameReadings: understood.nameReadings } : {}),
      ...(query.programme ? { programmeTypeId: PROGRAMME_TYPE_IDS[query.programme] } : {}),
      disciplineIds,
      countryIds: countries.ids,
      excludeContinents: query.exclude_continent,
      ...(schoolId !== undefined ? { schoolId } : {}),
      ...(query.tuition ? { tuition: query.tuition } : {}),
      ...(budget ? { budget } : {}),
      durations: query.duration,
      degreeTypeIds: query.degree_type,
      attendance: query.attendance,
      formats: query.course_format,
      ...(query.featured !== undefined ? { featured: query.featured } : {}),
      published: query.published ?? true,
    },
    ...(interpretation ? { interpretation } : {}),
    ordering: defaultOrdering(query),
    seed: query.seed ?? randomSeed(),
    page: query.page ?? 1,
    pageSize: query.page_size ?? PAGE_SIZE,
  };
}
