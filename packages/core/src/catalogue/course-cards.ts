// What the pages send of each programme they show as a card (ADR 035): the card's own fields
// (CourseCardSchema), not the whole list item, so that a page of cards embeds, renders and
// serialises only what its cards show.
import type { CourseCard, CourseListItem } from "@studyatlas/schemas/catalogue.ts";

export function courseCardOf(course: CourseListItem): CourseCard {
  const { school, course_dates: dates } = course;
  return {
    id: course.id,
    slug: course.slug,
    name: course.name,
    duration: course.duration,
    duration_base: course.duration_base,
    course_format: course.course_format,
    attendance: course.attendance,
    course_dates: { start_month: dates.start_month, start_year: dates.start_year },
    tuition_fee: course.tuition_fee,
    tuition_currency: { short_code: course.tuition_currency.short_code },
    tuition_fee_base: course.tuition_fee_base,
    school: cardSchoolOf(school),
    total_cost: course.total_cost,
  };
}

/** The school as a card shows it (its name, address and pictures). */
export function cardSchoolOf(school: CourseCard["school"]): CourseCard["school"] {
  return {
    name: school.name,
    slug: school.slug,
    logo: school.logo,
    thumbnail: school.thumbnail,
    banner: school.banner,
  };
}

export function courseCardsOf(courses: readonly CourseListItem[]): CourseCard[] {
  return courses.map(courseCardOf);
}
