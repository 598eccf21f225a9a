// The fields the simple course card reads; loaders trim the list items to these before they are
// serialised into the page.
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";

export type CourseCardData = Pick<
  CourseListItem,
  "id" | "slug" | "name" | "duration" | "duration_base" | "tuition_fee" | "tuition_fee_base"
> & {
  tuition_currency: Pick<CourseListItem["tuition_currency"], "short_code">;
  school: Pick<CourseListItem["school"], "name" | "slug" | "logo">;
};

export function toCourseCardData(course: CourseListItem): CourseCardData {
  return {
    id: course.id,
    slug: course.slug,
    name: course.name,
    duration: course.duration,
    duration_base: course.duration_base,
    tuition_fee: course.tuition_fee,
    tuition_fee_base: course.tuition_fee_base,
    tuition_currency: { short_code: course.tuition_currency.short_code },
    school: { name: course.school.name, slug: course.school.slug, logo: course.school.logo },
  };
}
