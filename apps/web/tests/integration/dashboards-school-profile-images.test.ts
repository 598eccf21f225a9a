// The school's logo and banner on the partner dashboard
// (docs/decisions/037-school-profile-and-uploaded-images.md), type and size checked and resized
// server-side, on both engines: real image bytes drawn by sharp, what is refused (SVG, a
// non-image with an image's name, an oversized file, a tiny image), the sizes the public pages
// get, the audit entry, and the public school page showing the change at once.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { ApiErrorSchema, SchoolSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  SCHOOL_IMAGE_MESSAGES,
  SchoolImageAnswerSchema,
} from "@studyatlas/schemas/school-profile.ts";

import {
  MAX_BYTES,
  schoolsAndPartners,
  type Partner,
} from "./dashboards-school-profile-support.ts";
import { drawPicture, uploadSchoolImage } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let schoolA: number;
let schoolA2: number;
let slugA: string;
let a: Partner;

beforeAll(async () => {
  t = await createTestApp({ config: { schoolImageMaxBytes: MAX_BYTES } });
  ({ schoolA, schoolA2, slugA, a } = await schoolsAndPartners(t));
});
afterAll(async () => {
  await t?.close();
});

describe("logo and banner uploads", () => {
  it("a PNG logo becomes a 256×256 WebP, served with long immutable caching", async () => {
    const response = await uploadSchoolImage(a.browser, schoolA, "logo", {
      data: await drawPicture(400, 200, "png"),
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
    const response = await uploadSchoolImage(a.browser, schoolA2, "banner", {
      data: await drawPicture(1600, 900, "jpeg"),
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
      const response = await uploadSchoolImage(a.browser, schoolA2, "logo", {
        data: await drawPicture(120, 120, format),
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
            (await drawPicture(200, 200, "png")).subarray(0, 40),
            Buffer.alloc(200),
          ]),
          filename: "logo.png",
          type: "image/png",
        },
        message: SCHOOL_IMAGE_MESSAGES.notAnImage,
      },
      {
        file: { data: await drawPicture(40, 40, "png"), filename: "logo.png", type: "image/png" },
        message: SCHOOL_IMAGE_MESSAGES.tooSmall("logo"),
      },
      { file: undefined, message: SCHOOL_IMAGE_MESSAGES.missing },
    ];
    for (const { file, message } of cases) {
      const response = await uploadSchoolImage(a.browser, schoolA, "logo", file);
      expect(response.statusCode, `${file?.filename}: ${response.body}`).toBe(400);
      const error = ApiErrorSchema.parse(response.json());
      expect(error.message).toBe(message);
      expect(error.errors?.file).toEqual([message]);
    }
    const unknownKind = await uploadSchoolImage(a.browser, schoolA, "portrait", {
      data: await drawPicture(100, 100, "png"),
      filename: "x.png",
      type: "image/png",
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = Buffer.concat([await drawPicture(300, 300, "png"), Buffer.alloc(MAX_BYTES)]);
    const response = await uploadSchoolImage(a.browser, schoolA, "banner", {
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
