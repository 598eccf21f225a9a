// The catalogue import (docs/decisions/056-organisation-membership.md "Catalogue import"), on
// both engines: a preview shows row-level errors and writes nothing; the import needs the
// previewed file; it is idempotent by the school's own programme code (the same file twice
// creates nothing the second time, a changed row updates its programme); an XLSX workbook reads
// as its CSV does; duplicating a programme makes an unpublished copy; another organisation's
// programme answers 404.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { ImportPreviewSchema, ImportResultSchema } from "@studyatlas/schemas/programme-import.ts";
import { ProgrammeDetailSchema } from "@studyatlas/schemas/programmes.ts";

import type { Browser } from "./account-client.ts";
import { programmePartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.57.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
let a: ProgrammePartner;
let b: ProgrammePartner;
let lists: { programmeType: string; currency: string; discipline: string };

const HEADER =
  "Code,Name,Programme type,Duration,Duration unit,Format,Attendance,Start,Tuition fee,Currency,Fee period,Disciplines,Published";

function csvRows(count: number, options: { bad?: number[]; rename?: number } = {}): string {
  const lines = [HEADER];
  for (let i = 1; i <= count; i++) {
    const currency = options.bad?.[0] === i ? "XXX" : lists.currency;
    const duration = options.bad?.[1] === i ? "0" : "2";
    const name =
      options.rename === i
        ? `Imported Orbital Studies ${i} renamed`
        : `Imported Orbital Studies ${i}`;
    lines.push(
      [
        `ORB-${i}`,
        name,
        lists.programmeType,
        duration,
        "years",
        "Full-time",
        "On campus",
        "2027-09",
        `"18,500"`,
        currency,
        "year",
        lists.discipline,
        "yes",
      ].join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

function multipart(data: Buffer, filename: string) {
  const boundary = "----studyatlas-import-boundary";
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function send(browser: Browser, url: string, data: Buffer, filename = "programmes.csv") {
  const form = multipart(data, filename);
  return browser.call("POST", url, { body: form.body, headers: form.headers });
}

const preview = async (browser: Browser, data: Buffer, filename?: string) => {
  const answer = await send(
    browser,
    "/api/dashboard/partner/programme-import/preview",
    data,
    filename,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return ImportPreviewSchema.parse(answer.json());
};

const commit = async (browser: Browser, data: Buffer, sha: string) => {
  const answer = await send(
    browser,
    `/api/dashboard/partner/programme-import?file_sha256=${sha}`,
    data,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return ImportResultSchema.parse(answer.json());
};

async function programmesOf(schoolId: number): Promise<number> {
  const { rows } = await t.database.query<{ count: number }>(
    "select count(*)::int as count from courses where school_id = $1",
    [schoolId],
  );
  return Number(rows[0]!.count);
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await programmePartner(t, nextIp);
  b = await programmePartner(t, nextIp);
  const { rows } = await t.database.query<{
    programme_type: string;
    currency: string;
    discipline: string;
  }>(
    `select (select name from programme_types order by id limit 1) as programme_type,
            (select short_code from currencies where short_code = 'EUR') as currency,
            (select name from disciplines order by id limit 1) as discipline`,
  );
  lists = {
    programmeType: rows[0]!.programme_type,
    currency: rows[0]!.currency,
    discipline: rows[0]!.discipline,
  };
});
afterAll(async () => {
  await t?.close();
});

describe("the catalogue import", () => {
  it("previews row-level errors and writes nothing until the previewed file is imported", async () => {
    const before = await programmesOf(a.schoolId);
    const file = Buffer.from(csvRows(20, { bad: [4, 9] }));
    const shown = await preview(a.browser, file);
    expect(shown).toMatchObject({ rows: 20, create: 18, update: 0 });
    expect(shown.errors).toEqual([
      { row: 5, column: "currency", message: expect.stringContaining('"XXX"') as string },
      {
        row: 10,
        column: "duration",
        message: "Give the duration as a whole number from 1 to 1,000.",
      },
    ]);
    expect(await programmesOf(a.schoolId)).toBe(before);

    const other = Buffer.from(csvRows(3));
    const mismatched = await send(
      a.browser,
      `/api/dashboard/partner/programme-import?file_sha256=${shown.file_sha256}`,
      other,
    );
    expect(mismatched.statusCode).toBe(409);
    expect(await programmesOf(a.schoolId)).toBe(before);

    const result = await commit(a.browser, file, shown.file_sha256);
    expect(result).toMatchObject({ rows: 20, created: 18, updated: 0, unchanged: 0, skipped: 2 });
    expect(await programmesOf(a.schoolId)).toBe(before + 18);
    const { rows } = await t.database.query<{ fee: number; published: boolean }>(
      `select c.tuition_fee::float8 as fee, c.published from courses c
       join programme_codes p on p.course_id = c.id where p.school_id = $1 and p.code = 'ORB-1'`,
      [a.schoolId],
    );
    expect(rows[0]).toEqual({ fee: 18500, published: true });
  });

  it("is idempotent by the programme code: the same file again changes nothing", async () => {
    const before = await programmesOf(a.schoolId);
    const file = Buffer.from(csvRows(20, { bad: [4, 9] }));
    const shown = await preview(a.browser, file);
    expect(shown).toMatchObject({ create: 0, update: 18 });
    const again = await commit(a.browser, file, shown.file_sha256);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 18, skipped: 2 });
    expect(await programmesOf(a.schoolId)).toBe(before);

    const renamed = Buffer.from(csvRows(20, { rename: 7 }));
    const changed = await commit(
      a.browser,
      renamed,
      (await preview(a.browser, renamed)).file_sha256,
    );
    // Row 4 and 9 are fixed in this file: two new programmes, one renamed.
    expect(changed).toMatchObject({ created: 2, updated: 1, unchanged: 17, skipped: 0 });
    const { rows } = await t.database.query<{ name: string }>(
      `select c.name from courses c join programme_codes p on p.course_id = c.id
       where p.school_id = $1 and p.code = 'ORB-7'`,
      [a.schoolId],
    );
    expect(rows[0]!.name).toBe("Imported Orbital Studies 7 renamed");
  });

  it("reads an XLSX workbook as its CSV", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Programmes");
    for (const line of csvRows(20, { rename: 7 }).replace("\uFEFF", "").trim().split("\r\n")) {
      sheet.addRow(
        line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((cell) => cell.replace(/"/g, "")),
      );
    }
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const shown = await preview(a.browser, data, "programmes.xlsx");
    expect(shown).toMatchObject({ rows: 20, create: 0, update: 20, errors: [] });
    const result = await commit(a.browser, data, shown.file_sha256);
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 20 });
  });

  it("answers bad files with a clear 400, never a 500", async () => {
    const cases: [string, string][] = [
      ["", "Choose a CSV or Excel (.xlsx) file to import."],
      ["Name,Duration\r\nX,1\r\n", 'The file has no "code" column'],
      [`${HEADER}\r\n`, "This file has no programmes"],
    ];
    for (const [content, message] of cases) {
      const answer = await send(
        a.browser,
        "/api/dashboard/partner/programme-import/preview",
        Buffer.from(content),
      );
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const tooMany = Buffer.from(`${HEADER}\r\n${"X-1,Name\r\n".repeat(5001)}`);
    const refused = await send(
      a.browser,
      "/api/dashboard/partner/programme-import/preview",
      tooMany,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string }>().code).toBe("import_too_many_rows");
  });

  it("duplicates a programme unpublished, and answers 404 for another organisation's", async () => {
    const copied = await a.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${a.courseId}/duplicate`,
    );
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = ProgrammeDetailSchema.parse(copied.json());
    expect(copy.published).toBe(false);
    expect(copy.values.name).toMatch(/ \(copy\)$/);
    expect(copy.id).not.toBe(a.courseId);
    const foreign = await b.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${a.courseId}/duplicate`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
