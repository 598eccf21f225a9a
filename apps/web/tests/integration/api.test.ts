// The API as a whole: health, the OpenAPI document, unknown paths and malformed bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { ApiErrorSchema, HealthSchema } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, expectJson, parseWith, type TestApp } from "./test-app.ts";

const ACADEMICS_PATHS = [
  "/api/academics/country/list",
  "/api/academics/country/list_enabled",
  "/api/academics/country/detail/{id}",
  "/api/academics/school/list",
  "/api/academics/school/detail/{slug}",
  "/api/academics/course/list",
  "/api/academics/course/detail/{slug}",
  "/api/academics/discipline/list",
  "/api/academics/degree_type/list",
  "/api/academics/currency/list",
];

/** Finder helpers: they take filters or text, never a resource id, so they have no 404. */
const FINDER_PATHS = ["/api/academics/course/facets", "/api/academics/search/suggest"];

const OpenApiSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        parameters: z.array(z.object({ name: z.string(), in: z.string() })).optional(),
        responses: z.record(z.string(), z.unknown()),
      }),
    ),
  ),
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/health", () => {
  it("answers ok and names the database in use", async () => {
    const health = await t.getJson("/api/health", HealthSchema);
    expect(health).toEqual({
      status: "ok",
      database: process.env.TEST_DB_KIND,
      sockets: 0,
      requests: { in_flight: 0, limit: expect.any(Number) as number },
    });
    expect(health.database).toBe(t.database.kind);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document listing every academics path with its responses", async () => {
    const document = await t.getJson("/api/openapi.json", OpenApiSchema);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const academics = Object.keys(document.paths).filter((path) =>
      path.startsWith("/api/academics/"),
    );
    expect(academics.sort()).toEqual(
      [
        ...ACADEMICS_PATHS,
        ...FINDER_PATHS,
        "/api/academics/course/create_interest",
        "/api/academics/course/{id}/view",
      ].sort(),
    );
    // The programme page's view beacon (ADR 015): 204 without a body.
    const view = document.paths["/api/academics/course/{id}/view"]?.post;
    expect(Object.keys(view?.responses ?? {})).toEqual(
      expect.arrayContaining(["204", "400", "404"]),
    );
    const apply = document.paths["/api/academics/course/create_interest"]?.post;
    expect(Object.keys(apply?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "401", "404", "409", "503"]),
    );
    expect(Object.keys(document.paths)).toContain("/api/health");
    for (const path of ACADEMICS_PATHS) {
      const get = document.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(Object.keys(get!.responses), path).toEqual(
        expect.arrayContaining(["200", "400", "404"]),
      );
    }
    for (const path of FINDER_PATHS) {
      const get = document.paths[path]?.get;
      expect(Object.keys(get?.responses ?? {}), path).toEqual(
        expect.arrayContaining(["200", "400"]),
      );
    }
  });

  it("documents the finder's query parameters", async () => {
    const document = await t.getJson("/api/openapi.json", OpenApiSchema);
    const parameters = document.paths["/api/academics/course/list"]?.get?.parameters ?? [];
    const names = parameters
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => parameter.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "name",
        "programme",
        "discipline",
        "discipline_id",
        "country",
        "school_slug",
        "tuition",
        "duration",
        "degree_type",
        "attendance",
        "course_format",
        "featured",
        "published",
        "ordering",
        "page",
        "page_size",
      ]),
    );
  });
});

describe("errors", () => {
  it.each([
    "/api/nope",
    "/api/academics/course/nope",
    "/api/academics/course/detail",
    "/api/academics",
  ])("GET %s is a 404 JSON error, not a web page", async (url) => {
    const error = await t.getError(url, 404);
    expect(error.code).toBe("not_found");
    expect(error.message).toContain(url);
  });

  it.each(["/api/academics/course/list", "/api/nope"])(
    "POST %s with malformed JSON is a 400 JSON error, not a 500",
    async (url) => {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: '{"name": "law",',
      });
      expectJson(response, 400, url);
      const error = parseWith(ApiErrorSchema, response.json(), url);
      expect(error.code).toBe("invalid_body");
      expect(error.message).toMatch(/JSON/);
    },
  );

  it("an unsupported method on a known path is a JSON error", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/academics/course/list" });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    parseWith(ApiErrorSchema, response.json(), "DELETE course/list");
  });
});
