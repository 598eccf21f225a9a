// The catalogue cache (plugins/catalogue-cache.ts): repeated catalogue requests are answered from
// memory, and every write to the catalogue, by this process or any other, empties the cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
const CoursePage = pageOf(CourseListItemSchema);

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

/** Polls `url` until `accept` holds: change notices arrive asynchronously. */
async function eventually(url: string, accept: (body: string) => boolean): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { body } = await get(url);
    if (accept(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} never showed the change`);
}

describe("catalogue cache", () => {
  it("answers a repeated request from memory with the same body", async () => {
    const url = "/api/academics/course/list?programme=postgraduate&ordering=name";
    const first = await get(url);
    const second = await get(url);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-type"]).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
  });

  it("never caches errors", async () => {
    const url = "/api/academics/course/list?page=0";
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.headers["x-cache"]).toBeUndefined();
    }
  });

  it("shows a renamed programme as soon as the catalogue changes", async () => {
    const url = "/api/academics/course/list?ordering=name&page_size=5";
    const before = CoursePage.parse((await get(url)).json());
    const first = before.results[0];
    if (!first) throw new Error("no programmes in the test catalogue");
    await get(url);
    const newName = `${first.name} (renamed by the cache test)`;
    await t.changeCatalogue("update courses set name = $1 where slug = $2", [newName, first.slug]);
    const body = await eventually(url, (text) => text.includes("renamed by the cache test"));
    expect(CoursePage.parse(JSON.parse(body)).results[0]?.name).toBe(newName);
  });

  it("refreshes facet counts after programmes are unpublished", async () => {
    const url = "/api/academics/course/facets";
    const total = (body: string) => (JSON.parse(body) as { count: number }).count;
    const before = total((await get(url)).body);
    await t.changeCatalogue(
      "update courses set published = false where id in (select id from courses where published order by id limit 3)",
    );
    await eventually(url, (body) => total(body) === before - 3);
  });

  it("does not cache a random order drawn for the request, and pages on with that seed", async () => {
    const url = "/api/academics/course/list?ordering=random";
    const first = await get(url);
    const second = await get(url);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBeUndefined();
    const page = CoursePage.parse(first.json());
    expect(new URL(page.next ?? "http://x/").searchParams.get("seed")).toMatch(/^\d+$/);
  });
});
