// The dashboards' analytics API (the partner's Overview, and the same numbers across all
// organisations for sales agents; docs/decisions/015-programme-analytics.md). Not registered by
// app.ts: who may read which schools is the dashboard's authorisation (organisations, roles, aal2),
// so whoever registers these routes must pass the guard and the caller's schools. There is no
// default guard, so the routes cannot be mounted open by mistake.
//
//   await api.register(analyticsOverviewRoutes, {
//     services,
//     path: "/dashboard/partner/analytics/overview",
//     guard: requirePartner,                        // preValidation: 401/403/404 before any 400
//     schoolIdsOf: (request) => organisationSchoolIds(db, request), // the caller's schools
//   });
//   await api.register(analyticsOverviewRoutes, {
//     services,
//     path: "/dashboard/sales/analytics/overview",
//     guard: requireSales,
//     schoolIdsOf: async () => null,                 // every school
//     cache: createAnalyticsOverviewCache(),         // slow to compute (bench/RESULTS.md)
//   });
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import type { AnalyticsOverviewCache } from "@studyatlas/core/dashboards/analytics/overview-cache.ts";
import { loadAnalyticsOverview } from "@studyatlas/core/dashboards/analytics/overview.ts";
import type { Database } from "@studyatlas/db/client.ts";
import {
  AnalyticsOverviewQuerySchema,
  AnalyticsOverviewSchema,
  type AnalyticsOverview,
  type AnalyticsPeriodDays,
} from "@studyatlas/schemas/analytics.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";

/** The handler's core call: the overview of `schoolIds` (null: every school) for `days`. */
export async function analyticsOverviewFor(
  db: Database,
  schoolIds: readonly number[] | null,
  days: AnalyticsPeriodDays,
  now?: Date,
): Promise<AnalyticsOverview> {
  return loadAnalyticsOverview(db, { schoolIds, days, ...(now ? { now } : {}) });
}

export interface AnalyticsOverviewRouteOptions {
  services: AppServices;
  /** Where to answer, under /api (e.g. "/dashboard/partner/analytics/overview"). */
  path: string;
  /** The dashboard's guard(s), run before the query is validated. Required. */
  guard: preValidationAsyncHookHandler | preValidationAsyncHookHandler[];
  /** The schools the signed-in caller may see (an organisation's), or null for every school. */
  schoolIdsOf: (request: FastifyRequest) => Promise<readonly number[] | null>;
  /**
   * Keeps answers a minute and refreshes them in the background (`createAnalyticsOverviewCache`):
   * for the sales overview of every school, too slow to compute per request. Without it every
   * request computes (an organisation's overview takes milliseconds).
   */
  cache?: AnalyticsOverviewCache;
}

export async function analyticsOverviewRoutes(
  app: FastifyInstance,
  options: AnalyticsOverviewRouteOptions,
): Promise<void> {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(options.path, {
    preValidation: options.guard,
    schema: {
      tags: ["analytics"],
      summary: "Views, visitors, saves, applications and conversion of the caller's schools",
      querystring: AnalyticsOverviewQuerySchema,
      response: {
        200: AnalyticsOverviewSchema,
        400: ApiErrorSchema,
        401: ApiErrorSchema,
        403: ApiErrorSchema,
        404: ApiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      // Account data: never kept by a browser or a shared cache.
      reply.header("cache-control", "no-store");
      const schoolIds = await options.schoolIdsOf(request);
      const { days } = request.query;
      return options.cache
        ? options.cache.get(db, { schoolIds, days })
        : analyticsOverviewFor(db, schoolIds, days);
    },
  });
}
