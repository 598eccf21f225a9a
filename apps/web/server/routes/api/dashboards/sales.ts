// The sales dashboard's API (docs/decisions/016-organisations-and-dashboards.md "Organisations",
// "Sales agents"): organisations (pending, approved, suspended) with approval and suspension,
// school linking, and invitations of new sales agents. Sales agents only; everyone else 403.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { getUser } from "@studyatlas/core/accounts/users.ts";
import { mailOrganisationDecision } from "@studyatlas/core/dashboards/organisation-mail.ts";
import {
  decideOrganisationStatus,
  getOrganisation,
  linkSchool,
  listOrganisations,
  searchSchoolsForLinking,
  unlinkSchool,
} from "@studyatlas/core/dashboards/organisations.ts";
import {
  inviteSalesAgent,
  listSalesInvitations,
} from "@studyatlas/core/dashboards/sales-agents.ts";
import {
  LinkSchoolSchema,
  OrganisationDecisionSchema,
  OrganisationDetailSchema,
  OrganisationListQuerySchema,
  OrganisationListSchema,
  OrganisationParamsSchema,
  OrganisationSchoolParamsSchema,
  SalesInvitationSchema,
  SalesInviteSchema,
  SchoolForLinkingSchema,
  SchoolSearchQuerySchema,
} from "@studyatlas/schemas/dashboards.ts";

import type { AppServices } from "../../../../app/context.ts";
import { runAfterResponse } from "../../../plugins/after-response.ts";
import { DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

type SalesRouteOptions = { services: AppServices; mailer: Mailer };

const tags = ["dashboard"];

export async function salesDashboardRoutes(app: FastifyInstance, options: SalesRouteOptions) {
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  organisationRoutes(app, options);
  schoolLinkRoutes(app, options);
  invitationRoutes(app, options);
}

/** The organisations, and a sales agent's decision on each. */
function organisationRoutes(app: FastifyInstance, { services, mailer }: SalesRouteOptions) {
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole("sales");
  api.get("/dashboard/sales/organisations", {
    preValidation: guard,
    schema: {
      querystring: OrganisationListQuerySchema,
      tags,
      summary: "Organisations, newest first, by status and name or member e-mail",
      response: { 200: OrganisationListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listOrganisations(db, request.query),
  });

  api.get("/dashboard/sales/organisations/:id", {
    preValidation: guard,
    schema: {
      params: OrganisationParamsSchema,
      tags,
      summary: "One organisation with its members and schools",
      response: { 200: OrganisationDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getOrganisation(db, request.params.id),
  });

  api.post("/dashboard/sales/organisations/:id/status", {
    preValidation: guard,
    schema: {
      params: OrganisationParamsSchema,
      body: OrganisationDecisionSchema,
      tags,
      summary:
        "Approve or suspend an organisation (approving a suspended one restores it); a change e-mails its members",
      response: { 200: OrganisationDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const { organisation, changed } = await decideOrganisationStatus(db, {
        organisationId: request.params.id,
        status: request.body.status,
        salesUserId: dashboardUser(request).id,
      });
      if (changed) {
        runAfterResponse(request, () =>
          mailOrganisationDecision({ mailer, publicBaseUrl }, organisation),
        );
      }
      return organisation;
    },
  });
}

/** Which schools an organisation speaks for: one organisation per school. */
function schoolLinkRoutes(app: FastifyInstance, { services: { db } }: SalesRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole("sales");
  api.post("/dashboard/sales/organisations/:id/schools", {
    preValidation: guard,
    schema: {
      params: OrganisationParamsSchema,
      body: LinkSchoolSchema,
      tags,
      summary: "Link a school to the organisation (409 when another organisation has it)",
      response: { 200: OrganisationDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      linkSchool(db, {
        organisationId: request.params.id,
        schoolId: request.body.school_id,
        salesUserId: dashboardUser(request).id,
      }),
  });

  api.delete("/dashboard/sales/organisations/:id/schools/:schoolId", {
    preValidation: guard,
    schema: {
      params: OrganisationSchoolParamsSchema,
      tags,
      summary: "Unlink a school from the organisation",
      response: { 200: OrganisationDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      unlinkSchool(db, {
        organisationId: request.params.id,
        schoolId: request.params.schoolId,
        salesUserId: dashboardUser(request).id,
      }),
  });

  api.get("/dashboard/sales/schools", {
    preValidation: guard,
    schema: {
      querystring: SchoolSearchQuerySchema,
      tags,
      summary: "Schools by name, with the organisation each is linked to",
      response: {
        200: z.object({ results: z.array(SchoolForLinkingSchema) }),
        ...DASHBOARD_ERRORS,
      },
    },
    handler: async (request) => ({ results: await searchSchoolsForLinking(db, request.query.q) }),
  });
}

/** New sales agents join only by invitation. */
function invitationRoutes(app: FastifyInstance, options: SalesRouteOptions) {
  const { db, publicBaseUrl } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole("sales");
  api.get("/dashboard/sales/invitations", {
    preValidation: guard,
    schema: {
      tags,
      summary: "The latest invitations of sales agents",
      response: { 200: z.object({ results: z.array(SalesInvitationSchema) }), ...DASHBOARD_ERRORS },
    },
    handler: async () => ({ results: await listSalesInvitations(db) }),
  });

  api.post("/dashboard/sales/invitations", {
    preValidation: guard,
    schema: {
      body: SalesInviteSchema,
      tags,
      summary: "Invite a new sales agent by e-mail (a new invitation replaces an unused one)",
      response: { 201: SalesInvitationSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const inviter = await getUser(db, dashboardUser(request).id);
      if (!inviter) throw new Error("the signed-in sales agent has no user row");
      const invitation = await inviteSalesAgent(db, {
        email: request.body.email,
        invitedBy: inviter,
        mailer: options.mailer,
        publicBaseUrl,
      });
      return reply.code(201).send(invitation);
    },
  });
}
