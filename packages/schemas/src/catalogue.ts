// Query and response schemas of the catalogue API (`/api/academics/*`), shared by the server
// (validation, OpenAPI) and the browser (building finder URLs). Spec: docs/spec/discovery.md §7, §9 and
// docs/spec/accounts-and-details.md §7.
import { z } from "zod";

import {
  COURSE_ORDERINGS,
  MAX_CURRENCY_PAGE_SIZE,
  MAX_PAGE_SIZE,
  isPlaceholder,
  normaliseProgramme,
} from "./catalogue-constants.ts";
import { TotalCostSchema } from "./cost.ts";
import { EntryRequirementsSchema } from "./entry-requirements.ts";
import { booleanParam, repeatable, single, wholeNumber } from "./query-params.ts";
import { MAX_INT4 } from "./limits.ts";

const programmeParam = z.string().transform((value, ctx) => {
  const slug = normaliseProgramme(value);
  if (!slug) {
    ctx.addIssue({
      code: "custom",
      message: `must be one of undergraduate, postgraduate, Executive Education, Short Courses, Certificate Courses; not '${value}'`,
    });
    return z.NEVER;
  }
  return slug;
});

const slugParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as 'computer-science'");

/** 'min,max' of whole numbers. */
function parseRange(value: string): [number, number] | undefined {
  const match = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(value);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2])];
}

/** A duration range in days, `min,max`; a max of -1 means no upper bound (docs/spec/discovery.md §9). */
export const durationRangeParam = z.string().transform((value, ctx) => {
  const range = parseRange(value);
  if (!range || range[0] < 0 || range[1] < -1 || (range[1] !== -1 && range[1] < range[0])) {
    ctx.addIssue({
      code: "custom",
      message: `must be a range of days 'min,max' (max -1 for no upper bound), not '${value}'`,
    });
    return z.NEVER;
  }
  return { min: range[0], max: range[1] === -1 ? null : range[1] };
});
export type DurationRange = { min: number; max: number | null };

/**
 * Tuition in USD, `min,max`. The spec's free-courses preset `0,-1` selects free programmes and
 * those whose fee is unknown (docs/spec-notes.md).
 */
export const tuitionRangeParam = z.string().transform((value, ctx) => {
  const range = parseRange(value);
  if (range && range[0] === 0 && range[1] === -1) return { kind: "free-or-unknown" as const };
  if (!range || range[0] < 0 || range[1] < range[0]) {
    ctx.addIssue({
      code: "custom",
      message: `must be a USD range 'min,max' with 0 <= min <= max (or 0,-1 for free and unknown), not '${value}'`,
    });
    return z.NEVER;
  }
  return { kind: "range" as const, min: range[0], max: range[1] };
});
export type TuitionFilter = z.output<typeof tuitionRangeParam>;

/** A budget: a positive amount, at most 10^15 (so that no total overflows a comparison). */
const budgetParam = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const amount = /^\d{1,15}(\.\d{1,3})?$/.test(value) ? Number(value) : Number.NaN;
    if (!(amount > 0)) {
      ctx.addIssue({
        code: "custom",
        message: `must be a positive amount such as 25000, not '${value}'`,
      });
      return z.NEVER;
    }
    return amount;
  });

/** An ISO 4217 currency code, any case. */
const currencyCodeParam = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as EUR"));

const enumParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(values, { error: () => `must be one of ${values.join(", ")}` }));

const continentParam = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(
    z.enum(["AF", "AN", "AS", "EU", "NA", "OC", "SA"], {
      error: () => "must be a continent code: AF, AN, AS, EU, NA, OC or SA",
    }),
  );

/** Free text, with the spec's placeholder values treated as empty. */
const textParam = z
  .string()
  .max(200, "must be at most 200 characters")
  .transform((value) => value.trim());

