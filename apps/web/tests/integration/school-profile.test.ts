// The school profile on the partner dashboard (about, video, city, and the logo and banner, type
// and size checked and resized server-side), on both engines: the role matrix, real image bytes
// drawn by sharp, what is refused (SVG, a non-image with an image's name, an oversized file, a tiny
// image), the sizes the public pages get, the audit entry, and the public school page showing the
// change at once.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser, findUserByEmail } from "@studyatlas/core/accounts/users.ts";
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { ApiErrorSchema, SchoolSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  PartnerSchoolsSchema,
  SCHOOL_IMAGE_MESSAGES,
  SCHOOL_PROFILE_MESSAGES,
  SchoolImageAnswerSchema,
  SchoolProfileSchema,
} from "@studyatlas/schemas/school-profile.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { apiUser } from "./chat-support.ts";
import { registerPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const MAX_BYTES = 1024 * 1024;

let t: TestApp;
let address = 0;
const nextIp = () => `10.15.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

interface Partner {
  browser: Browser;
  organisationId: number;
}

async function signedIn(email: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD },
    ip: nextIp(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return browser;
}

/** A partner whose organisation is linked to `schoolIds`, approved when `approve`. */
async function partnerOf(schoolIds: number[], approve = true): Promise<Partner> {
  const { browser, organisationId } = await registerPartner(t, {
    schoolIds,
    approve,
    ip: nextIp,
    salesUserId: salesId,
  });
  return { browser, organisationId };
}

function multipart(file: { data: Buffer; filename: string; type: string } | undefined) {
  const boundary = "----studyatlas-school-boundary";
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  browser: Browser,
  schoolId: number,
  kind: string,
  file: { data: Buffer; filename: string; type: string } | undefined,
) {
  const form = multipart(file);
  return browser.call("POST", `/api/dashboard/partner/schools/${schoolId}/images/${kind}`, {
    body: form.body,
    headers: form.headers,
  });
}

/** A real picture drawn by sharp: a gradient-ish noise so that it does not compress to nothing. */
async function picture(
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" | "gif",
): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + ((i / width) | 0) * 11) % 256;
  const image = sharp(raw, { raw: { width, height, channels } });
  if (format === "jpeg") {
    // With EXIF (a camera and an orientation) that must not survive.
    return image
      .jpeg({ quality: 70 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: "SecretCam", Model: "X1" } } })
      .toBuffer();
  }
  return image[format]().toBuffer();
}

let salesId: number;
let schoolA: number;
let schoolA2: number;
let schoolB: number;
let slugA: string;
let a: Partner;
let b: Partner;

beforeAll(async () => {
  t = await createTestApp({ config: { schoolImageMaxBytes: MAX_BYTES } });
  const sales = await createUser(t.database.db, {
    email: uniqueEmail("sales"),
    firstName: "Sam",
    lastName: "Sales",
    password: PASSWORD,
    role: "sales",
    emailVerified: true,
  });
  salesId = sales.id;
  const { rows } = await t.database.query<{ id: number; slug: string }>(
    `select id, slug from schools s where s.published
       and not exists (select 1 from organisation_schools l where l.school_id = s.id)
     order by id limit 4`,
  );
  [schoolA, schoolA2, schoolB] = rows.map((row) => Number(row.id)) as [number, number, number];
  slugA = rows[0]!.slug;
  a = await partnerOf([schoolA, schoolA2]);
  b = await partnerOf([schoolB]);
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
    const image = await upload(b.browser, schoolA, "logo", {
      data: await picture(100, 100, "png"),
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
    const salesBrowser = await signedIn(sales!.email);
    const asSales = await salesBrowser.call("PUT", `/api/dashboard/partner/schools/${schoolA}`, {
      body: { about: "", video: "", city: "Paris" },
    });
    expect(asSales.statusCode).toBe(403);
    const pending = await partnerOf([], false);
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

describe("logo and banner uploads", () => {
  it("a PNG logo becomes a 256×256 WebP, served with long immutable caching", async () => {
    const response = await upload(a.browser, schoolA, "logo", {
      data: await picture(400, 200, "png"),
      filename: "logo.png",
      type: "image/png",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = SchoolImageAnswerSchema.parse(response.json());
    expect(answer.url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(answer.profile.logo).toBe(answer.url);
    expect([answer.width, answer.height]).toEqual([256, 256]);

    const image = await t.app.inject({ method: "GET", url: answer.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256, hasAlpha: true });

    await expect
      .poll(async () => {
        const detail = await t.app.inject({
          method: "GET",
          url: `/api/academics/school/detail/${slugA}`,
        });
        return SchoolSchema.parse(detail.json()).logo;
      })
      .toBe(answer.url);

    const log = await listAuditLog(t.database.db, { entity: "school", entityId: schoolA });
    expect(log.results[0]!.after).toEqual({ logo: answer.url });
    expect(log.results[0]!.before?.logo).toMatch(/^\/media\/schools\/.+\/logo\.svg$|^$/);
  });

  it("a JPEG banner becomes a 1200×400 banner and a 600×400 thumbnail, without metadata", async () => {
    const response = await upload(a.browser, schoolA2, "banner", {
      data: await picture(1600, 900, "jpeg"),
      filename: "campus.jpg",
      type: "image/jpeg",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = SchoolImageAnswerSchema.parse(response.json());
    expect([answer.width, answer.height]).toEqual([1200, 400]);
    expect(answer.profile.banner).toBe(answer.url);
    expect(answer.profile.thumbnail).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    const banner = await t.app.inject({ method: "GET", url: answer.url });
    const metadata = await sharp(banner.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1200, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(banner.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
    const thumbnail = await t.app.inject({ method: "GET", url: answer.profile.thumbnail });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      width: 600,
      height: 400,
    });
    const log = await listAuditLog(t.database.db, { entity: "school", entityId: schoolA2 });
    expect(log.results[0]!.after).toEqual({
      banner: answer.url,
      thumbnail: answer.profile.thumbnail,
    });
  });

  it("accepts WebP and GIF (the first frame)", async () => {
    for (const format of ["webp", "gif"] as const) {
      const response = await upload(a.browser, schoolA2, "logo", {
        data: await picture(120, 120, format),
        filename: `logo.${format}`,
        type: `image/${format}`,
      });
      expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
    }
  });

  it("refuses SVG, a non-image with an image's name, a tiny image and a missing file", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script><rect width="300" height="300"/></svg>',
    );
    const cases = [
      {
        file: { data: svg, filename: "logo.svg", type: "image/svg+xml" },
        message: SCHOOL_IMAGE_MESSAGES.svg,
      },
      {
        // An SVG that says it is a PNG: the bytes decide.
        file: { data: svg, filename: "logo.png", type: "image/png" },
        message: SCHOOL_IMAGE_MESSAGES.svg,
      },
      {
        file: {
          data: Buffer.from("%PDF-1.7 not a picture at all"),
          filename: "logo.png",
          type: "image/png",
        },
        message: SCHOOL_IMAGE_MESSAGES.notAnImage,
      },
      {
        // A PNG's first bytes and then nothing that decodes.
        file: {
          data: Buffer.concat([
            (await picture(200, 200, "png")).subarray(0, 40),
            Buffer.alloc(200),
          ]),
          filename: "logo.png",
          type: "image/png",
        },
        message: SCHOOL_IMAGE_MESSAGES.notAnImage,
      },
      {
        file: { data: await picture(40, 40, "png"), filename: "logo.png", type: "image/png" },
        message: SCHOOL_IMAGE_MESSAGES.tooSmall("logo"),
      },
      { file: undefined, message: SCHOOL_IMAGE_MESSAGES.missing },
    ];
    for (const { file, message } of cases) {
      const response = await upload(a.browser, schoolA, "logo", file);
      expect(response.statusCode, `${file?.filename}: ${response.body}`).toBe(400);
      const error = ApiErrorSchema.parse(response.json());
      expect(error.message).toBe(message);
      expect(error.errors?.file).toEqual([message]);
    }
    const unknownKind = await upload(a.browser, schoolA, "portrait", {
      data: await picture(100, 100, "png"),
      filename: "x.png",
      type: "image/png",
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = Buffer.concat([await picture(300, 300, "png"), Buffer.alloc(MAX_BYTES)]);
    const response = await upload(a.browser, schoolA, "banner", {
      data: big,
      filename: "huge.png",
      type: "image/png",
    });
    expect(response.statusCode).toBe(413);
    const error = ApiErrorSchema.parse(response.json());
    expect(error.message).toBe(SCHOOL_IMAGE_MESSAGES.tooLarge(MAX_BYTES));
  });

  it("404 for an unknown uploaded image", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/media/uploads/${"0".repeat(64)}.webp`,
    });
    expect(response.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/media/uploads/..%2Fsecret.webp" });
    expect(bad.statusCode).toBe(404);
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
    const data = await picture(300, 300, "png");
    const uploads = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(a.browser, schoolA2, "logo", { data, filename: "same.png", type: "image/png" }),
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
