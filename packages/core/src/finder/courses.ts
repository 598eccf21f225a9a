// Programme listing (the finder, featured rows, related strips) and programme detail.
// Filters arrive already validated (packages/schemas/src/catalogue.ts); slugs are resolved to ids
// here so that an unknown one is reported against the parameter that named it.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseOrdering } from "@studyatlas/schemas/catalogue-constants.ts";
import type {
  CourseCard,
  CourseDetail,
  CourseListItem,
  CourseListQuery,
  DurationRange,
  TuitionFilter,
} from "@studyatlas/schemas/catalogue.ts";
import { PAGE_SIZE, PROGRAMME_TYPE_IDS } from "@studyatlas/schemas/catalogue-constants.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import { InvalidParameterError } from "../errors.ts";
import { selectOne, selectPrepared, selectRows } from "../sql-rows.ts";
import { resolveCountrySlugs } from "../catalogue/countries.ts";
import {
  DISCIPLINE_SLUG_ALIASES,
  disciplineExists,
  findDisciplineId,
} from "../catalogue/reference-lists.ts";
import { findSchoolId } from "../catalogue/schools.ts";
import { correctSearchText } from "./search-words.ts";
import { randomSeed } from "./random-seed.ts";
import { courseCardsOf } from "../catalogue/course-cards.ts";
import type { CardOnlyRow, CardReferences, CardRow } from "./index/card-references.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { chooseTextMatchInIndex, matchText, type TextMatchChoice } from "./index/text-match.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

export interface CourseFilters {
  /** Free text as typed (trigram matching on names). */
  text?: string;
  /** The free text with misspelled words corrected (full-text matching and ranking). */
  searchText?: string;
  /**
   * How the text matches: the full-text index when the corrected words match anything, else a
   * close trigram match on programme names (ADR 005).
   */
  textMatch?: "fulltext" | "similar-name";
  /**
   * For full text: the corrected text as PostgreSQL's tsquery prints it (`'data' & 'scienc'`), which
   * the in-process index evaluates (search-index/text-match.ts). SQL does not read it.
   */
  textQuery?: string;
  programmeTypeId?: number;
  disciplineIds: number[];
  countryIds: number[];
  excludeContinents: string[];
  schoolId?: number;
  tuition?: TuitionFilter;
  durations: DurationRange[];
  degreeTypeIds: number[];
  attendance: string[];
  formats: string[];
  featured?: boolean;
  /** Only published programmes are public; `published=false` therefore matches nothing. */
  published: boolean;
}

/** No filter but "published": every public programme. Spread it and set the filters you need. */
export const ALL_PUBLISHED_COURSES: Readonly<CourseFilters> = {
  disciplineIds: [],
  countryIds: [],
  excludeContinents: [],
  durations: [],
  degreeTypeIds: [],
  attendance: [],
  formats: [],
  published: true,
};

export interface CourseListRequest {
  filters: CourseFilters;
  ordering: CourseOrdering;
  /** For random ordering: the same seed gives the same permutation, so pages never overlap. */
  seed: number;
  page: number;
  pageSize: number;
}

/**
 * Turns the validated query into filters, resolving slugs; unknown ones are 400s. With the finder
 * index, discipline and country slugs are looked up in its lists (the same rows, read when it was
 * built; it is rebuilt when they change) instead of a query each.
 */
export async function resolveCourseListRequest(
  db: Database,
  query: CourseListQuery,
  index?: CourseIndex,
): Promise<CourseListRequest> {
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
  const countries = index
    ? index.countryIdsOfSlugs(query.country)
    : await resolveCountrySlugs(db, query.country);
  if (countries.unknown.length > 0) {
    throw new InvalidParameterError("country", `Unknown country '${countries.unknown[0]}'.`);
  }
  let schoolId: number | undefined;
  if (query.school_slug) {
    schoolId = await findSchoolId(db, query.school_slug);
    if (schoolId === undefined) {
      throw new InvalidParameterError("school_slug", `Unknown school '${query.school_slug}'.`);
    }
  }
  const text = query.name && query.name.length > 0 ? query.name : undefined;
  const searchText = text ? await correctSearchText(db, text, index?.vocabulary) : undefined;
  const chosen =
    searchText === undefined
      ? undefined
      : ((index &&
          (await chooseTextMatchInIndex(
            db,
            index,
            searchText,
            defaultOrdering(query) === "relevance",
          ))) ??
        (await chooseTextMatch(db, searchText)));
  return {
    filters: {
      ...(text ? { text } : {}),
      ...(searchText ? { searchText } : {}),
      ...(chosen ? { textMatch: chosen.match } : {}),
      ...(chosen?.match === "fulltext" ? { textQuery: chosen.query } : {}),
      ...(query.programme ? { programmeTypeId: PROGRAMME_TYPE_IDS[query.programme] } : {}),
      disciplineIds: [...new Set(disciplineIds)],
      countryIds: countries.ids,
      excludeContinents: query.exclude_continent,
      ...(schoolId !== undefined ? { schoolId } : {}),
      ...(query.tuition ? { tuition: query.tuition } : {}),
      durations: query.duration,
      degreeTypeIds: query.degree_type,
      attendance: query.attendance,
      formats: query.course_format,
      ...(query.featured !== undefined ? { featured: query.featured } : {}),
      published: query.published ?? true,
    },
    ordering: defaultOrdering(query),
    seed: query.seed ?? randomSeed(),
    page: query.page ?? 1,
    pageSize: query.page_size ?? PAGE_SIZE,
  };
}

