// The Fastify app on a fresh test database, without a port or a front end: tests call
// app.inject() (app.ts). Helpers check every JSON response against its zod schema.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { z } from "zod";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import {
  ApiErrorSchema,
  CourseListItemSchema,
  pageOf,
  type ApiError,
  type CourseListItem,
} from "@studyatlas/schemas/catalogue.ts";

import { buildApp, type BuildAppOptions } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import { testConfig } from "../../server/test-config.ts";

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** GET `url`, expect `status` and a JSON body, and parse it with `schema` (which must succeed). */
  getJson<T extends z.ZodType>(url: string, schema: T, status?: number): Promise<z.output<T>>;
  /** GET `url`, expect a 4xx JSON error body; returns it. */
  getError(url: string, status: number): Promise<ApiError>;
  /** Follows `next` links from `url` to the last page; every page is checked against the schema. */
  getAllPages<T extends z.ZodType>(
    url: string,
    item: T,
  ): Promise<{ count: number; results: z.output<T>[] }>;
  /**
   * Runs a statement that changes the catalogue, then waits until the app has heard the change
   * notice (it arrives asynchronously on PostgreSQL) and emptied its catalogue cache.
   */
  changeCatalogue(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Pick<
  BuildAppOptions,
  "sitemapUrlsPerFile" | "logStream" | "onDatabaseFatal" | "frontend"
> {
  /** Settings over testConfig()'s defaults. */
  config?: Partial<AppConfig>;
  /** Changes the test catalogue before the app starts (and builds its finder index from it). */
  prepare?: (database: TestDatabase) => Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  let app: FastifyInstance;
  try {
    const { config, prepare, ...rest } = options;
    await prepare?.(database);
    app = await buildApp({
      config: testConfig(config),
      database,
      frontend: rest.frontend ?? { kind: "none" },
      logger: rest.logStream !== undefined,
      ...rest,
    });
    await app.ready();
  } catch (error) {
    await database.dispose();
    throw error;
  }

  const getJson = async <T extends z.ZodType>(url: string, schema: T, status = 200) => {
    const response = await app.inject({ method: "GET", url });
    expectJson(response, status, url);
    return parseWith(schema, response.json(), url);
  };

  return {
    app,
    database,
    getJson,
    async getError(url, status) {
      return getJson(url, ApiErrorSchema, status);
    },
    async getAllPages(url, item) {
      const pageSchema = pageOf(item);
      const results: z.output<typeof item>[] = [];
      let next: string | null = url;
      let count = -1;
      for (let pages = 0; next !== null; pages += 1) {
        if (pages > 1000) throw new Error(`More than 1000 pages from ${url}`);
        const page: z.output<typeof pageSchema> = await getJson(next, pageSchema);
        if (count === -1) count = page.count;
        expect(page.count, `count changed between pages of ${url}`).toBe(count);
        results.push(...(page.results as z.output<typeof item>[]));
        next = page.next === null ? null : pathOf(page.next);
      }
      expect(results.length, `${url}: results across pages vs count`).toBe(count);
      return { count, results };
    },
    async changeCatalogue(text, params) {
      const generation = app.catalogueCache.generation;
      await database.query(text, params);
      for (let waited = 0; app.catalogueCache.generation === generation; waited += 5) {
        if (waited > 5000) throw new Error(`No catalogue change notice after: ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** Every programme a course-list query gives, walking `next` links 100 at a time. */
export async function listAllCourses(t: TestApp, query: string): Promise<CourseListItem[]> {
  const separator = query === "" ? "" : "&";
  const { results } = await t.getAllPages(
    `/api/academics/course/list?${query}${separator}page_size=100`,
    CourseListItemSchema,
  );
  return results;
}

export function expectJson(response: LightMyRequestResponse, status: number, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 500)}`).toBe(status);
  expect(response.headers["content-type"], label).toMatch(/^application\/json/);
}

export function parseWith<T extends z.ZodType>(
  schema: T,
  body: unknown,
  label: string,
): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${label}: response does not match its schema:\n${parsed.error.message}`);
  }
  return parsed.data;
}

/** `next`/`previous` links are absolute; inject() wants the path and query. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
