// Programme authoring and the audit log on the dashboards
// (docs/decisions/016-organisations-and-dashboards.md "Programme authoring", "The audit log"):
// partners list, create, edit, publish and unpublish their organisation's programmes and read
// their organisation's audit log; sales agents read every programme and every organisation's
// audit log, and edit nothing. Every path checks the role first (401/403), then narrows to the
// partner's schools in SQL (another organisation's programme answers 404).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { createSearchWordsRefresher } from "@studyatlas/core/finder/search-words.ts";
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import type { PartnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { createProgrammeOnce } from "@studyatlas/core/dashboards/programme-create-once.ts";
import { setProgrammePublished, updateProgramme } from "@studyatlas/core/dashboards/programmes.ts";
import { listProgrammes } from "@studyatlas/core/dashboards/programme-list.ts";
import { getProgramme, programmeOptions } from "@studyatlas/core/dashboards/programme-reads.ts";
import {
  AuditLogQuerySchema,
  AuditPageSchema,
  ProgrammeBodySchema,
  ProgrammeCreateSchema,
  ProgrammeDetailSchema,
  ProgrammeListQuerySchema,
  ProgrammeListSchema,
  ProgrammeOptionsSchema,
  ProgrammeParamsSchema,
  SalesAuditLogQuerySchema,
  SalesProgrammeListQuerySchema,
} from "@studyatlas/schemas/programmes.ts";
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from "@studyatlas/schemas/idempotency.ts";

import type { AppServices } from "../../../../app/context.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const VOCABULARY_WAIT_MS = 800;

const tags = ["dashboard"];

/** What every group of programme routes shares. */
interface ProgrammeRoutes {
  db: AppServices["db"];
  /** The approved organisation's scope of the signed-in partner (403 while it is not approved). */
  scopeOf: (request: FastifyRequest) => Promise<PartnerScope>;
  /** Shows a saved change at once, and waits a moment for the search vocabulary. */
  published: (vocabularyChanged: boolean) => Promise<void>;
}

export async function programmeDashboardRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db, catalogueChanges } = options.services;
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  const searchWords = createSearchWordsRefresher(
    db,
    (error) => app.log.error({ err: error }, "The search vocabulary could not be refreshed"),
    { concurrently: options.services.databaseKind === "postgres" },
  );
  app.addHook("onClose", async () => searchWords.settled());

  const scopeOf = (request: FastifyRequest) => approvedScope(db, request);
  /**
   * This process shows the change at once (the catalogue-change event empties every cache and
   * renews the finder index); the database's `catalogue_changed` notice tells the other
   * processes (and this one again, harmlessly) a moment later. A new or renamed public
   * programme's words join the search vocabulary (typo correction, name suggestions): the answer
   * waits for that refresh up to VOCABULARY_WAIT_MS (milliseconds on catalogues of thousands of
   * programmes); on a very large catalogue it finishes in the background.
   */
  const published = async (vocabularyChanged: boolean) => {
    catalogueChanges.raise("catalogue");
    if (!vocabularyChanged) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      searchWords.request(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, VOCABULARY_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  };

  const routes: ProgrammeRoutes = { db, scopeOf, published };
  partnerProgrammeReadRoutes(app, routes);
  partnerProgrammeWriteRoutes(app, routes);
  partnerAuditLogRoute(app, routes);
  salesProgrammeRoutes(app, routes);
}

