// The programme page's view beacon (docs/decisions/015-programme-analytics.md):
// `POST /api/academics/course/{id}/view`, sent by the browser after the page hydrates, answered
// 204 without a body. Counting here rather than in the page loader is what lets a CDN keep the
// page (ADR 023): a cached page never reaches the loader, but every browser
// that shows it sends the beacon.
//
// A beacon cannot set headers, so this route is registered outside the XSRF check (in the API's
// beacon context, contexts/api-context.ts), and it never renews or clears a session
// (plugins/auth.ts reads a valid access token only). That
// is safe because it changes nothing a forged request could use: no session, no account data, and
// an answer without a body; a cross-site page that makes its visitors' browsers send it is
// refused below, so no other site can inflate a programme's views with other people's visits.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { z } from "zod";

import {
  createDailySaltSource,
  forgetPastVisitors,
  recordProgrammeView,
  visitorHash,
} from "@studyatlas/core/dashboards/analytics/page-views.ts";
import { utcDay } from "@studyatlas/core/dashboards/analytics/period.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { ProgrammeViewParamsSchema } from "@studyatlas/schemas/analytics.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";
import { crossOrigin } from "../../../plugins/csrf.ts";

export const FORGET_PAST_VISITORS_JOB = "forget-past-visitors";
export const FORGET_PAST_VISITORS_EVERY_MS = 60 * 60 * 1000;

/**
 * A quiet day brings no beacon to rotate the salt, so the past days' salts and hashes are also
 * deleted hourly, by the process's scheduler (ADR 015: nothing that tells visitors apart outlives
 * its day by much).
 */
export async function forgetPastVisitorsNow(db: Database): Promise<void> {
  await forgetPastVisitors(db, utcDay(new Date()));
}

/** Why a beacon is not counted, or null when it is a visit to count. */
export function uncountedReason(
  userAgent: string | undefined,
  fromAnotherSite: boolean,
): "no_user_agent" | "bot" | "cross_site" | null {
  if (userAgent === undefined || userAgent.trim() === "") return "no_user_agent";
  if (isbot(userAgent)) return "bot";
  if (fromAnotherSite) return "cross_site";
  return null;
}

function headerValue(request: FastifyRequest, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface ProgrammeViewRouteOptions {
  services: AppServices;
  /** VISITOR_COUNTRY_HEADER: the trusted header naming the visitor's country, if any. */
  visitorCountryHeader?: string | undefined;
}

export async function programmeViewRoutes(
  app: FastifyInstance,
  options: ProgrammeViewRouteOptions,
): Promise<void> {
  const { db, publicBaseUrl } = options.services;
  const publicOrigin = new URL(publicBaseUrl).origin;
  const salts = createDailySaltSource();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/academics/course/:id/view", {
    schema: {
      tags: ["analytics"],
      summary: "Count a view of a programme page (the page's beacon; 204, no body)",
      params: ProgrammeViewParamsSchema,
      response: { 204: z.null(), 400: ApiErrorSchema, 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const userAgent = request.headers["user-agent"];
      const reason = uncountedReason(userAgent, crossOrigin(request, publicOrigin));
      if (reason === null && userAgent !== undefined) {
        const now = new Date();
        const { salt } = await salts.saltFor(db, now);
        await recordProgrammeView(db, {
          courseId: request.params.id,
          visitorHash: visitorHash(salt, request.ip, userAgent),
          headerCountryCode: headerValue(request, options.visitorCountryHeader),
          userId: request.auth?.user.id,
          now,
        });
      }
      return reply.code(204).send(null);
    },
  });
}
