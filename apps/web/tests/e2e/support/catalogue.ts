// Programmes with particular content, found through the public API of the server under test.
import type { APIRequestContext } from "@playwright/test";

interface CourseSummary {
  slug: string;
  name: string;
  school: { name: string; slug: string };
}

interface CourseDetail extends CourseSummary {
  overview: string;
  why_chose: string;
  tuition_and_aid: string;
  scholarship: string;
  tuition_fee: number;
}

/** The first published programme (by name) whose detail satisfies `wanted`. */
export async function findCourse(
  request: APIRequestContext,
  wanted: (course: CourseDetail) => boolean,
): Promise<CourseDetail> {
  for (let page = 1; page <= 10; page += 1) {
    const list = (await (
      await request.get(`/api/academics/course/list?page_size=50&page=${page}&ordering=name`, {
        maxRetries: 2,
      })
    ).json()) as { results: CourseSummary[] };
    for (const summary of list.results) {
      const course = (await (
        await request.get(`/api/academics/course/detail/${summary.slug}`, { maxRetries: 2 })
      ).json()) as CourseDetail;
      if (wanted(course)) return course;
    }
    if (list.results.length < 50) break;
  }
  throw new Error("No programme in the test catalogue matches");
}

/** Visible characters of HTML text, as the 1000-character preview counts them. */
export function textLength(html: string): number {
  return html.replace(/<[^>]*>/g, "").replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, "_").length;
}
