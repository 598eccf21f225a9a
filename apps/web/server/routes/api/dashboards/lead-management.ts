// Lead management on the partner dashboard (docs/decisions/056-organisation-membership.md "Lead
// management"): bulk status, the lead owner, saved views and the lead's timeline. Every member
// reads; editors and owners change (dashboard-guards.ts approvedScope); another organisation's
// lead or view answers 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  bulkSetLeadStatus,
  deleteLeadView,
  leadOwner,
  leadTimeline,
  listLeadViews,
  saveLeadView,
  setLeadOwner,
} from "@studyatlas/core/dashboards/lead-management.ts";
import { LeadParamsSchema } from "@studyatlas/schemas/dashboards.ts";
import {
  BulkLeadStatusSchema,
  LeadOwnerAnswerSchema,
  LeadOwnerSchema,
  LeadTimelineSchema,
  LeadViewBodySchema,
  LeadViewListSchema,
} from "@studyatlas/schemas/lead-management.ts";
import { z } from "zod";

import type { AppServices } from "../../../../app/context.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const tags = ["dashboard"];

export async function leadManagementRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });

  api.post("/dashboard/partner/leads/bulk-status", {
    preValidation: partner,
    schema: {
      body: BulkLeadStatusSchema,
      tags,
      summary: "Set the status of several leads at once (at most 200; 404 if one is not yours)",
      response: { 200: z.object({ changed: z.number() }), ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      bulkSetLeadStatus(db, await approvedScope(db, request), {
        ...request.body,
        userId: dashboardUser(request).id,
      }),
  });

  api.put("/dashboard/partner/leads/:id/owner", {
    preValidation: partner,
    schema: {
      params: LeadParamsSchema,
      body: LeadOwnerSchema,
      tags,
      summary: "Give the lead to a member of the organisation (owner_id), or to nobody (null)",
      response: { 200: LeadOwnerAnswerSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request);
      await setLeadOwner(db, scope, {
        id: request.params.id,
        ownerUserId: request.body.owner_id,
        userId: dashboardUser(request).id,
      });
      return { owner: await leadOwner(db, scope, request.params.id) };
    },
  });

  api.get("/dashboard/partner/leads/:id/timeline", {
    preValidation: partner,
    schema: {
      params: LeadParamsSchema,
      tags,
      summary: "The lead's owner and its timeline: application, changes, notes and chat",
      response: { 200: LeadTimelineSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request);
      const owner = await leadOwner(db, scope, request.params.id);
      return { owner, events: await leadTimeline(db, scope, request.params.id) };
    },
  });

  leadViewRoutes(app, db);
}

/** The organisation's saved views of the leads list. */
function leadViewRoutes(app: FastifyInstance, db: AppServices["db"]) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  api.get("/dashboard/partner/lead-views", {
    preValidation: partner,
    schema: {
      tags,
      summary: "The organisation's saved views of the leads list",
      response: { 200: LeadViewListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => ({
      results: await listLeadViews(db, await approvedScope(db, request)),
    }),
  });

  api.post("/dashboard/partner/lead-views", {
    preValidation: partner,
    schema: {
      body: LeadViewBodySchema,
      tags,
      summary: "Save the leads list's filters under a name",
      response: { 201: LeadViewListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const results = await saveLeadView(db, await approvedScope(db, request), {
        ...request.body,
        userId: dashboardUser(request).id,
      });
      return reply.code(201).send({ results });
    },
  });

  api.delete("/dashboard/partner/lead-views/:id", {
    preValidation: partner,
    schema: {
      params: LeadParamsSchema,
      tags,
      summary: "Delete a saved view",
      response: { 200: LeadViewListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => ({
      results: await deleteLeadView(db, await approvedScope(db, request), request.params.id),
    }),
  });
}
