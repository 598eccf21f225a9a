// Course-finder constants shared by the finder page and the API (docs/spec/discovery.md §2 Finder, §9).
import { z } from "zod";

import { single } from "./query-params.ts";

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
