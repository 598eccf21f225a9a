// Catalogue schema: countries, currencies, disciplines, programme and degree types, languages,
// schools, courses and their discipline links. Field names follow the specs
// (docs/spec/discovery.md §3, docs/spec/accounts-and-details.md §3); see docs/decisions/003-catalogue-schema.md.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import type { ContinentCode } from "@studyatlas/schemas/continents.ts";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

export { CONTINENT_CODES, type ContinentCode } from "@studyatlas/schemas/continents.ts";

export const COURSE_FORMATS = ["FULL", "PART"] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];

export const ATTENDANCE_MODES = ["SITE", "ONLINE", "BLENDED"] as const;
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number];

/** Units a programme's duration is expressed in; duration_days converts each to days. */
export const DURATION_UNITS = ["hours", "days", "weeks", "months", "years"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const currencies = pgTable("currencies", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  shortCode: text("short_code").notNull().unique(),
  name: text("name").notNull(),
  symbol: text("symbol").notNull().default(""),
  /** Units of this currency per 1 USD (so USD amount = amount / rate), as the finder divides by it. */
  usdExchangeRate: numeric("usd_exchange_rate", {
    precision: 20,
    scale: 8,
    mode: "number",
  }).notNull(),
  /** The day the rate snapshot was taken. */
  rateDate: date("rate_date").notNull(),
  /**
   * Where the rate came from: "seed" for the demo snapshot, "ECB" for the European Central Bank's
   * reference rates (npm run rates:import, docs/decisions/051-total-cost-and-rates.md).
   */
  rateSource: text("rate_source").notNull().default("seed"),
});

export const countries = pgTable(
  "countries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    /** ISO 3166-1 alpha-2, upper case; the API exposes it as both `code` and `short_code`. */
    code: text("code").notNull().unique(),
    continent: text("continent").$type<ContinentCode>().notNull(),
    capital: text("capital").notNull().default(""),
    population: bigint("population", { mode: "number" }).notNull().default(0),
    students: integer("students").notNull().default(0),
    internationalStudents: integer("international_students").notNull().default(0),
    about: text("about").notNull().default(""),
    aboutWikiLink: text("about_wiki_link").notNull().default(""),
    triviaFacts: text("trivia_facts").notNull().default(""),
    livingCosts: text("living_costs").notNull().default(""),
    currencyCode: text("currency_code"),
    image: text("image").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    index("countries_continent_idx").on(t.continent),
    check(
      "countries_continent_check",
      sql`${t.continent} in ('AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA')`,
    ),
  ],
);

export const disciplines = pgTable("disciplines", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  icon: text("icon").notNull().default(""),
  description: text("description").notNull().default(""),
});

/** Programme levels. Ids 7 (undergraduate) and 8 (postgraduate) are fixed by the spec. */
export const programmeTypes = pgTable("programme_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** What users see: postgraduate is shown as "Graduate". */
  label: text("label").notNull(),
});

export const degreeTypes = pgTable("degree_types", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
  shortName: text("short_name").notNull(),
  programmeTypeId: integer("programme_type_id")
    .notNull()
    .references(() => programmeTypes.id),
});

export const languages = pgTable("languages", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
  code: text("code").notNull().unique(),
});

