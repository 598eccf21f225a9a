// The partner dashboard's API (docs/decisions/016-organisations-and-dashboards.md "Scope",
// "Leads", "Lead delivery"). Every answer is narrowed to the session user's organisation
// (packages/core/src/dashboards/organisations.ts partnerScope); a pending or suspended
// organisation sees only its own status.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { leadsCsv, leadsXlsx } from "@studyatlas/core/dashboards/lead-export.ts";
import {
  addLeadNote,
  getLead,
  listLeads,
  setLeadStatus,
} from "@studyatlas/core/dashboards/leads.ts";
import {
  organisationOfUser,
  ORGANISATION_MESSAGES,
  type PartnerScope,
} from "@studyatlas/core/dashboards/organisations.ts";
import { ConflictError, ForbiddenError } from "@studyatlas/core/errors.ts";
import {
  enqueueTestWebhook,
  getPartnerSettings,
  listWebhookDeliveries,
  rotateWebhookSecret,
  savePartnerSettings,
} from "@studyatlas/core/dashboards/webhooks.ts";
import {
  LeadDetailSchema,
  LeadFiltersSchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadNoteSchema,
  LeadParamsSchema,
  LeadStatusSchema,
  PartnerOrganisationSchema,
  PartnerSettingsBodySchema,
  PartnerSettingsSchema,
  WebhookDeliveriesSchema,
} from "@studyatlas/schemas/dashboards.ts";
import type { MemberRoleValue } from "@studyatlas/schemas/organisation-team.ts";

import type { AppServices } from "../../../../app/context.ts";
import type { WebhookWorker } from "./webhook-worker.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

type PartnerRouteOptions = {
  services: AppServices;
  webhooks: WebhookWorker;
  webhooksAllowPrivate: boolean;
};

/**
 * The approved organisation's scope of the signed-in partner (403 while it is not approved, or
 * when the member's role is below `needed`: dashboard-guards.ts).
 */
type ScopeOf = (request: FastifyRequest, needed?: MemberRoleValue) => Promise<PartnerScope>;

const tags = ["dashboard"];

export async function partnerDashboardRoutes(app: FastifyInstance, options: PartnerRouteOptions) {
  const { db } = options.services;
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  const scopeOf: ScopeOf = (request, needed) => approvedScope(db, request, needed);
  organisationRoute(app, options);
  leadRoutes(app, options, scopeOf);
  leadExportRoutes(app, options, scopeOf);
  leadDeliveryRoutes(app, options, scopeOf);
}

