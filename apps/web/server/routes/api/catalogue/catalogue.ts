// Catalogue API, paths as in the specs' call tables (docs/spec/discovery.md §7,
// docs/spec/accounts-and-details.md §7): countries, schools, a programme's detail and the
// reference lists. The finder's list of programmes is the finder's (routes/api/finder/).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";

import { listCountries, resolveCountrySlugs } from "@studyatlas/core/catalogue/countries.ts";
import { getCountryById } from "@studyatlas/core/catalogue/country-detail.ts";
import { getCourseBySlug } from "@studyatlas/core/catalogue/course-detail.ts";
import { publicUrl, toPage } from "@studyatlas/core/catalogue/pagination.ts";
import {
  listCurrencies,
  listDegreeTypes,
  listDisciplines,
} from "@studyatlas/core/catalogue/reference-lists.ts";
import { getSchoolBySlug, listSchools } from "@studyatlas/core/catalogue/schools.ts";
import { countryCourseCounts } from "@studyatlas/core/finder/search.ts";
import { InvalidParameterError, NotFoundError } from "@studyatlas/core/errors.ts";
import { PAGE_SIZE, isPlaceholder } from "@studyatlas/schemas/catalogue-constants.ts";
import {
  ApiErrorSchema,
  CountryListItemSchema,
  CountryListQuerySchema,
  CountrySchema,
  CourseDetailSchema,
  CurrencySchema,
  DegreeTypeSchema,
  DisciplineSchema,
  IdParamsSchema,
  PageQuerySchema,
  SchoolListQuerySchema,
  SchoolSchema,
  SlugParamsSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";
import { cacheCatalogueAnswers } from "../../../plugins/catalogue-cache.ts";

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };
const tags = ["academics"];

/** The catalogue's reads: the read replica when there is one (ADR 048). */
type Services = {
  db: AppServices["catalogueDb"];
  publicBaseUrl: string;
  finderIndex: AppServices["finderIndex"];
};

export async function catalogueRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
): Promise<void> {
  // Every route here answers from the catalogue alone (plugins/catalogue-cache.ts).
  app.addHook("onRoute", cacheCatalogueAnswers);
  const services = {
    db: options.services.catalogueDb,
    publicBaseUrl: options.services.publicBaseUrl,
    finderIndex: options.services.finderIndex,
  };
  countryRoutes(app, services);
  schoolRoutes(app, services);
  courseDetailRoute(app, services);
  referenceListRoutes(app, services);
}

function countryRoutes(app: FastifyInstance, { db, publicBaseUrl, finderIndex }: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const countryList = (enabledOnly: boolean) => ({
    schema: {
      tags,
      summary: enabledOnly ? "Countries enabled for browsing" : "All countries",
      querystring: CountryListQuerySchema,
      response: { 200: pageOf(CountryListItemSchema), ...errors },
    },
    handler: async (
      request: FastifyRequest<{ Querystring: z.output<typeof CountryListQuerySchema> }>,
    ) => {
      // Every country fits in one default page: the dropdowns read results[] without paging.
      const pageSize = request.query.page_size ?? 1000;
      const page = request.query.page ?? 1;
      const { count, results } = await listCountries(
        db,
        {
          enabledOnly,
          ...(request.query.ordering ? { ordering: request.query.ordering } : {}),
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
        countryCourseCounts(finderIndex),
      );
      return toPage(results, count, { page, pageSize }, publicUrl(publicBaseUrl, request.url));
    },
  });
  api.get("/academics/country/list", countryList(false));
  api.get("/academics/country/list_enabled", countryList(true));

  api.get("/academics/country/detail/:id", {
    schema: {
      tags,
      summary: "One country (its HTML texts sanitised)",
      params: IdParamsSchema,
      response: { 200: CountrySchema, ...errors },
    },
    handler: async (request) => {
      const country = await getCountryById(db, request.params.id, finderIndex);
      if (!country) throw new NotFoundError(`No country with id ${request.params.id}.`);
      return country;
    },
  });
}

function schoolRoutes(app: FastifyInstance, { db, publicBaseUrl }: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/academics/school/list", {
    schema: {
      tags,
      summary: "Schools, optionally in one country",
      querystring: SchoolListQuerySchema,
      response: { 200: pageOf(SchoolSchema), ...errors },
    },
    handler: async (request) => {
      const { country, ordering } = request.query;
      const pageSize = request.query.page_size ?? PAGE_SIZE;
      const page = request.query.page ?? 1;
      let countryId: number | undefined;
      if (country && !isPlaceholder(country)) {
        const resolved = await resolveCountrySlugs(db, [country]);
        if (resolved.ids[0] === undefined) {
          throw new InvalidParameterError("country", `Unknown country '${country}'.`);
        }
        countryId = resolved.ids[0];
      }
      const { count, results } = await listSchools(db, {
        ...(countryId !== undefined ? { countryId } : {}),
        ...(ordering ? { ordering } : {}),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return toPage(results, count, { page, pageSize }, publicUrl(publicBaseUrl, request.url));
    },
  });

  api.get("/academics/school/detail/:slug", {
    schema: {
      tags,
      summary: "One school with its programme counts",
      params: SlugParamsSchema,
      response: { 200: SchoolSchema, ...errors },
    },
    handler: async (request) => {
      const school = await getSchoolBySlug(db, request.params.slug);
      if (!school) throw new NotFoundError(`No school '${request.params.slug}'.`);
      return school;
    },
  });
}

function courseDetailRoute(app: FastifyInstance, { db }: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get("/academics/course/detail/:slug", {
    schema: {
      tags,
      summary: "One programme with its HTML sections (sanitised)",
      params: SlugParamsSchema,
      response: { 200: CourseDetailSchema, ...errors },
    },
    handler: async (request) => {
      const course = await getCourseBySlug(db, request.params.slug);
      if (!course) throw new NotFoundError(`No programme '${request.params.slug}'.`);
      return course;
    },
  });
}

function referenceListRoutes(app: FastifyInstance, { db, publicBaseUrl }: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/academics/discipline/list", {
    schema: {
      tags,
      summary: "All disciplines with programme counts",
      response: { 200: pageOf(DisciplineSchema), ...errors },
    },
    handler: async () => {
      const results = await listDisciplines(db);
      return { count: results.length, next: null, previous: null, results };
    },
  });

  api.get("/academics/degree_type/list", {
    schema: {
      tags,
      summary: "All degree types",
      response: { 200: pageOf(DegreeTypeSchema), ...errors },
    },
    handler: async () => {
      const results = await listDegreeTypes(db);
      return { count: results.length, next: null, previous: null, results };
    },
  });

  api.get("/academics/currency/list", {
    schema: {
      tags,
      summary: "Currencies with their USD exchange-rate snapshot",
      querystring: PageQuerySchema,
      response: { 200: pageOf(CurrencySchema), ...errors },
    },
    handler: async (request) => {
      const pageSize = request.query.page_size ?? PAGE_SIZE;
      const page = request.query.page ?? 1;
      const { count, results } = await listCurrencies(db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return toPage(results, count, { page, pageSize }, publicUrl(publicBaseUrl, request.url));
    },
  });
}
