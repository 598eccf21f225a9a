// Finder helpers beside the catalogue list: facet counts for the filter panel and
// search-as-you-type suggestions (issue "Discovery" items 4 and 5).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { resolveCourseListRequest } from "@studyatlas/core/finder/courses.ts";
import { countCourseFacets } from "@studyatlas/core/finder/facets.ts";
import { suggest } from "@studyatlas/core/finder/suggestions.ts";
import { ApiErrorSchema, CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CourseFacetsSchema,
  SuggestionsSchema,
  SuggestQuerySchema,
} from "@studyatlas/schemas/finder.ts";

import type { AppServices } from "../../../../app/context.ts";
import { cacheCatalogueAnswers } from "../../../plugins/catalogue-cache.ts";

export async function finderRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
): Promise<void> {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Facets and suggestions depend on the catalogue alone (plugins/catalogue-cache.ts).
  app.addHook("onRoute", cacheCatalogueAnswers);

  api.get("/academics/course/facets", {
    schema: {
      tags: ["academics"],
      summary: "How many programmes each filter option gives with the other filters applied",
      querystring: CourseListQuerySchema,
      response: { 200: CourseFacetsSchema, 400: ApiErrorSchema },
    },
    handler: async (request) => {
      const index = options.services.finderIndex.current();
      const { filters } = await resolveCourseListRequest(db, request.query, index);
      return countCourseFacets(db, filters, index);
    },
  });

  api.get("/academics/search/suggest", {
    schema: {
      tags: ["academics"],
      summary: "Programme, school, discipline and country suggestions for typed text",
      querystring: SuggestQuerySchema,
      response: { 200: SuggestionsSchema, 400: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      // Suggestions change only with the catalogue: let browsers reuse them for a minute.
      void reply.header("cache-control", "public, max-age=60");
      return { query: request.query.q, results: await suggest(db, request.query.q) };
    },
  });
}
