// Where a programme's figures come from (docs/decisions/051-total-cost-and-rates.md "Provenance"):
// the programme page's data says when its fee and its dates last changed and who changed them,
// from the audit log, and nothing (the catalogue import) when no entry changed them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let course: { id: number; slug: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.database.query<{ id: number; slug: string; name: string }>(
    `select c.id, c.slug, c.name from courses c join schools s on s.id = c.school_id
     where c.published and s.published order by c.id limit 1`,
  );
  course = rows[0] as typeof course;
});
afterAll(async () => {
  await t?.close();
});

const detail = () => t.getJson(`/api/academics/course/detail/${course.slug}`, CourseDetailSchema);

async function logChange(
  action: string,
  role: string,
  at: string,
  after: Record<string, unknown>,
  entityId = course.id,
) {
  // As the programme editor writes it, in the transaction of the change (which renews the caches).
  await t.database.query(
    `insert into audit_log (entity, entity_id, entity_name, action, actor_user_id, actor_name,
       actor_role, before, after, created_at)
     values ('programme', $1, $2, $3, null, 'Ada Example', $4, '{}'::jsonb, $5::jsonb, $6)`,
    [entityId, course.name, action, role, JSON.stringify(after), at],
  );
  await t.changeCatalogue("update courses set updated_at = now() where id = $1", [course.id]);
}

describe("provenance on the programme's page data", () => {
  it("says 'from the catalogue import' (null) when no entry changed the figures", async () => {
    expect((await detail()).provenance).toEqual({ fee: null, dates: null });
  });

  it("ignores entries of other programmes and entries that changed other fields", async () => {
    await logChange(
      "update",
      "partner",
      "2026-11-01T10:00:00Z",
      { tuition: "EUR 1" },
      course.id + 1,
    );
    await logChange("update", "partner", "2026-11-02T10:00:00Z", { name: "New name" });
    expect((await detail()).provenance).toEqual({ fee: null, dates: null });
  });

  it("names the school and the day for a fee the partner changed", async () => {
    await logChange("update", "partner", "2026-11-12T09:30:00Z", { tuition: "EUR 4,200 per year" });
    expect((await detail()).provenance).toEqual({
      fee: { changed_at: "2026-11-12T09:30:00Z", by: "school" },
      dates: null,
    });
  });

  it("names StudyAtlas for a change by its staff, and keeps the newest change of each", async () => {
    await logChange("update", "sales", "2026-11-20T15:00:00Z", { start: "September 2027" });
    await logChange("publish", "partner", "2026-11-21T15:00:00Z", { tuition: "ignored" });
    expect((await detail()).provenance).toEqual({
      fee: { changed_at: "2026-11-12T09:30:00Z", by: "school" },
      dates: { changed_at: "2026-11-20T15:00:00Z", by: "studyatlas" },
    });
  });

  it("never shows the person's name", async () => {
    const response = await t.app.inject({ url: `/api/academics/course/detail/${course.slug}` });
    expect(response.body).not.toContain("Ada Example");
  });
});
