// Wishlists (docs/spec/discovery.md §3 "Wishlist entry", §7 wishlists/*): always the wishlist of
// the user the session names (identity comes from the session, never from a request field); the API
// turns any other owner into a 404 before calling these. The saved programmes' cards come from the
// finder's search module, as every other card does.
import { and, desc, eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { wishlistItems } from "@studyatlas/db/schema/engagement.ts";
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";
import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import { NotFoundError } from "../errors.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { coursesByIds } from "../finder/search.ts";

export interface WishlistEntry {
  created_at: string;
  course: CourseListItem;
}

/**
 * The user's saved programmes that are still published, newest first, as their cards (from the
 * finder's index when there is a current one, else from SQL: search.ts).
 */
export async function listWishlist(
  db: Database,
  userId: number,
  finder?: FinderIndex,
): Promise<WishlistEntry[]> {
  const saved = await db
    .select({ courseId: wishlistItems.courseId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.courseId));
  // The cards keep the order asked for and leave out what is no longer public.
  const savedAt = new Map(saved.map((item) => [item.courseId, item.createdAt]));
  const courses = await coursesByIds(db, [...savedAt.keys()], finder);
  return courses.map((course) => entryOf(savedAt.get(course.id) ?? new Date(), course));
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
  const [course] = await coursesByIds(db, [courseId]);
  return course;
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
