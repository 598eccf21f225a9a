// The cards of a page of programmes, in the page's order, unpublished ones left out: from the
// programmes' own columns and the index's reference maps (ADR 026), or, without a current index or
// when a row names a reference the maps do not hold yet, from the SQL card query.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseCard, CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { courseCardsOf } from "../catalogue/course-cards.ts";
import { withTotalCosts } from "../cost/course-total.ts";
import { selectPrepared, selectRows } from "../sql-rows.ts";
import {
  CARD_ONLY_COLUMNS,
  CARD_ROW_COLUMNS,
  COURSE_JOINS,
  COURSE_LIST_COLUMNS,
} from "./card-columns.ts";
import type { CardOnlyRow, CardReferences, CardRow } from "./index/card-references.ts";
import type { CourseIndex } from "./index/course-index.ts";

/**
 * A page of programme ids in order: listed (the index chose them), or a query that selects them
 * (`c.id`, ranked by PostgreSQL), so that the page's cards are read in the same statement.
 */
export type PageIds = { ids: readonly number[] } | { ranked: SQL; prepared: boolean };

/** The page's ids as an `int[]` expression, in order. */
function pageArray(page: PageIds): SQL {
  return "ids" in page ? sql`${`{${page.ids.join(",")}}`}::int[]` : sql`array(${page.ranked})`;
}

/** Hot statements of a fixed shape are prepared; the SQL page query has one shape per filters. */
export function selectPage<Row>(db: Database, query: SQL, page: PageIds): Promise<Row[]> {
  return "ids" in page || page.prepared
    ? selectPrepared<Row>(db, query)
    : selectRows<Row>(db, query);
}

/**
 * The cards of a page from their own columns and the index's reference maps: PostgreSQL looks the
 * programmes up by primary key and builds no JSON, the nested objects come from the maps.
 * Undefined when a row names a reference the maps do not hold yet (committed a moment ago, its
 * notice still on its way): the SQL card query answers then.
 */
async function pageCardsFromIndex(
  db: Database,
  page: PageIds,
  references: CardReferences,
): Promise<CourseListItem[] | undefined> {
  // Still public: a change committed a moment ago may not have reached this process's index yet.
  const rows = await selectPage<CardRow>(
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
export async function pageCards(
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
  const rows = await selectPage<CourseListItem>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}
        from unnest(${pageArray(page)}) with ordinality as page(id, position)
        join courses c on c.id = page.id ${COURSE_JOINS}
        where c.published and s.published
        order by page.position`,
    page,
  );
  return withTotalCosts(rows);
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
