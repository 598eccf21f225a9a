// The partner dashboard's API (issue 13 item 3). Every answer is narrowed to the session user's
// organisation (packages/core/src/organisations/organisations.ts partnerScope); a pending or
// suspended organisation sees only its own status.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  organisationOfUser,
  ORGANISATION_MESSAGES,
} from "@studyatlas/core/organisations/organisations.ts";
import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { PartnerOrganisationSchema } from "@studyatlas/schemas/dashboard.ts";

import type { AppServices } from "../../../../app/context.ts";
import { DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

export async function partnerDashboardRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dashboard"];
  api.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });

  api.get("/dashboard/partner/organisation", {
    preValidation: requireRole("partner"),
    schema: {
      tags,
      summary: "The partner's organisation, its status and linked schools",
      response: { 200: PartnerOrganisationSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const organisation = await organisationOfUser(db, dashboardUser(request).id);
      if (!organisation) {
        throw new ForbiddenError(ORGANISATION_MESSAGES.noOrganisation, { code: "no_organisation" });
      }
      return organisation;
    },
  });
}
