// The school profile on the partner dashboard (about, video and city;
// docs/decisions/037-school-profile-and-uploaded-images.md), on both engines: the role matrix, the
// messages of bad input, the audit entry, the public school page showing the change at once, and
// concurrent and hostile writes. The logo and banner: dashboards-school-profile-images.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findUserByEmail } from "@studyatlas/core/accounts/users.ts";
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { ApiErrorSchema, SchoolSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  PartnerSchoolsSchema,
  SCHOOL_PROFILE_MESSAGES,
  SchoolImageAnswerSchema,
  SchoolProfileSchema,
} from "@studyatlas/schemas/school-profile.ts";

import { apiUser } from "./chat-support.ts";
import {
  MAX_BYTES,
  partnerOf,
  schoolsAndPartners,
  signedIn,
  type Partner,
} from "./dashboards-school-profile-support.ts";
import { drawPicture, uploadSchoolImage } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let salesId: number;
let schoolA: number;
let schoolA2: number;
let slugA: string;
let a: Partner;
let b: Partner;

beforeAll(async () => {
  t = await createTestApp({ config: { schoolImageMaxBytes: MAX_BYTES } });
  ({ salesId, schoolA, schoolA2, slugA, a, b } = await schoolsAndPartners(t));
});
afterAll(async () => {
  await t?.close();
});

describe("who may see and change a school profile", () => {
  it("a partner lists and reads its organisation's schools", async () => {
    const list = await a.browser.call("GET", "/api/dashboard/partner/schools");
    expect(list.statusCode, list.body).toBe(200);
    const schools = PartnerSchoolsSchema.parse(list.json());
    expect(schools.results.map((school) => school.id).sort()).toEqual(
      [schoolA, schoolA2].sort((x, y) => x - y),
    );
    const one = await a.browser.call("GET", `/api/dashboard/partner/schools/${schoolA}`);
    expect(one.statusCode).toBe(200);
    expect(SchoolProfileSchema.parse(one.json()).slug).toBe(slugA);
    expect(one.headers["cache-control"]).toBe("no-store");
  });

  it("another organisation's school answers 404 on every path", async () => {
    const read = await b.browser.call("GET", `/api/dashboard/partner/schools/${schoolA}`);
    expect(read.statusCode).toBe(404);
    const save = await b.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about: "Hijacked", video: "", city: "Nowhere" },
    });
    expect(save.statusCode).toBe(404);
    const image = await uploadSchoolImage(b.browser, schoolA, "logo", {
      data: await drawPicture(100, 100, "png"),
      filename: "logo.png",
      type: "image/png",
    });
    expect(image.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(image.json()).code).toBe("school_not_found");
  });

  it("students, sales agents, pending partners and signed-out callers are refused", async () => {
    const student = await apiUser(t.app, t.database.db);
    const asStudent = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/partner/schools",
      headers: student.headers,
    });
    expect(asStudent.statusCode).toBe(403);
    const sales = await findUserByEmail(t.database.db, (await salesEmail())!);
    expect(sales?.role).toBe("sales");
    const salesBrowser = await signedIn(t, sales!.email);
    const asSales = await salesBrowser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about: "", video: "", city: "Paris" },
    });
    expect(asSales.statusCode).toBe(403);
    const pending = await partnerOf(t, salesId, [], false);
    const asPending = await pending.browser.call("GET", "/api/dashboard/partner/schools");
    expect(asPending.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(asPending.json()).code).toBe("organisation_pending");
    const anonymous = await t.app.inject({ method: "GET", url: "/api/dashboard/partner/schools" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("a cookie session's change without the XSRF token is refused", async () => {
    const response = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about: "", video: "", city: "Lyon" },
      noXsrf: true,
    });
    expect(response.statusCode).toBe(403);
  });
});

async function salesEmail(): Promise<string | undefined> {
  const { rows } = await t.database.query<{ email: string }>(
    `select email from users where id = $1`,
    [salesId],
  );
  return rows[0]?.email;
}

