// Compare up to four programmes (docs/decisions/052-my-currency-and-compare.md): the tray a
// signed-in student keeps on the account (a visitor's stays in the browser), and the compare page's
// programmes. Identity comes from the session; a tray only ever names published programmes.
import { eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { userPreferences } from "@studyatlas/db/schema/preferences.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";
import { COMPARE_LIMIT, COMPARE_MESSAGES } from "@studyatlas/schemas/my-currency-rules.ts";

import type { CachedCatalogue } from "../catalogue/cached-catalogue.ts";
import { htmlToText } from "../content/html-preview.ts";
import { ValidationError } from "../errors.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { coursesByIds } from "../finder/search.ts";

/** The account's tray, in the order added, published programmes only, with their names. */
export async function getCompareTray(
  db: Database,
  userId: number,
  finder?: FinderIndex,
): Promise<{ id: number; name: string }[]> {
  const [row] = await db
    .select({ ids: userPreferences.compareCourseIds })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  if (!row || row.ids.length === 0) return [];
  const courses = await coursesByIds(db, row.ids, finder);
  return courses.map((course) => ({ id: course.id, name: course.name }));
}

/**
 * Replaces the account's tray. Ids of programmes that are not published are left out (a tray
 * that outlived its programme); more than COMPARE_LIMIT is the caller's mistake.
 */
export async function saveCompareTray(
  db: Database,
  userId: number,
  ids: readonly number[],
  finder?: FinderIndex,
): Promise<number[]> {
  if (ids.length > COMPARE_LIMIT) {
    throw new ValidationError(COMPARE_MESSAGES.tooMany, {
      code: "compare_tray_full",
      errors: { ids: [COMPARE_MESSAGES.tooMany] },
    });
  }
  const kept =
    ids.length === 0 ? [] : (await coursesByIds(db, ids, finder)).map((course) => course.id);
  await db
    .insert(userPreferences)
    .values({ userId, compareCourseIds: kept })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { compareCourseIds: kept, updatedAt: sql`now()` },
    });
  return kept;
}

/** The admission requirements as plain text, cut to a table cell's worth. */
const REQUIREMENTS_LIMIT = 600;

/** What a compare column shows of a programme (the rows of the compare page). */
export type ComparedProgramme = Pick<
  CourseDetail,
  | "id"
  | "slug"
  | "name"
  | "duration"
  | "duration_base"
  | "course_format"
  | "attendance"
  | "course_dates"
  | "tuition_fee"
  | "tuition_fee_base"
  | "tuition_currency"
  | "programme_type"
  | "degree_type"
  | "language"
  | "disciplines"
> & {
  school: Pick<CourseDetail["school"], "name" | "slug" | "logo" | "country">;
  admission_requirements_text: string;
};

function comparedOf(course: CourseDetail): ComparedProgramme {
  const text = htmlToText(course.admission_requirements).trim();
  return {
    id: course.id,
    slug: course.slug,
    name: course.name,
    duration: course.duration,
    duration_base: course.duration_base,
    course_format: course.course_format,
    attendance: course.attendance,
    course_dates: course.course_dates,
    tuition_fee: course.tuition_fee,
    tuition_fee_base: course.tuition_fee_base,
    tuition_currency: course.tuition_currency,
    programme_type: course.programme_type,
    degree_type: course.degree_type,
    language: course.language,
    disciplines: course.disciplines,
    school: {
      name: course.school.name,
      slug: course.school.slug,
      logo: course.school.logo,
      country: course.school.country,
    },
    admission_requirements_text:
      text.length > REQUIREMENTS_LIMIT ? `${text.slice(0, REQUIREMENTS_LIMIT).trimEnd()}…` : text,
  };
}

/**
 * The compare page: the asked-for programmes in the asked-for order (the address's ids, already
 * parsed and capped), those no longer published left out and counted.
 */
export async function loadComparePage(
  services: { db: Database; catalogue: CachedCatalogue; finder?: FinderIndex },
  ids: readonly number[],
): Promise<{ programmes: ComparedProgramme[]; missing: number }> {
  const cards = ids.length === 0 ? [] : await coursesByIds(services.db, ids, services.finder);
  const details = await Promise.all(
    cards.map((card) => services.catalogue.getCourseBySlug(card.slug)),
  );
  const programmes = details
    .filter((course): course is CourseDetail => course !== undefined)
    .map(comparedOf);
  return { programmes, missing: ids.length - programmes.length };
}