export const CourseListQuerySchema = z.object({
  name: single(textParam.optional()),
  programme: single(programmeParam.optional()),
  discipline: single(slugParam.optional()),
  discipline_id: single(wholeNumber(1, MAX_INT4).optional()),
  country: repeatable(z.string().trim().toLowerCase()).transform((values) =>
    values.filter((value) => !isPlaceholder(value)),
  ),
  exclude_continent: repeatable(continentParam),
  school_slug: single(slugParam.optional()),
  tuition: single(tuitionRangeParam.optional()),
  /** The budget: programmes whose total cost in `currency` is at most this (ADR 051). */
  max_total: single(budgetParam.optional()),
  /** The student's currency for max_total and the budget bands; USD when not given. */
  currency: single(currencyCodeParam.optional()),
  duration: repeatable(durationRangeParam),
  degree_type: repeatable(wholeNumber(1, MAX_INT4)),
  attendance: repeatable(enumParam(["SITE", "ONLINE", "BLENDED"])),
  course_format: repeatable(enumParam(["FULL", "PART"])),
  featured: single(booleanParam.optional()),
  published: single(booleanParam.optional()),
  // `false` keeps the filters taken from the typed words even when nothing matches (ADR 059).
  widen: single(booleanParam.optional()),
  ordering: single(
    z
      .enum(COURSE_ORDERINGS, { error: () => `must be one of ${COURSE_ORDERINGS.join(", ")}` })
      .optional(),
  ),
  seed: single(wholeNumber(0, MAX_INT4).optional()),
  page: single(wholeNumber(1, 1_000_000).optional()),
  page_size: single(wholeNumber(1, MAX_PAGE_SIZE).optional()),
});
export type CourseListQuery = z.output<typeof CourseListQuerySchema>;

export const PageQuerySchema = z.object({
  page: single(wholeNumber(1, 1_000_000).optional()),
  page_size: single(wholeNumber(1, MAX_CURRENCY_PAGE_SIZE).optional()),
});

export const CountryListQuerySchema = PageQuerySchema.extend({
  ordering: single(
    z
      .enum(["name", "-name", "courses", "-courses"], {
        error: () => "must be one of name, -name, courses, -courses",
      })
      .optional(),
  ),
});

export const SchoolListQuerySchema = PageQuerySchema.extend({
  country: single(z.string().trim().toLowerCase().optional()),
  ordering: single(
    z
      .enum(["name", "-name", "courses", "-courses"], {
        error: () => "must be one of name, -name, courses, -courses",
      })
      .optional(),
  ),
});

export const IdParamsSchema = z.object({
  id: wholeNumber(1, MAX_INT4),
});

export const SlugParamsSchema = z.object({
  slug: z.string().min(1).max(300),
});

// ---- Response shapes --------------------------------------------------------------------------

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const CountryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  code: z.string(),
  short_code: z.string(),
  continent: z.string(),
});

export const CountrySchema = CountryRefSchema.extend({
  capital: z.string(),
  population: z.number(),
  students: z.number(),
  international_students: z.number(),
  about: z.string(),
  about_wiki_link: z.string(),
  trivia_facts: z.string(),
  living_costs: z.string(),
  image: z.string(),
  currency_code: z.string().nullable(),
  enabled: z.boolean(),
  schools_count: z.number().int(),
  courses_count: z.number().int(),
});
export type Country = z.output<typeof CountrySchema>;

export const CountryListItemSchema = CountryRefSchema.extend({
  image: z.string(),
  enabled: z.boolean(),
  schools_count: z.number().int(),
  courses_count: z.number().int(),
});
export type CountryListItem = z.output<typeof CountryListItemSchema>;

export const CurrencySchema = z.object({
  id: z.number().int(),
  short_code: z.string(),
  name: z.string(),
  symbol: z.string(),
  usd_exchange_rate: z.number(),
  rate_date: z.string(),
  /** "ECB" for the European Central Bank's reference rates, "seed" for the demo snapshot (ADR 051). */
  rate_source: z.string(),
});
export type Currency = z.output<typeof CurrencySchema>;

export const ProgrammeTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  label: z.string(),
});

export const DegreeTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  programme_type: ProgrammeTypeSchema,
});
export type DegreeType = z.output<typeof DegreeTypeSchema>;

export const DisciplineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  description: z.string(),
  courses_bachelors: z.number().int(),
  courses_masters: z.number().int(),
  courses_shortcourse: z.number().int(),
  courses_total: z.number().int(),
});
export type Discipline = z.output<typeof DisciplineSchema>;

const SchoolCountsSchema = z.object({
  courses_undergraduates: z.number().int(),
  courses_postgraduates: z.number().int(),
  courses_shortcourses: z.number().int(),
  courses_executive: z.number().int(),
  courses_certificates: z.number().int(),
  courses_total: z.number().int(),
  courses_bachelors: z.number().int(),
  courses_masters: z.number().int(),
  courses_doctorates: z.number().int(),
});