/** The programmes of the signed-in partner's organisation, and the form's choices. */
function partnerProgrammeReadRoutes(app: FastifyInstance, { db, scopeOf }: ProgrammeRoutes) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  api.get("/dashboard/partner/programmes", {
    preValidation: partner,
    schema: {
      querystring: ProgrammeListQuerySchema,
      tags,
      summary: "The organisation's programmes by name, with a search and a status filter",
      response: { 200: ProgrammeListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listProgrammes(db, await scopeOf(request), request.query),
  });

  api.get("/dashboard/partner/programme-options", {
    preValidation: partner,
    schema: {
      tags,
      summary: "The choices of the programme form: the organisation's schools and the lists",
      response: { 200: ProgrammeOptionsSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => programmeOptions(db, await scopeOf(request)),
  });

  api.get("/dashboard/partner/programmes/:id", {
    preValidation: partner,
    schema: {
      params: ProgrammeParamsSchema,
      tags,
      summary: "One programme with every field the form edits",
      response: { 200: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getProgramme(db, await scopeOf(request), request.params.id),
  });
}

/** Creating, saving, publishing and unpublishing: each write shows at once (`published`). */
function partnerProgrammeWriteRoutes(
  app: FastifyInstance,
  { db, scopeOf, published }: ProgrammeRoutes,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  api.post("/dashboard/partner/programmes", {
    preValidation: partner,
    schema: {
      body: ProgrammeCreateSchema,
      headers: IdempotencyHeadersSchema,
      tags,
      summary:
        "Create a programme of one of the organisation's schools (HTML is sanitised); a repeat with the same Idempotency-Key answers the first programme (200) instead of creating another (ADR 055)",
      response: { 200: ProgrammeDetailSchema, 201: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const { programme, created } = await createProgrammeOnce(
        db,
        await scopeOf(request),
        request.body,
        actorOf(request),
        request.headers[IDEMPOTENCY_HEADER],
      );
      if (created) await published(programme.published);
      return reply.code(created ? 201 : 200).send(programme);
    },
  });

  api.put("/dashboard/partner/programmes/:id", {
    preValidation: partner,
    schema: {
      params: ProgrammeParamsSchema,
      body: ProgrammeBodySchema,
      tags,
      summary: "Save every field of a programme (the slug stays; HTML is sanitised)",
      response: { 200: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const { programme, changed } = await updateProgramme(
        db,
        await scopeOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (changed) await published(programme.published);
      return programme;
    },
  });

  for (const [action, value] of [
    ["publish", true],
    ["unpublish", false],
  ] as const) {
    api.post(`/dashboard/partner/programmes/:id/${action}`, {
      preValidation: partner,
      schema: {
        params: ProgrammeParamsSchema,
        tags,
        summary:
          action === "publish"
            ? "Publish a programme: it shows on the public pages and in the finder"
            : "Unpublish a programme: it leaves the public pages and the finder",
        response: { 200: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
      },
      handler: async (request) => {
        const { programme, changed } = await setProgrammePublished(
          db,
          await scopeOf(request),
          request.params.id,
          value,
          actorOf(request),
        );
        if (changed) await published(true);
        return programme;
      },
    });
  }
}

/** The organisation's changes; `?programme=` narrows to one programme (404 outside the scope). */
function partnerAuditLogRoute(app: FastifyInstance, { db, scopeOf }: ProgrammeRoutes) {
  app.withTypeProvider<ZodTypeProvider>().get("/dashboard/partner/audit-log", {
    preValidation: requireRole("partner"),
    schema: {
      querystring: AuditLogQuerySchema,
      tags,
      summary: "The organisation's changes, newest first (who, when, before and after)",
      response: { 200: AuditPageSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const scope = await scopeOf(request);
      const { programme, page } = request.query;
      if (programme !== undefined) await getProgramme(db, scope, programme);
      return listAuditLog(db, {
        organisationId: scope.organisation.id,
        ...(programme !== undefined ? { entity: "programme", entityId: programme } : {}),
        page,
      });
    },
  });
}

/** Sales agents read every programme and every organisation's changes; they edit nothing. */
function salesProgrammeRoutes(app: FastifyInstance, { db }: ProgrammeRoutes) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRole("sales");
  api.get("/dashboard/sales/programmes", {
    preValidation: sales,
    schema: {
      querystring: SalesProgrammeListQuerySchema,
      tags,
      summary: "Every programme by name, with a search, a status and an organisation filter",
      response: { 200: ProgrammeListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listProgrammes(db, "all", request.query),
  });

  api.get("/dashboard/sales/programmes/:id", {
    preValidation: sales,
    schema: {
      params: ProgrammeParamsSchema,
      tags,
      summary: "Any programme with every field (read only for sales agents)",
      response: { 200: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getProgramme(db, "all", request.params.id),
  });

  api.get("/dashboard/sales/audit-log", {
    preValidation: sales,
    schema: {
      querystring: SalesAuditLogQuerySchema,
      tags,
      summary: "Every organisation's changes, newest first, optionally of one organisation",
      response: { 200: AuditPageSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const { organisation, programme, page } = request.query;
      return listAuditLog(db, {
        organisationId: organisation,
        ...(programme !== undefined ? { entity: "programme", entityId: programme } : {}),
        page,
      });
    },
  });
}

/** Who made a change, as the audit log records it. */
function actorOf(request: FastifyRequest) {
  const user = dashboardUser(request);
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, role: user.role };
}