export const schools = pgTable(
  "schools",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    logo: text("logo").notNull().default(""),
    banner: text("banner").notNull().default(""),
    thumbnail: text("thumbnail").notNull().default(""),
    video: text("video").notNull().default(""),
    about: text("about").notNull().default(""),
    city: text("city").notNull().default(""),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    /** e.g. "Public university", "Private university", "Business school". */
    institutionType: text("institution_type").notNull().default(""),
    yearEstablished: smallint("year_established"),
    website: text("website").notNull().default(""),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("schools_country_idx").on(t.countryId),
    index("schools_name_idx").on(t.name),
    // Search-as-you-type over school names, accent-insensitive (suggestions).
    index("schools_name_trgm_idx").using(
      "gin",
      sql`lower(public.f_unaccent(${t.name})) gin_trgm_ops`,
    ),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** Plain-text summary shown on cards. */
    about: text("about").notNull().default(""),
    // The HTML sections live in course_details: the finder scans this table, and keeping its rows
    // narrow (about 0.9 kB instead of 2.8 kB) is what makes broad searches and facet counts fast.
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    programmeTypeId: integer("programme_type_id")
      .notNull()
      .references(() => programmeTypes.id),
    degreeTypeId: integer("degree_type_id").references(() => degreeTypes.id),
    languageId: integer("language_id").references(() => languages.id),
    duration: integer("duration").notNull(),
    durationBase: text("duration_base").$type<DurationUnit>().notNull(),
    /** duration converted to days, for the finder's day-based duration buckets. */
    durationDays: integer("duration_days")
      .notNull()
      .generatedAlwaysAs(
        sql`(case duration_base when 'hours' then ceil(duration / 8.0) when 'days' then duration when 'weeks' then duration * 7 when 'months' then round(duration * 30.4375) when 'years' then round(duration * 365.25) else duration end)::integer`,
      ),
    courseFormat: text("course_format").$type<CourseFormat>().notNull(),
    attendance: text("attendance").$type<AttendanceMode>().notNull(),
    /** 1-12, 0 = not announced. */
    startMonth: smallint("start_month").notNull().default(0),
    /** 0 = not announced. */
    startYear: smallint("start_year").notNull().default(0),
    deadlineMonth: smallint("deadline_month").notNull().default(0),
    deadlineYear: smallint("deadline_year").notNull().default(0),
    /** Negative = unknown, 0 = free, otherwise the fee in tuitionCurrency per tuitionFeeBase. */
    tuitionFee: numeric("tuition_fee", { precision: 12, scale: 2, mode: "number" }).notNull(),
    tuitionCurrencyId: integer("tuition_currency_id")
      .notNull()
      .references(() => currencies.id),
    /** Period the fee covers, as display text: "year", "semester", "programme", ... */
    tuitionFeeBase: text("tuition_fee_base").notNull().default(""),
    /** tuitionFee in USD at the currency's snapshot rate; null when unknown. Kept by core/catalogue. */
    tuitionFeeUsd: numeric("tuition_fee_usd", { precision: 14, scale: 2, mode: "number" }),
    /**
     * The total cost of the programme in USD: tuitionFeeUsd × the fee periods its duration implies
     * (public.tuition_periods, migration 0024, the same rules as core/cost/total-cost.ts); null when
     * the fee or its base is unknown. The budget filter and the total-cost order read it (ADR 051).
     */
    tuitionTotalUsd: numeric("tuition_total_usd", {
      precision: 16,
      scale: 2,
      mode: "number",
    }).generatedAlwaysAs(
      sql`(case when tuition_fee_usd is null then null when tuition_fee = 0 then 0 else round(tuition_fee_usd * public.tuition_periods(duration, duration_base, tuition_fee_base), 2) end)`,
    ),
    featured: boolean("featured").notNull().default(false),
    published: boolean("published").notNull().default(true),
    /** A random key fixed at insert; "random" ordering rotates this permutation per visitor. */
    shuffleKey: integer("shuffle_key")
      .notNull()
      .default(sql`floor(random() * 2147483647)::integer`),
    // Denormalised search text (kept by core/catalogue when the school or disciplines change).
    schoolName: text("school_name").notNull().default(""),
    disciplineNames: text("discipline_names").notNull().default(""),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        // english_unaccent (migration 0008): English stemming, with accents removed only from
        // the words that have any, instead of an unaccent pass over every character first.
        sql`setweight(to_tsvector('public.english_unaccent'::regconfig, name), 'A') || setweight(to_tsvector('public.english_unaccent'::regconfig, school_name || ' ' || discipline_names), 'B') || setweight(to_tsvector('public.english_unaccent'::regconfig, about), 'C')`,
      ),
    /** Lower-cased, unaccented name for trigram (typo and prefix) matching. */
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs(sql`lower(public.f_unaccent(name))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courses_slug_idx").on(t.slug),
    index("courses_school_idx").on(t.schoolId),
    index("courses_programme_type_idx").on(t.programmeTypeId),
    index("courses_degree_type_idx").on(t.degreeTypeId),
    index("courses_duration_days_idx").on(t.durationDays),
    index("courses_tuition_fee_usd_idx").on(t.tuitionFeeUsd),
    index("courses_tuition_total_usd_idx").on(t.tuitionTotalUsd),
    index("courses_published_shuffle_idx").on(t.published, t.shuffleKey),
    index("courses_featured_idx")
      .on(t.featured)
      .where(sql`${t.featured}`),
    index("courses_search_vector_idx").using("gin", t.searchVector),
    // Typo matching runs on the distinct names (the programme_names view, migration 0005); the
    // matches come back to courses through this index.
    index("courses_search_name_idx").on(t.searchName),
    check("courses_format_check", sql`${t.courseFormat} in ('FULL', 'PART')`),
    check("courses_attendance_check", sql`${t.attendance} in ('SITE', 'ONLINE', 'BLENDED')`),
    check(
      "courses_duration_base_check",
      sql`${t.durationBase} in ('hours', 'days', 'weeks', 'months', 'years')`,
    ),
    check("courses_start_month_check", sql`${t.startMonth} between 0 and 12`),
    check("courses_deadline_month_check", sql`${t.deadlineMonth} between 0 and 12`),
    check("courses_duration_check", sql`${t.duration} > 0`),
  ],
);

/**
 * What only the programme page reads: the HTML sections, the video and the official website.
 * One row per course (docs/decisions/009-finder-speed.md).
 */
export const courseDetails = pgTable("course_details", {
  courseId: integer("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  // HTML sections (sanitised before they are stored and again before they are rendered).
  overview: text("overview").notNull().default(""),
  whyChose: text("why_chose").notNull().default(""),
  whoFor: text("who_for").notNull().default(""),
  admissionRequirements: text("admission_requirements").notNull().default(""),
  otherRequirements: text("other_requirements").notNull().default(""),
  programmeStructure: text("programme_structure").notNull().default(""),
  syllabus: text("syllabus").notNull().default(""),
  tuitionAndAid: text("tuition_and_aid").notNull().default(""),
  scholarship: text("scholarship").notNull().default(""),
  video: text("video").notNull().default(""),
  officialProgrammeWebsite: text("official_programme_website").notNull().default(""),
});

export const courseDisciplines = pgTable(
  "course_disciplines",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    disciplineId: integer("discipline_id")
      .notNull()
      .references(() => disciplines.id, { onDelete: "cascade" }),
    /** 0 for the primary discipline ("similar programmes for the first discipline"). */
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.disciplineId] }),
    index("course_disciplines_discipline_idx").on(t.disciplineId, t.courseId),
  ],
);
