// The finder's synonyms in the dashboards (docs/decisions/044-synonyms-as-data.md): sales agents
// list, create, edit and delete entries; partners of an approved organisation list them, read
// only. Every write is audit-logged in its transaction (packages/core/src/dashboards/
// search-synonyms.ts); this process drops its copy of the list and the answers built with it at
// once, the others when the table's `catalogue_changed` notice reaches them.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import {
  createSynonym,
  deleteSynonym,
  listSynonyms,
  updateSynonym,
} from "@studyatlas/core/dashboards/search-synonyms.ts";
import {
  SynonymInputSchema,
  SynonymListQuerySchema,
  SynonymListSchema,
  SynonymParamsSchema,
  SynonymSchema,
} from "@studyatlas/schemas/search-synonyms.ts";

import type { AppServices } from "../../../../app/context.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const tags = ["dashboard"];

export async function searchSynonymRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db, catalogueChanges } = options.services;
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRole("sales");
  const changed = () => catalogueChanges.raise("synonyms");

  api.get("/dashboard/partner/search-synonyms", {
    preValidation: requireRole("partner"),
    schema: {
      querystring: SynonymListQuerySchema,
      tags,
      summary: "The finder's synonyms, read only, for partners of an approved organisation",
      response: { 200: SynonymListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      await approvedScope(db, request);
      return listSynonyms(db, request.query);
    },
  });

  api.get("/dashboard/sales/search-synonyms", {
    preValidation: sales,
    schema: {
      querystring: SynonymListQuerySchema,
      tags,
      summary: "The finder's synonyms, oldest first, optionally those containing `q`",
      response: { 200: SynonymListSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listSynonyms(db, request.query),
  });

  api.post("/dashboard/sales/search-synonyms", {
    preValidation: sales,
    schema: {
      body: SynonymInputSchema,
      tags,
      summary: "Add a two-way set or a one-way entry (409 when the same entry exists)",
      response: { 201: SynonymSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const created = await createSynonym(db, {
        input: request.body,
        salesUserId: dashboardUser(request).id,
      });
      changed();
      return reply.code(201).send(created);
    },
  });

  api.put("/dashboard/sales/search-synonyms/:id", {
    preValidation: sales,
    schema: {
      params: SynonymParamsSchema,
      body: SynonymInputSchema,
      tags,
      summary: "Replace an entry's kind, input, words and note",
      response: { 200: SynonymSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const updated = await updateSynonym(db, {
        id: request.params.id,
        input: request.body,
        salesUserId: dashboardUser(request).id,
      });
      changed();
      return updated;
    },
  });

  api.delete("/dashboard/sales/search-synonyms/:id", {
    preValidation: sales,
    schema: {
      params: SynonymParamsSchema,
      tags,
      summary: "Delete an entry",
      response: { 204: z.null(), ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      await deleteSynonym(db, { id: request.params.id, salesUserId: dashboardUser(request).id });
      changed();
      return reply.code(204).send(null);
    },
  });
}
