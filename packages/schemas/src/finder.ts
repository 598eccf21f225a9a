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
    /**
     * When the request names a currency or a budget (ADR 051): programmes whose total cost is
     * at most each band's `max` (in `currency`), with every other filter applied.
     */
    budget: z
      .object({
        currency: z.string(),
        bands: facetCount({ max: z.number() }),
      })
      .optional(),
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

/**
 * A filter or order taken from the words typed in the finder's search box, shown as a removable
 * chip (docs/decisions/045-words-that-are-filters.md): its kind, its label ('United Kingdom',
 * 'Postgraduate', 'Online', 'Cheapest first'), the words it came from as typed, and the typed text
 * without them (the search its removal leads to).
 */
export const QueryChipSchema = z.object({
  kind: z.enum(["country", "level", "format", "price"]),
  label: z.string(),
  words: z.string(),
  text_without: z.string(),
});
export type QueryChip = z.output<typeof QueryChipSchema>;

/**
 * A nearby search that has results, offered when nothing matches (docs/spec-notes.md, Course
 * finder: zero results): what it changes and how many programmes it finds. `change` is the
 * query's new `name` and the filter values it drops; the rest of the query stays.
 */
export const NearbySearchSchema = z.object({
  kind: z.enum(["chip", "filter", "word", "correction"]),
  label: z.string(),
  count: z.number().int(),
  change: z.object({
    name: z.string().optional(),
    drop: z.array(z.object({ key: z.string(), value: z.string().optional() })),
  }),
});
export type NearbySearch = z.output<typeof NearbySearchSchema>;

/**
 * A search whose filters taken from the typed words left nothing, answered without some of them
 * (docs/decisions/059-widening-an-empty-search.md): the chips set aside, least specific first, and
 * the sentence that says so. `widen=false` asks for the search as typed.
 */
export const WidenedSearchSchema = z.object({
  dropped: z.array(QueryChipSchema).min(1),
  /** "No ‘architecture’ programmes in Italy — showing ‘architecture’ in all countries." */
  message: z.string(),
  /** The undo link's text: "Search in Italy only". */
  undo_label: z.string(),
});
export type WidenedSearch = z.output<typeof WidenedSearchSchema>;

/** How the finder read the typed text, and, when nothing matched, the nearby searches. */
export const QueryInterpretationSchema = z.object({
  /** The text searched once the filter words are taken out. */
  text: z.string(),
  /** The chips in effect (a widened search's dropped chips are in `widened`). */
  chips: z.array(QueryChipSchema),
  nearby: z.array(NearbySearchSchema),
  widened: WidenedSearchSchema.optional(),
});
export type QueryInterpretation = z.output<typeof QueryInterpretationSchema>;
