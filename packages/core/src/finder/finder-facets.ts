// The facet counts as the finder page sends them for its filters (ADR 061): each row's key, the
// catalogue's name where a filter shows it, and the count. The labels of the fixed lists (levels,
// durations, attendance, format) are the page's own constants, and no filter reads the rows' ids
// (but the degree types', which the address names) or the degree types' short names: those stay
// out of the page's data, as they stay in the API's answer.
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";

type Facets = CourseFacets["facets"];

export interface FinderFacets {
  discipline: Array<{ slug: string; name: string; count: number }>;
  programme: Array<{ slug: string; count: number }>;
  duration: Array<{ key: string; count: number }>;
  degree_type: Array<{ id: number; name: string; count: number }>;
  attendance: Array<{ value: string; count: number }>;
  course_format: Array<{ value: string; count: number }>;
  country: Array<{ slug: string; name: string; count: number }>;
  budget?: Facets["budget"];
}

/** The rows of `facets` with the fields the finder page's filters read. */
export function finderFacetsOf(facets: Facets): FinderFacets {
  const values = (rows: Facets["attendance"]) => rows.map(({ value, count }) => ({ value, count }));
  return {
    discipline: facets.discipline.map(({ slug, name, count }) => ({ slug, name, count })),
    programme: facets.programme.map(({ slug, count }) => ({ slug, count })),
    duration: facets.duration.map(({ key, count }) => ({ key, count })),
    degree_type: facets.degree_type.map(({ id, name, count }) => ({ id, name, count })),
    attendance: values(facets.attendance),
    course_format: values(facets.course_format),
    country: facets.country.map(({ slug, name, count }) => ({ slug, name, count })),
    ...(facets.budget ? { budget: facets.budget } : {}),
  };
}
