// A partner for the dashboards' integration tests: registered through account/register_partner,
// verified, its organisation linked to `schoolIds` by a sales agent (the demo one unless given)
// and approved (unless `approve` is false), and signed in at the dashboards' door; the partners
// and the sales agent of the programme tests; and the uploads of the school profile tests.
import sharp from "sharp";
import { expect } from "vitest";

import { findUserByEmail, markEmailVerified } from "@studyatlas/core/accounts/users.ts";
import {
  decideOrganisation,
  linkSchool,
  organisationOfUser,
} from "@studyatlas/core/dashboards/organisations.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import type { TestApp } from "./test-app.ts";

export interface DashboardPartner {
  email: string;
  browser: Browser;
  organisationId: number;
}

export async function registerPartner(
  t: TestApp,
  options: {
    schoolIds: number[];
    approve?: boolean;
    /** A fresh client address per call, so the sign-in limits never interfere. */
    ip: () => string;
    firstName?: string;
    lastName?: string;
    /** The sales agent who links and approves; the demo sales agent when not given. */
    salesUserId?: number;
  },
): Promise<DashboardPartner> {
  const email = uniqueEmail("partner");
  const browser = new Browser(t.app);
  const registered = await browser.call("POST", "/api/account/register_partner", {
    body: {
      first_name: options.firstName ?? "Pat",
      last_name: options.lastName ?? "Partner",
      email,
      password: PASSWORD,
      organization: "Org",
    },
    ip: options.ip(),
  });
  expect(registered.statusCode).toBe(201);
  const user = await findUserByEmail(t.database.db, email);
  await markEmailVerified(t.database.db, user!.id);
  const organisation = await organisationOfUser(t.database.db, user!.id);
  const salesUserId =
    options.salesUserId ?? (await findUserByEmail(t.database.db, "sales@studyatlas.test"))!.id;
  for (const schoolId of options.schoolIds) {
    await linkSchool(t.database.db, {
      organisationId: organisation!.id,
      schoolId,
      salesUserId,
    });
  }
  if (options.approve ?? true) {
    await decideOrganisation(t.database.db, {
      organisationId: organisation!.id,
      status: "approved",
      salesUserId,
    });
  }
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD },
    ip: options.ip(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { email, browser, organisationId: organisation!.id };
}

/** A partner of the programme tests, with the school linked to its organisation and a programme. */
export interface ProgrammePartner extends DashboardPartner {
  schoolId: number;
  courseId: number;
}

/** A published school that no organisation speaks for yet, with one of its programmes. */
async function freeSchool(t: TestApp): Promise<{ school: number; course: number }> {
  const { rows } = await t.database.query<{ school_id: number; course_id: number }>(
    `select c.school_id, min(c.id) as course_id
     from courses c join schools s on s.id = c.school_id
     where c.published and s.published
       and not exists (select 1 from organisation_schools l where l.school_id = c.school_id)
     group by c.school_id order by c.school_id limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error("no school left without an organisation");
  return { school: Number(row.school_id), course: Number(row.course_id) };
}

/** A partner whose organisation is approved (when `approve`) and linked to a school of its own. */
export async function programmePartner(
  t: TestApp,
  ip: () => string,
  approve = true,
): Promise<ProgrammePartner> {
  const { school, course } = await freeSchool(t);
  const partner = await registerPartner(t, {
    schoolIds: [school],
    approve,
    ip,
    firstName: "Ada",
    lastName: "Editor",
  });
  return { ...partner, schoolId: school, courseId: course };
}

/** The demo sales agent approves the organisation. */
export async function approveOrganisation(t: TestApp, organisationId: number): Promise<void> {
  const sales = await findUserByEmail(t.database.db, "sales@studyatlas.test");
  await decideOrganisation(t.database.db, {
    organisationId,
    status: "approved",
    salesUserId: sales!.id,
  });
}

/** The demo sales agent, signed in at the dashboards' door. */
export async function signInSales(t: TestApp, ip: () => string): Promise<Browser> {
  const browser = new Browser(t.app);
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email: "sales@studyatlas.test", password: "Demo1234!" },
    ip: ip(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return browser;
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

/** Posts one image file (or none) to a school's logo or banner, as the browser's form does. */
export async function uploadSchoolImage(
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
export async function drawPicture(
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
