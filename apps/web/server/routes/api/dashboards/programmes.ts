// Programme authoring and the audit log on the dashboards (issue 13 "Programmes"; ADR 016):
// partners list, create, edit, publish and unpublish their organisation's programmes and read
// their organisation's audit log; sales agents read every programme and every organisation's
// audit log, and edit nothing. Every path checks the role first (401/403), then narrows to the
// partner's schools in SQL (another organisation's programme answers 404).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { createSearchWordsRefresher } from "@studyatlas/core/finder/search-words.ts";
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import {
  createProgramme,
  getProgramme,
  listProgrammes,
  programmeOptions,
  setProgrammePublished,
  updateProgramme,
} from "@studyatlas/core/dashboards/programmes.ts";
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

import type { AppServices } from "../../../../app/context.ts";
import { DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const VOCABULARY_WAIT_MS = 800;

export async function programmeDashboardRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db, catalogueChanges } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dashboard"];
  api.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  const searchWords = createSearchWordsRefresher(db, (error) =>
    app.log.error({ err: error }, "The search vocabulary could not be refreshed"),
  );
  app.addHook("onClose", async () => searchWords.settled());

  const partner = requireRole("partner");
  const sales = requireRole("sales");
  const scopeOf = (request: FastifyRequest) => partnerScope(db, dashboardUser(request).id);
  const actorOf = (request: FastifyRequest) => {
    const user = dashboardUser(request);
    return { id: user.id, first_name: user.firstName, last_name: user.lastName, role: user.role };
  };
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

  api.post("/dashboard/partner/programmes", {
    preValidation: partner,
    schema: {
      body: ProgrammeCreateSchema,
      tags,
      summary: "Create a programme of one of the organisation's schools (HTML is sanitised)",
      response: { 201: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const programme = await createProgramme(
        db,
        await scopeOf(request),
        request.body,
        actorOf(request),
      );
      await published(programme.published);
      return reply.code(201).send(programme);
    },
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

  api.get("/dashboard/partner/audit-log", {
    preValidation: partner,
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
