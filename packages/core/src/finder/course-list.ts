// One page of programmes and the total (the finder, the home page's rows, the school page, the
// related strips): from the in-process index when there is a current one and it can answer the
// request (ADR 011), else from SQL (course-sql.ts). Free text is matched in the index
// (index/text-match.ts, ADR 024); in relevance order the index ranks the full-text matches as
// PostgreSQL does (index/relevance.ts, ADR 029), and where it cannot do so exactly, PostgreSQL
// ranks the matches that pass the filters, with the SQL path's expressions and ties.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseCard, CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { courseCardsOf } from "../catalogue/course-cards.ts";
import { withTotalCosts } from "../cost/course-total.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { COURSE_JOINS, COURSE_LIST_COLUMNS } from "./card-columns.ts";
import type { CourseListRequest } from "./course-request.ts";
import { courseOrder, courseWhere, relevanceOrder } from "./course-sql.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { matchText } from "./index/text-match.ts";
import { courseCardsByIds, pageCards, selectPage, type PageIds } from "./page-cards.ts";

/**
 * When the index cannot rank full-text matches itself (a name or text outside ASCII, a lexeme
 * without its positions: ADR 029), PostgreSQL ranks them. Above this many filtered full-text
 * matches, it ranks them with the SQL path's own page query (its text index and parallel workers
 * are faster there for a bare common word, ADR 024); below it, through their ids.
 */
export const RANK_BY_IDS_UP_TO = 20_000;

/**
 * One page from the in-process index and the total, or undefined when it cannot answer (the
 * caller asks SQL). When PostgreSQL ranks the full-text matches, the page is the query that ranks
 * them.
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
              order by ${relevanceOrder({ ...filters, text: filters.text })}
              ${limit}`,
          prepared: true,
        };
  return { count: answer.count, page };
}

/**
 * One page of programme ids and the total from the in-process index, or undefined when it cannot
 * answer (the caller asks SQL); in relevance order, when PostgreSQL ranks, it returns only the
 * page's ids.
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
  const rows = await selectPage<{ id: number }>(db, page.ranked, page);
  return { count, ids: rows.map((row) => row.id) };
}

/**
 * One page of programmes and the total: from the in-process index when one is given and can
 * answer the filters, else from SQL. In relevance order, the ranking of the full-text matches and
 * the page's cards are one statement.
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
  return { count: total?.count ?? 0, results: withTotalCosts(results) };
}

/**
 * Several pages of programme cards at once (the home page's featured rows): each page's ids from
 * the index, then the cards of all of them in one statement, reading only the cards' columns
 * (ADR 033: fewer round trips per home render). A page the index cannot answer goes to SQL on
 * its own, as `listCourses` does, and becomes cards (courseCardOf).
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
