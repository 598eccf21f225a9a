// Course-finder constants shared by the finder page and the API (discovery.md §2 Finder, §9).
import { z } from "zod";

import { single } from "./query-params.ts";

/**
 * Duration buckets in days. The spec gives '3 - 4 years' as 730-1460, which overlaps
 * '2 - 3 years' (729-1095); we use 1096-1460 so each programme falls in exactly one bucket
 * (docs/spec-notes.md). A max of -1 means no upper bound.
 */
export const DURATION_BUCKETS = [
  { key: "0,364", label: "Less than 1 year", min: 0, max: 364 },
  { key: "365,728", label: "1 - 2 years", min: 365, max: 728 },
  { key: "729,1095", label: "2 - 3 years", min: 729, max: 1095 },
  { key: "1096,1460", label: "3 - 4 years", min: 1096, max: 1460 },
  { key: "1461,-1", label: "More than 4 years", min: 1461, max: null },
] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];

export const FORMAT_OPTIONS = [
  { value: "FULL", label: "Full Time" },
  { value: "PART", label: "Part Time" },
] as const;

export const ATTENDANCE_OPTIONS = [
  { value: "BLENDED", label: "Blended Learning" },
  { value: "ONLINE", label: "Online Learning" },
  { value: "SITE", label: "On Campus Learning" },
] as const;

/** The finder's programme levels, in the order of the spec's filter panel. */
export const PROGRAMME_LEVEL_OPTIONS = [
  { slug: "undergraduate", label: "Undergraduates", query: "undergraduate" },
  { slug: "postgraduate", label: "Graduates", query: "postgraduate" },
  { slug: "short", label: "Short Courses", query: "Short Courses" },
  { slug: "executive", label: "Executive Education", query: "Executive Education" },
  { slug: "certificate", label: "Certificate Courses", query: "Certificate Courses" },
] as const;

const facetCount = <T extends z.ZodRawShape>(shape: T) =>
  z.array(z.object({ ...shape, count: z.number().int() }));

export const CourseFacetsSchema = z.object({
  count: z.number().int(),
  facets: z.object({
    discipline: facetCount({ id: z.number().int(), slug: z.string(), name: z.string() }),
    programme: facetCount({ id: z.number().int(), slug: z.string(), label: z.string() }),
    duration: facetCount({ key: z.string(), label: z.string() }),
    degree_type: facetCount({ id: z.number().int(), name: z.string(), short_name: z.string() }),
    attendance: facetCount({ value: z.string(), label: z.string() }),
    course_format: facetCount({ value: z.string(), label: z.string() }),
    country: facetCount({ id: z.number().int(), slug: z.string(), name: z.string() }),
  }),
});
export type CourseFacets = z.output<typeof CourseFacetsSchema>;

export const SuggestionSchema = z.object({
  type: z.enum(["programme", "school", "discipline", "country"]),
  label: z.string(),
  detail: z.string(),
  /** Where choosing the suggestion goes. */
  url: z.string(),
});
export type Suggestion = z.output<typeof SuggestionSchema>;

export const SuggestionsSchema = z.object({
  query: z.string(),
  results: z.array(SuggestionSchema),
});

export const SuggestQuerySchema = z.object({
  q: single(z.string({ error: () => "is required" }).max(200, "must be at most 200 characters")),
});