/** The organisation and its status: the one path a pending or suspended organisation may read. */
function organisationRoute(app: FastifyInstance, { services: { db } }: PartnerRouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get("/dashboard/partner/organisation", {
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

/**
 * The leads as a CRM import: CSV (UTF-8 with a BOM) or an Excel workbook, every field and the
 * notes (docs/leads-export.md; docs/decisions/055-lead-exports-and-idempotent-create.md).
 */
function leadExportRoutes(
  app: FastifyInstance,
  { services }: PartnerRouteOptions,
  scopeOf: ScopeOf,
) {
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const formats = {
    csv: { type: "text/csv; charset=utf-8", write: leadsCsv },
    xlsx: {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      write: leadsXlsx,
    },
  } as const;
  for (const [extension, format] of Object.entries(formats)) {
    api.get(`/dashboard/partner/leads.${extension}`, {
      preValidation: requireRole("partner"),
      schema: {
        querystring: LeadFiltersSchema,
        tags,
        summary: `The same leads as ${extension === "csv" ? "CSV" : "an Excel workbook"} (every page, every field and the notes), for a spreadsheet or a CRM import`,
      },
      handler: async (request, reply) => {
        const file = await format.write(db, await scopeOf(request), request.query, publicBaseUrl);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header("content-type", format.type)
          .header(
            "content-disposition",
            `attachment; filename="studyatlas-leads-${day}.${extension}"`,
          )
          .send(file);
      },
    });
  }
}

/** The leads: the applications to the organisation's programmes, and the partner's follow-up. */
function leadRoutes(
  app: FastifyInstance,
  { services: { db } }: PartnerRouteOptions,
  scopeOf: ScopeOf,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole("partner");
  api.get("/dashboard/partner/leads", {
    preValidation: guard,
    schema: {
      querystring: LeadListQuerySchema,
      tags,
      summary: "The applications to the organisation's programmes, newest first, with filters",
      response: { 200: LeadListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listLeads(db, await scopeOf(request), request.query),
  });

  api.get("/dashboard/partner/leads/:id", {
    preValidation: guard,
    schema: {
      params: LeadParamsSchema,
      tags,
      summary: "One lead with the whole application and the notes",
      response: { 200: LeadDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getLead(db, await scopeOf(request), request.params.id),
  });

  api.post("/dashboard/partner/leads/:id/status", {
    preValidation: guard,
    schema: {
      params: LeadParamsSchema,
      body: LeadStatusSchema,
      tags,
      summary: "Set the lead's status (new, contacted, applied, enrolled, rejected)",
      response: { 200: LeadDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      setLeadStatus(db, await scopeOf(request), {
        id: request.params.id,
        status: request.body.status,
        userId: dashboardUser(request).id,
      }),
  });

  api.post("/dashboard/partner/leads/:id/notes", {
    preValidation: guard,
    schema: {
      params: LeadParamsSchema,
      body: LeadNoteSchema,
      tags,
      summary: "Add a note to the lead",
      response: { 200: LeadDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      addLeadNote(db, await scopeOf(request), {
        id: request.params.id,
        body: request.body.body,
        userId: dashboardUser(request).id,
      }),
  });
}

/** Where new leads go (an e-mail address and a webhook), and the webhook's deliveries. */
function leadDeliveryRoutes(app: FastifyInstance, options: PartnerRouteOptions, scopeOf: ScopeOf) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRole("partner");
  api.get("/dashboard/partner/settings", {
    preValidation: guard,
    schema: {
      tags,
      summary: "Where new leads go: the lead e-mail address and the webhook (URL and secret)",
      response: { 200: PartnerSettingsSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getPartnerSettings(db, await scopeOf(request, "owner")),
  });

  api.put("/dashboard/partner/settings", {
    preValidation: guard,
    schema: {
      body: PartnerSettingsBodySchema,
      tags,
      summary: "Set the lead e-mail address and the webhook URL (empty: none)",
      response: { 200: PartnerSettingsSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      savePartnerSettings(
        db,
        await scopeOf(request, "owner"),
        { ...request.body, userId: dashboardUser(request).id },
        { allowPrivate: options.webhooksAllowPrivate },
      ),
  });

  api.post("/dashboard/partner/settings/rotate-secret", {
    preValidation: guard,
    schema: {
      tags,
      summary: "A new webhook signing secret (the old one stops working at once)",
      response: { 200: PartnerSettingsSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) =>
      rotateWebhookSecret(db, await scopeOf(request, "owner"), dashboardUser(request).id),
  });

  api.get("/dashboard/partner/webhook-deliveries", {
    preValidation: guard,
    schema: {
      tags,
      summary: "The latest webhook deliveries, newest first, with their attempts and errors",
      response: { 200: WebhookDeliveriesSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => ({
      results: await listWebhookDeliveries(db, await scopeOf(request)),
    }),
  });

  api.post("/dashboard/partner/webhook-deliveries/test", {
    preValidation: guard,
    schema: {
      tags,
      summary: "Send a `ping` event to the webhook now (409 when no webhook is set)",
      response: { 202: WebhookDeliveriesSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const scope = await scopeOf(request, "owner");
      if (!(await enqueueTestWebhook(db, scope))) {
        throw new ConflictError("Set a webhook URL first.", { code: "no_webhook" });
      }
      options.webhooks.kick();
      return reply.code(202).send({ results: await listWebhookDeliveries(db, scope) });
    },
  });
}
