// The finder's API (docs/spec/discovery.md §7 academics/course/list): the list of programmes
// matching the finder's filters, the facet counts beside its filters and the search boxes'
// suggestions. Every answer comes from the search module, which decides between the finder's
// index and SQL (ADR 022); the handlers pass it the process's finder handle.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { publicUrl, toPage } from "@studyatlas/core/catalogue/pagination.ts";
import { keptChips, widenWhenEmpty } from "@studyatlas/core/finder/widen-search.ts";
import {
  countCourseFacets,
  findNearbySearches,
  listCoursesWidening,
  resolveCourseListRequest,
  suggest,
} from "@studyatlas/core/finder/search.ts";
import {
  ApiErrorSchema,
  CourseListItemSchema,
  CourseListQuerySchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";
import {
  CourseFacetsSchema,
  QueryInterpretationSchema,
  SuggestionsSchema,
  SuggestQuerySchema,
} from "@studyatlas/schemas/finder.ts";

import type { AppServices } from "../../../../app/context.ts";
import { cacheCatalogueAnswers, doNotCache } from "../../../plugins/catalogue-cache.ts";

export async function finderRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
): Promise<void> {
  // Catalogue reads: the read replica when there is one (ADR 048).
  const { catalogueDb: db, finderIndex, publicBaseUrl } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];
  // The finder's answers depend on the catalogue alone (plugins/catalogue-cache.ts).
  app.addHook("onRoute", cacheCatalogueAnswers);

  api.get("/academics/course/list", {
    schema: {
      tags,
      summary: "Programmes matching the finder's filters",
      querystring: CourseListQuerySchema,
      response: {
        // How the typed text was read, and nearby searches when nothing matched (ADR 045).
        200: pageOf(CourseListItemSchema).extend({
          interpretation: QueryInterpretationSchema.optional(),
        }),
        400: ApiErrorSchema,
        404: ApiErrorSchema,
      },
    },
    handler: async (request) => {
      const asked = await resolveCourseListRequest(db, request.query, finderIndex);
      // Widened when the filters taken from the words leave nothing (ADR 059).
      const {
        request: listRequest,
        answer: { count, results },
        widened,
      } = await listCoursesWidening(db, request.query, asked, finderIndex);
      const url = publicUrl(publicBaseUrl, request.url);
      if (listRequest.ordering === "random" && request.query.seed === undefined) {
        // A seed drawn for this answer: the next and previous pages keep to its order, and the
        // answer is not cached (the same URL should shuffle again).
        url.searchParams.set("seed", String(listRequest.seed));
        doNotCache(request);
      }
      const page = toPage(results, count, listRequest, url);
      const { interpretation } = asked;
      const nearby =
        count === 0 && (request.query.name || interpretation)
          ? await findNearbySearches(db, request.query, listRequest, finderIndex)
          : [];
      if (!interpretation && nearby.length === 0) return page;
      const text = interpretation?.text ?? request.query.name ?? "";
      const chips = keptChips(interpretation?.chips ?? [], widened);
      return {
        ...page,
        interpretation: { text, chips, nearby, ...(widened ? { widened } : {}) },
      };
    },
  });

  api.get("/academics/course/facets", {
    schema: {
      tags,
      summary: "How many programmes each filter option gives with the other filters applied",
      querystring: CourseListQuerySchema,
      response: { 200: CourseFacetsSchema, 400: ApiErrorSchema },
    },
    handler: async (request) => {
      const asked = await resolveCourseListRequest(db, request.query, finderIndex);
      const counted = await countCourseFacets(db, asked.filters, finderIndex);
      // The counts of the list's own answer: widened as the list is (ADR 059).
      const { answer } = await widenWhenEmpty(request.query, asked, counted, {
        resolve: (next) => resolveCourseListRequest(db, next, finderIndex),
        list: (next) => countCourseFacets(db, next.filters, finderIndex),
      });
      return answer;
    },
  });

  api.get("/academics/search/suggest", {
    schema: {
      tags,
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