/**
 * The order a list takes when the request names none: relevance for free text, else by name, so
 * a first visit, a crawler and a shared link all see the same stable pages.
 */
export function defaultOrdering(query: Pick<CourseListQuery, "ordering" | "name">): CourseOrdering {
  return query.ordering ?? (query.name ? "relevance" : "name");
}

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
 * Full text when the corrected words find any published programme; names by similarity else.
 * With the tsquery the words make, as text, for the in-process index (same round trip). The index
 * answers the same question without this query when it can (text-match.ts
 * chooseTextMatchInIndex); this probe decides when it cannot, and is its oracle in the tests.
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
    : sql`c.search_vector @@ ${textQuery(filters.searchText ?? filters.text)}`;
}

/** How well a programme matches the free text (higher first; ties in name order). */
function relevanceScore(filters: CourseFilters & { text: string }): SQL {
  if (filters.textMatch === "similar-name") {
    return sql`word_similarity(${normalisedText(filters.text)}, c.search_name)`;
  }
  // Weighted rank (names count most), then how closely the name itself matches.
  const corrected = filters.searchText ?? filters.text;
  return sql`(ts_rank(c.search_vector, ${textQuery(corrected)}) + word_similarity(${normalisedText(corrected)}, c.search_name))`;
}

/**
 * Name order (issue 16 item 5): by the name lower-cased and without accents (the `search_name`
 * column), byte by byte (`collate "C"`), so "LLM in International Law" comes before "LLM
 * Technology Law" and both engines agree whatever their default collation; then the name as
 * written and the id, so the order is total.
 */
const BY_NAME = sql`c.search_name collate "C" asc, c.name collate "C" asc, c.id asc`;
const BY_NAME_DESC = sql`c.search_name collate "C" desc, c.name collate "C" desc, c.id desc`;

