// Programme analytics (docs/decisions/015-programme-analytics.md): the view beacon's parameters
// (its path: analytics-beacon.ts), and the overview the partner and sales dashboards show. Dates
// are UTC calendar days, `YYYY-MM-DD`.
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";
import { single, wholeNumber } from "./query-params.ts";

/** The periods a dashboard offers, in days ending today. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof ANALYTICS_PERIODS)[number];

export const ProgrammeViewParamsSchema = z.object({ id: wholeNumber(1, MAX_INT4) });

export const AnalyticsPeriodSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!ANALYTICS_PERIODS.map(String).includes(value)) {
      ctx.addIssue({ code: "custom", message: `must be 7, 30 or 90, not '${value}'` });
    }
  })
  .transform((value) => Number(value) as AnalyticsPeriodDays);

/** `?days=7|30|90` (30 when absent). */
export const AnalyticsOverviewQuerySchema = z.object({
  days: single(AnalyticsPeriodSchema.optional()).transform((days) => days ?? 30),
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A total for the period beside the same total for the period of the same length just before it.
 * `change` is the relative change, (value - previous) / previous (0.25 = up 25 %); null when the
 * previous period had nothing to compare with (previous is 0) or a value is null.
 */
export const AnalyticsMetricSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});
export type AnalyticsMetric = z.infer<typeof AnalyticsMetricSchema>;

export const AnalyticsDaySchema = z.object({
  date: day,
  /** Programme page views counted (bots never; at most a few per visitor per programme per day). */
  views: z.number().int().nonnegative(),
  /** Unique visitors: distinct visitors per programme per day, summed over the programmes. */
  visitors: z.number().int().nonnegative(),
  /** Programmes saved to a wishlist that day (and still saved). */
  wishlist_saves: z.number().int().nonnegative(),
  applications: z.number().int().nonnegative(),
  /** applications / visitors of the day; null when there were no visitors. */
  conversion: z.number().nullable(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsTopProgrammeSchema = z.object({
  course_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  school_id: z.number().int(),
  school_name: z.string(),
  views: z.number().int().nonnegative(),
  visitors: z.number().int().nonnegative(),
  applications: z.number().int().nonnegative(),
});
export type AnalyticsTopProgramme = z.infer<typeof AnalyticsTopProgrammeSchema>;

export const AnalyticsCountrySchema = z.object({
  /** ISO 3166-1 alpha-2, or 'unknown' when a visitor's country was not known. */
  country_code: z.string(),
  /** The country's name; null for 'unknown'. */
  country_name: z.string().nullable(),
  count: z.number().int().nonnegative(),
});
export type AnalyticsCountry = z.infer<typeof AnalyticsCountrySchema>;

export const AnalyticsOverviewSchema = z.object({
  period: z.object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    /** First and last day of the period (the last is today, UTC). */
    from: day,
    to: day,
    previous_from: day,
    previous_to: day,
  }),
  /** One entry per day of the period, oldest first, days without activity included as zeros. */
  series: z.array(AnalyticsDaySchema),
  totals: z.object({
    views: AnalyticsMetricSchema,
    visitors: AnalyticsMetricSchema,
    wishlist_saves: AnalyticsMetricSchema,
    applications: AnalyticsMetricSchema,
    /** applications / visitors over the whole period (a fraction: 0.02 = 2 %). */
    conversion: AnalyticsMetricSchema,
  }),
  top_programmes: z.object({
    by_views: z.array(AnalyticsTopProgrammeSchema),
    by_applications: z.array(AnalyticsTopProgrammeSchema),
  }),
  /** Where interested students live, most first. */
  countries: z.object({
    /** Applications by the applicant's country of residence. */
    applications: z.array(AnalyticsCountrySchema),
    /** Unique visitors by country (a trusted CDN header, else the student's profile). */
    visitors: z.array(AnalyticsCountrySchema),
  }),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;