describe("about, video and city", () => {
  it("are checked with clear messages", async () => {
    const response = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about: "x".repeat(5001), video: "https://vimeo.com/123456", city: "  " },
    });
    expect(response.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(response.json());
    expect(error.errors?.city).toEqual([SCHOOL_PROFILE_MESSAGES.cityRequired]);
    expect(error.errors?.video).toEqual([SCHOOL_PROFILE_MESSAGES.videoNotYoutube]);
    expect(error.errors?.about).toEqual([SCHOOL_PROFILE_MESSAGES.aboutTooLong]);
  });

  it("are saved with an audit entry and shown on the public school page at once", async () => {
    const about = "We teach <b>online</b>.\r\nSecond paragraph.";
    const response = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about, video: "https://youtu.be/dQw4w9WgXcQ?t=5", city: "  Lyon " },
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = SchoolProfileSchema.parse(response.json());
    // Plain text, as the public page shows it (React escapes it): kept as written.
    expect(profile.about).toBe("We teach <b>online</b>.\nSecond paragraph.");
    expect(profile.video).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(profile.city).toBe("Lyon");

    await expect
      .poll(async () => {
        const detail = await t.app.inject({
          method: "GET",
          url: `/api/academics/school/detail/${slugA}`,
        });
        return SchoolSchema.parse(detail.json()).city;
      })
      .toBe("Lyon");
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/academics/school/detail/${slugA}`,
    });
    const school = SchoolSchema.parse(detail.json());
    expect(school.about).toBe(profile.about);
    expect(school.video).toBe(profile.video);

    const log = await listAuditLog(t.database.db, {
      organisationId: a.organisationId,
      entity: "school",
      entityId: schoolA,
    });
    const entry = log.results[0]!;
    expect(entry.action).toBe("update");
    expect(entry.actor).toMatchObject({ name: "Pat Partner", role: "partner" });
    expect(entry.after).toEqual({
      about: profile.about,
      city: "Lyon",
      video: profile.video,
    });
    expect(Object.keys(entry.before ?? {}).sort()).toEqual(["about", "city", "video"]);

    // Saving the same values again changes nothing and records nothing.
    const again = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about, video: profile.video, city: "Lyon" },
    });
    expect(again.statusCode).toBe(200);
    const after = await listAuditLog(t.database.db, { entity: "school", entityId: schoolA });
    expect(after.count).toBe(log.count);
  });
});

describe("concurrent and hostile writes", () => {
  it("ten identical saves and ten identical uploads at once all succeed, with one audit entry each", async () => {
    const city = `Concurrent City ${Date.now()}`;
    const saves = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA2}`, {
          body: { about: "", video: "", city },
        }),
      ),
    );
    expect(saves.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const data = await drawPicture(300, 300, "png");
    const uploads = await Promise.all(
      Array.from({ length: 10 }, () =>
        uploadSchoolImage(a.browser, schoolA2, "logo", {
          data,
          filename: "same.png",
          type: "image/png",
        }),
      ),
    );
    expect(uploads.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const urls = new Set(uploads.map((answer) => SchoolImageAnswerSchema.parse(answer.json()).url));
    expect(urls.size).toBe(1);
    const log = await listAuditLog(t.database.db, { entity: "school", entityId: schoolA2 });
    expect(log.results.filter((entry) => entry.after["city"] === city)).toHaveLength(1);
    expect(log.results.filter((entry) => entry.after["logo"] === [...urls][0])).toHaveLength(1);
  });

  it("drops a NUL byte, and answers a huge string and a wrong type with 400, never a 500", async () => {
    // Control characters in plain text are dropped, not refused.
    const cleaned = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA2}`, {
      body: { about: "a\u0000b", video: "", city: "Ly\u0000on" },
    });
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    expect(SchoolProfileSchema.parse(cleaned.json())).toMatchObject({ about: "ab", city: "Lyon" });
    for (const body of [
      { about: "x".repeat(1_000_000), video: "", city: "Lyon" },
      { about: "", video: ["https://www.youtube.com/watch?v=abc"], city: "Lyon" },
      { about: "", video: "", city: 42 },
    ]) {
      const answer = await a.browser.call("PUT", `/api/dashboard/partner/schools/${schoolA2}`, {
        body,
      });
      expect([400, 413], JSON.stringify(body).slice(0, 80)).toContain(answer.statusCode);
    }
  });
});