function courseOrder(request: CourseListRequest): SQL {
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
    case "start_date": {
      const now = new Date();
      const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
      return sql`(c.start_year = 0 or c.start_month = 0) asc,
        (c.start_year * 12 + c.start_month < ${thisMonth}) asc,
        c.start_year asc, c.start_month asc, c.id asc`;
    }
    case "relevance":
      if (filters.text) {
        return sql`${relevanceScore({ ...filters, text: filters.text })} desc, ${BY_NAME}`;
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

/** The card columns of a programme (`c`), shared with the wishlist. */
export const COURSE_LIST_COLUMNS = sql`c.id, c.slug, c.name, c.about, c.duration, c.duration_base,
  c.duration_days, c.course_format, c.attendance,
  json_build_object('start_month', c.start_month, 'start_year', c.start_year,
    'deadline_month', c.deadline_month, 'deadline_year', c.deadline_year) as course_dates,
  c.tuition_fee::float8 as tuition_fee, c.tuition_fee_usd::float8 as tuition_fee_usd,
  json_build_object('short_code', cur.short_code, 'name', cur.name,
    'usd_exchange_rate', cur.usd_exchange_rate::float8) as tuition_currency,
  c.tuition_fee_base, c.featured, c.published,
  json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug, 'label', pt.label) as programme_type,
  case when dt.id is null then null
    else json_build_object('id', dt.id, 'name', dt.name, 'short_name', dt.short_name) end as degree_type,
  case when l.id is null then null
    else json_build_object('id', l.id, 'name', l.name, 'code', l.code) end as language,
  coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'slug', d.slug)
      order by cd.position, d.name)
    from course_disciplines cd join disciplines d on d.id = cd.discipline_id
    where cd.course_id = c.id), '[]'::json) as disciplines,
  json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'logo', s.logo,
    'thumbnail', s.thumbnail, 'banner', s.banner, 'video', s.video, 'city', s.city,
    'country', json_build_object('id', co.id, 'name', co.name, 'slug', co.slug, 'code', co.code,
      'short_code', co.code, 'continent', co.continent)) as school`;

export const COURSE_JOINS = sql`join schools s on s.id = c.school_id
  join countries co on co.id = s.country_id
  join currencies cur on cur.id = c.tuition_currency_id
  join programme_types pt on pt.id = c.programme_type_id
  left join degree_types dt on dt.id = c.degree_type_id
  left join languages l on l.id = c.language_id`;

/**
 * A programme's own card columns (`c`), without what the card nests: the ids of its school,
 * currency, programme type, degree type and language, the dates as plain integers, the fees as
 * float8 (as COURSE_LIST_COLUMNS gives them), and its discipline ids in the card's order.
 * card-references.ts completes them into COURSE_LIST_COLUMNS's shape.
 */
export const CARD_ROW_COLUMNS = sql`c.id, c.slug, c.name, c.about, c.duration, c.duration_base,
  c.duration_days, c.course_format, c.attendance, c.start_month, c.start_year, c.deadline_month,
  c.deadline_year, c.tuition_fee::float8 as tuition_fee,
  c.tuition_fee_usd::float8 as tuition_fee_usd, c.tuition_currency_id, c.tuition_fee_base,
  c.featured, c.published, c.programme_type_id, c.degree_type_id, c.language_id, c.school_id,
  array(select cd.discipline_id from course_disciplines cd
    join disciplines d on d.id = cd.discipline_id
    where cd.course_id = c.id order by cd.position, d.name) as discipline_ids`;

/**
 * Only what a page's card shows of a programme (CourseCardSchema), with the ids of its school and
 * currency: card-references.ts `courseCard` completes it. A third of CARD_ROW_COLUMNS, no
 * discipline subquery: the home page's 60 cards cost half the CPU to read (issue 14 item 3).
 */
export const CARD_ONLY_COLUMNS = sql`c.id, c.slug, c.name, c.duration, c.duration_base,
  c.course_format, c.attendance, c.start_month, c.start_year, c.tuition_fee::float8 as tuition_fee,
  c.tuition_currency_id, c.tuition_fee_base, c.school_id`;

/**
 * A page of programme ids in order: listed (the index chose them), or a query that selects them
 * (`c.id`, ranked by PostgreSQL), so that the page's cards are read in the same statement.
 */
type PageIds = { ids: readonly number[] } | { ranked: SQL; prepared: boolean };

/** The page's ids as an `int[]` expression, in order. */
function pageArray(page: PageIds): SQL {
  return "ids" in page ? sql`${`{${page.ids.join(",")}}`}::int[]` : sql`array(${page.ranked})`;
}

/** Hot statements of a fixed shape are prepared; the SQL page query has one shape per filters. */
function select<Row>(db: Database, query: SQL, page: PageIds): Promise<Row[]> {
  return "ids" in page || page.prepared
    ? selectPrepared<Row>(db, query)
    : selectRows<Row>(db, query);
}

/**
 * The cards of a page from their own columns and the index's reference maps (ADR 026):
 * PostgreSQL looks the programmes up by primary key and builds no JSON, the nested objects come
 * from the maps. Undefined when a row names a reference the maps do not hold yet (committed a
 * moment ago, its notice still on its way): the SQL card query answers then.
 */
async function pageCardsFromIndex(
  db: Database,
  page: PageIds,
  references: CardReferences,
): Promise<CourseListItem[] | undefined> {
  // Still public: a change committed a moment ago may not have reached this process's index yet.
  const rows = await select<CardRow>(
    db,
    sql`select ${CARD_ROW_COLUMNS}
        from unnest(${pageArray(page)}) with ordinality as page(id, position)
        join courses c on c.id = page.id
        join schools s on s.id = c.school_id
        where c.published and s.published
        order by page.position`,
    page,
  );
  return references.cards(rows);
}

/** The cards of the given programmes from the index's reference maps (pageCardsFromIndex). */
export function courseCardsFromIndex(
  db: Database,
  ids: readonly number[],
  references: CardReferences,
): Promise<CourseListItem[] | undefined> {
  return pageCardsFromIndex(db, { ids }, references);
}

/**
 * The cards of a page, in its order, unpublished programmes left out. With the index's reference
 * maps the nested objects are put together in process; without a current index, the SQL card
 * query builds them.
 */
async function pageCards(
  db: Database,
  page: PageIds,
  index?: CourseIndex,
): Promise<CourseListItem[]> {
  if ("ids" in page && page.ids.length === 0) return [];
  const references = index?.cardReferences;
  if (references) {
    const cards = await pageCardsFromIndex(db, page, references);
    if (cards) return cards;
  }
  // Still public: a change committed a moment ago may not have reached this process's index yet.
  return select<CourseListItem>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}
        from unnest(${pageArray(page)}) with ordinality as page(id, position)
        join courses c on c.id = page.id ${COURSE_JOINS}
        where c.published and s.published
        order by page.position`,
    page,
  );
}

/**
 * The cards of the given programmes, in the given order (the index chose them), unpublished ones
 * left out (pageCards).
 */
export function coursesByIds(
  db: Database,
  ids: readonly number[],
  index?: CourseIndex,
): Promise<CourseListItem[]> {
  return pageCards(db, { ids }, index);
}

/**
 * When the index cannot rank full-text matches itself (relevance.ts; ADR 029, "Where SQL still
 * ranks": a name or text outside ASCII, a lexeme without its positions), PostgreSQL ranks them.
 * Above this many filtered full-text matches, it ranks them with the SQL path's own page
 * query (its text index and parallel workers: 0.53 s against 0.89 s through the ids for a bare
 * common word at a million programmes); below it, through their ids.
 */
export const RANK_BY_IDS_UP_TO = 20_000;

/**
 * One page from the in-process index and the total, or undefined when it cannot answer (the
 * caller asks SQL). Free text is matched in the index (search-index/text-match.ts); in relevance
 * order, the index ranks the full-text matches as PostgreSQL does (search-index/relevance.ts),
 * and where it cannot do so exactly, PostgreSQL ranks the matches that pass the filters, with the
 * SQL path's expressions and ties: the page is then the query that ranks them.
 */
async function pageFromIndex(
  db: Database,
  request: CourseListRequest,
  index: CourseIndex,
  rankByIdsUpTo: number,
): Promise<{ count: number; page: PageIds } | undefined> {
  const { filters } = request;
  const text =
    filters.text !== undefined
      ? await matchText(db, index, filters, request.ordering === "relevance")
      : undefined;
  const answer = index.list(request, text);
  if (!answer) return undefined;
  if ("ids" in answer) return { count: answer.count, page: { ids: answer.ids } };
  if (!filters.text || answer.rankInSql.length === 0) {
    return { count: answer.count, page: { ids: [] } };
  }
  const limit = sql`limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`;
  // The SQL page query takes any shape of filters: not prepared (one statement per shape).
  const page: PageIds =
    answer.rankInSql.length > rankByIdsUpTo
      ? {
          ranked: sql`select c.id from courses c where ${courseWhere(filters)}
              order by ${courseOrder(request)} ${limit}`,
          prepared: false,
        }
      : {
          ranked: sql`select c.id from unnest(${`{${answer.rankInSql.join(",")}}`}::int[]) as m(id)
              join courses c on c.id = m.id
              order by ${relevanceScore({ ...filters, text: filters.text })} desc, ${BY_NAME}
              ${limit}`,
          prepared: true,
        };
  return { count: answer.count, page };
}

/**
 * One page of programme ids and the total from the in-process index, or undefined when it cannot
 * answer (the caller asks SQL); in relevance order, when PostgreSQL ranks, it returns only the page's ids.
 */
export async function courseIdsFromIndex(
  db: Database,
  request: CourseListRequest,
  index: CourseIndex,
  rankByIdsUpTo = RANK_BY_IDS_UP_TO,
): Promise<{ count: number; ids: number[] } | undefined> {
  const answer = await pageFromIndex(db, request, index, rankByIdsUpTo);
  if (!answer) return undefined;
  const { count, page } = answer;
  if ("ids" in page) return { count, ids: [...page.ids] };
  const rows = await select<{ id: number }>(db, page.ranked, page);
  return { count, ids: rows.map((row) => row.id) };
}

/**
 * One page of programmes and the total: from the in-process index when one is given and can
 * answer the filters (issue 14), else from SQL. In relevance order, the ranking of the full-text
 * matches and the page's cards are one statement.
 */
export async function listCourses(
  db: Database,
  request: CourseListRequest,
  index?: CourseIndex,
  rankByIdsUpTo = RANK_BY_IDS_UP_TO,
): Promise<{ count: number; results: CourseListItem[] }> {
  const fromIndex = index ? await pageFromIndex(db, request, index, rankByIdsUpTo) : undefined;
  if (fromIndex) {
    return { count: fromIndex.count, results: await pageCards(db, fromIndex.page, index) };
  }
  const where = courseWhere(request.filters);
  const offset = (request.page - 1) * request.pageSize;
  const [total, results] = await Promise.all([
    selectOne<{ count: number }>(
      db,
      sql`select count(*)::int as count from courses c where ${where}`,
    ),
    // Pick the page's ids first, so that the joins and JSON building touch only those rows.
    selectRows<CourseListItem>(
      db,
      sql`select ${COURSE_LIST_COLUMNS}
          from unnest(array(
            select c.id from courses c where ${where}
            order by ${courseOrder(request)}
            limit ${request.pageSize} offset ${offset}
          )) with ordinality as page(id, position)
          join courses c on c.id = page.id ${COURSE_JOINS}
          order by page.position`,
    ),
  ]);
  return { count: total?.count ?? 0, results };
}

/**
 * The cards (CourseCardSchema: what a page shows) of the given programmes, in the given order,
 * unpublished ones left out, as `courseCardsOf(coursesByIds(...))` gives them: from the card's
 * own columns and the index's reference maps, else from the whole list items.
 */
export async function courseCardsByIds(
  db: Database,
  ids: readonly number[],
  index?: CourseIndex,
): Promise<CourseCard[]> {
  if (ids.length === 0) return [];
  const references = index?.cardReferences;
  if (references) {
    // Still public: a change committed a moment ago may not have reached this process's index yet.
    const rows = await selectPrepared<CardOnlyRow>(
      db,
      sql`select ${CARD_ONLY_COLUMNS}
          from unnest(${pageArray({ ids })}) with ordinality as page(id, position)
          join courses c on c.id = page.id
          join schools s on s.id = c.school_id
          where c.published and s.published
          order by page.position`,
    );
    const cards: CourseCard[] = [];
    for (const row of rows) {
      const card = references.courseCard(row);
      if (!card) break;
      cards.push(card);
    }
    if (cards.length === rows.length) return cards;
  }
  return courseCardsOf(await coursesByIds(db, ids, index));
}

/**
 * Several pages of programme cards at once (the home page's featured rows): each page's ids from
 * the index, then the cards of all of them in one statement, reading only the cards' columns
 * (issue 14 item 3: six round trips to PostgreSQL were a tenth of a home render). A page the index
 * cannot answer goes to SQL on its own, as `listCourses` does, and becomes cards (courseCardOf).
 */
export async function listCourseCardPages(
  db: Database,
  requests: readonly CourseListRequest[],
  index?: CourseIndex,
): Promise<Array<{ count: number; results: CourseCard[] }>> {
  const fromIndex = index
    ? await Promise.all(requests.map((request) => courseIdsFromIndex(db, request, index)))
    : [];
  const ids = [...new Set(fromIndex.flatMap((answer) => answer?.ids ?? []))];
  const cards = new Map((await courseCardsByIds(db, ids, index)).map((card) => [card.id, card]));
  return Promise.all(
    requests.map(async (request, position) => {
      const answer = fromIndex[position];
      if (!answer) {
        const list = await listCourses(db, request);
        return { count: list.count, results: courseCardsOf(list.results) };
      }
      // As coursesByIds: in the index's order, without a programme unpublished since.
      const results = answer.ids.flatMap((id) => cards.get(id) ?? []);
      return { count: answer.count, results };
    }),
  );
}

/** The HTML sections of a programme (docs/spec/accounts-and-details.md §3), sanitised before anyone sees them. */
export const COURSE_HTML_FIELDS = [
  "overview",
  "why_chose",
  "who_for",
  "admission_requirements",
  "other_requirements",
  "programme_structure",
  "syllabus",
  "tuition_and_aid",
  "scholarship",
] as const satisfies readonly (keyof CourseDetail)[];

export async function getCourseBySlug(
  db: Database,
  slug: string,
): Promise<CourseDetail | undefined> {
  const [course] = await selectPrepared<CourseDetail>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}, d.overview, d.why_chose, d.who_for,
          d.admission_requirements, d.other_requirements, d.programme_structure, d.syllabus,
          d.tuition_and_aid, d.scholarship, d.video, d.official_programme_website
        from courses c ${COURSE_JOINS}
        join course_details d on d.course_id = c.id
        where c.slug = ${slug} and c.published and s.published`,
  );
  if (!course) return undefined;
  // Sanitised on every read, not only when stored: rows written by older imports or by hand are
  // as untrusted as new ones (engineering guide §5).
  for (const field of COURSE_HTML_FIELDS) course[field] = sanitizeHtml(course[field]);
  return course;
}