export const SchoolSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    logo: z.string(),
    banner: z.string(),
    thumbnail: z.string(),
    video: z.string(),
    about: z.string(),
    city: z.string(),
    country: CountryRefSchema,
    institution_type: z.string(),
    year_established: z.number().int().nullable(),
    website: z.string(),
  })
  .extend(SchoolCountsSchema.shape);
export type School = z.output<typeof SchoolSchema>;

export const CourseSchoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  thumbnail: z.string(),
  banner: z.string(),
  video: z.string(),
  city: z.string(),
  country: CountryRefSchema,
});

export const CourseListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  about: z.string(),
  duration: z.number(),
  duration_base: z.string(),
  duration_days: z.number().int(),
  course_format: z.enum(["FULL", "PART"]),
  attendance: z.enum(["SITE", "ONLINE", "BLENDED"]),
  course_dates: z.object({
    start_month: z.number().int(),
    start_year: z.number().int(),
    deadline_month: z.number().int(),
    deadline_year: z.number().int(),
  }),
  tuition_fee: z.number(),
  tuition_fee_usd: z.number().nullable(),
  tuition_currency: z.object({
    short_code: z.string(),
    name: z.string(),
    usd_exchange_rate: z.number(),
  }),
  tuition_fee_base: z.string(),
  featured: z.boolean(),
  published: z.boolean(),
  programme_type: ProgrammeTypeSchema,
  degree_type: z
    .object({ id: z.number().int(), name: z.string(), short_name: z.string() })
    .nullable(),
  language: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
  disciplines: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  school: CourseSchoolSchema,
  total_cost: TotalCostSchema,
});
export type CourseListItem = z.output<typeof CourseListItemSchema>;

/**
 * A programme as a card shows it (docs/spec/discovery.md §2 "Course card"), and all the pages'
 * loaders send of it (the hydration data of a page of cards stays small). The
 * card's link hands it to /course/{slug} as navigation state.
 */
export const CourseCardSchema = CourseListItemSchema.pick({
  id: true,
  slug: true,
  name: true,
  duration: true,
  duration_base: true,
  course_format: true,
  attendance: true,
  tuition_fee: true,
  tuition_fee_base: true,
  total_cost: true,
}).extend({
  course_dates: CourseListItemSchema.shape.course_dates.pick({
    start_month: true,
    start_year: true,
  }),
  tuition_currency: CourseListItemSchema.shape.tuition_currency.pick({ short_code: true }),
  school: CourseSchoolSchema.pick({
    name: true,
    slug: true,
    logo: true,
    thumbnail: true,
    banner: true,
  }),
});
export type CourseCard = z.output<typeof CourseCardSchema>;

/** Who last changed a figure, and when (ADR 051 "Provenance"); null: from the catalogue import. */
const FigureChangeSchema = z
  .object({
    /** ISO 8601, UTC. */
    changed_at: z.string(),
    /** The school (its partner account) or StudyAtlas staff; no person's name is shown. */
    by: z.enum(["school", "studyatlas"]),
  })
  .nullable();
export type FigureChange = z.output<typeof FigureChangeSchema>;

export const CourseProvenanceSchema = z.object({
  fee: FigureChangeSchema,
  dates: FigureChangeSchema,
});
export type CourseProvenance = z.output<typeof CourseProvenanceSchema>;

export const CourseDetailSchema = CourseListItemSchema.extend({
  overview: z.string(),
  why_chose: z.string(),
  who_for: z.string(),
  admission_requirements: z.string(),
  other_requirements: z.string(),
  programme_structure: z.string(),
  syllabus: z.string(),
  tuition_and_aid: z.string(),
  scholarship: z.string(),
  video: z.string(),
  official_programme_website: z.string(),
  /** When the fee and the dates last changed, and by whom. */
  provenance: CourseProvenanceSchema,
  /** The structured entry requirements beside the HTML (ADR 054); null when not stated. */
  entry_requirements: EntryRequirementsSchema.nullable(),
});
export type CourseDetail = z.output<typeof CourseDetailSchema>;

export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.output<typeof ApiErrorSchema>;

export const HealthSchema = z.object({
  /** busy: every request slot is taken (MAX_CONCURRENT_REQUESTS); send traffic elsewhere. */
  status: z.enum(["ok", "error", "busy"]),
  database: z.enum(["pglite", "postgres"]),
  /** Live chat sockets this process holds (counted apart from the request slots). */
  sockets: z.number().int().nonnegative().optional(),
  /** Requests this process is working on, and how many it takes at once. */
  requests: z.object({ in_flight: z.number().int(), limit: z.number().int() }).optional(),
});
