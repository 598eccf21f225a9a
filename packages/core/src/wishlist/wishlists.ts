// Wishlists (docs/spec/discovery.md §3 "Wishlist entry", §7 wishlists/*): always the wishlist of the user
// the session names; the API turns any other owner into a 404 before calling these
// (engineering guide §5).
import { and, eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { wishlistItems } from "@studyatlas/db/schema/engagement.ts";
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";
import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import { CARD_ROW_COLUMNS, COURSE_JOINS, COURSE_LIST_COLUMNS } from "../finder/courses.ts";
import type { CardRow } from "../finder/index/card-references.ts";
import type { CourseIndex } from "../finder/index/course-index.ts";
import { NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";

export interface WishlistEntry {
  created_at: string;
  course: CourseListItem;
}

/**
 * The user's saved programmes that are still published, newest first. With the finder index (issue
 * 14), the cards are put together from its reference maps as the finder's are
 * (`courseCardsFromIndex`); without one, or when a row names a reference newer than the maps, the
 * SQL card columns build them.
 */
export async function listWishlist(
  db: Database,
  userId: number,
  index?: CourseIndex,
): Promise<WishlistEntry[]> {
  const references = index?.cardReferences;
  if (references) {
    const rows = await selectRows<CardRow & { saved_at: string | Date }>(
      db,
      sql`select ${CARD_ROW_COLUMNS}, w.created_at as saved_at
          from wishlist_items w
          join courses c on c.id = w.course_id
          join schools s on s.id = c.school_id
          where w.user_id = ${userId} and c.published and s.published
          order by w.created_at desc, c.id desc`,
    );
    const entries = rows.map((row) => {
      const course = references.card(row);
      return course && entryOf(row.saved_at, course);
    });
    if (entries.every((entry): entry is WishlistEntry => entry !== undefined)) return entries;
  }
  const rows = await selectRows<CourseListItem & { saved_at: string | Date }>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}, w.created_at as saved_at
        from wishlist_items w
        join courses c on c.id = w.course_id ${COURSE_JOINS}
        where w.user_id = ${userId} and c.published and s.published
        order by w.created_at desc, c.id desc`,
  );
  return rows.map(({ saved_at, ...course }) => entryOf(saved_at, course));
}

function entryOf(savedAt: string | Date, course: CourseListItem): WishlistEntry {
  return { created_at: new Date(savedAt).toISOString(), course };
}

/** Just the ids, for the hearts on the cards of a page. */
export async function listWishlistCourseIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: wishlistItems.courseId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return rows.map((row) => row.courseId);
}

async function publishedCourse(
  db: Database,
  courseId: number,
): Promise<CourseListItem | undefined> {
  return selectOne<CourseListItem>(
    db,
    sql`select ${COURSE_LIST_COLUMNS} from courses c ${COURSE_JOINS}
        where c.id = ${courseId} and c.published and s.published`,
  );
}

/** Saves a programme; saving it again changes nothing (`created` is then false). */
export async function addToWishlist(
  db: Database,
  userId: number,
  courseId: number,
): Promise<WishlistEntry & { created: boolean }> {
  const course = await publishedCourse(db, courseId);
  if (!course) throw new NotFoundError(WISHLIST_MESSAGES.courseNotFound);
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .returning({ createdAt: wishlistItems.createdAt });
  let createdAt = inserted[0]?.createdAt;
  if (!createdAt) {
    const [existing] = await db
      .select({ createdAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.courseId, courseId)));
    createdAt = existing?.createdAt ?? new Date();
  }
  return { created: inserted.length > 0, created_at: createdAt.toISOString(), course };
}

/** Removes a programme; removing one that is not saved is harmless (`false`). */
export async function removeFromWishlist(
  db: Database,
  userId: number,
  courseId: number,
): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.courseId, courseId)))
    .returning({ courseId: wishlistItems.courseId });
  return removed.length > 0;
}
