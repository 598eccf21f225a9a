// The catalogue at scale on the partner dashboard (docs/decisions/056-organisation-membership.md
// "Catalogue import"): preview a CSV or XLSX file of programmes (row-level errors; nothing
// written), import it (idempotent by the school's own programme code), the file's template, and
// duplicating a programme. Editors and owners; a viewer is refused (403), another organisation's
// programme answers 404.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { duplicateProgramme } from "@studyatlas/core/dashboards/programme-copy.ts";
import { commitImport, previewImport } from "@studyatlas/core/dashboards/programme-import.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  ImportConfirmQuerySchema,
  ImportPreviewSchema,
  ImportResultSchema,
  MAX_IMPORT_BYTES,
} from "@studyatlas/schemas/programme-import.ts";
import { ProgrammeDetailSchema, ProgrammeParamsSchema } from "@studyatlas/schemas/programmes.ts";

import type { AppServices } from "../../../../app/context.ts";
import { HttpError } from "../../../plugins/errors.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const tags = ["dashboard"];
const FILE_ERRORS = { ...DASHBOARD_ERRORS, 413: ApiErrorSchema };

/** An example row of the template, every column filled as the import reads it. */
const TEMPLATE_EXAMPLE = [
  "MSC-DS-01",
  "",
  "MSc Data Science",
  "A one-year master's in statistics and machine learning.",
  "Masters",
  "",
  "English",
  "1",
  "years",
  "Full-time",
  "On campus",
  "2027-09",
  "2027-06",
  "18,500",
  "EUR",
  "year",
  "Computer Science; Natural Sciences",
  "https://www.example.edu/msc-data-science",
  "no",
];

function actorOf(request: FastifyRequest) {
  const user = dashboardUser(request);
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, role: user.role };
}

/** The one file of the upload (field `file`). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const missing = () =>
    new HttpError(400, "import_missing", IMPORT_MESSAGES.missingFile, {
      file: [IMPORT_MESSAGES.missingFile],
    });
  if (!request.isMultipart()) throw missing();
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file" && data === undefined) {
        data = await part.toBuffer();
      } else if (part.type === "file") {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, "import_too_large", IMPORT_MESSAGES.tooLarge, {
        file: [IMPORT_MESSAGES.tooLarge],
      });
    }
    throw new HttpError(400, "invalid_body", "The form could not be read. Please try again.");
  }
  if (!data || data.length === 0) throw missing();
  return data;
}

export async function programmeImportRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db, catalogueChanges } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });

  api.get("/dashboard/partner/programme-import/template.csv", {
    preValidation: partner,
    schema: { tags, summary: "The import's columns as a CSV file, with one example row" },
    handler: async (request, reply) => {
      await approvedScope(db, request);
      const quote = (value: string) =>
        /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
      const header = IMPORT_COLUMNS.map((column) => IMPORT_COLUMN_LABELS[column]);
      const body = `\uFEFF${header.map(quote).join(",")}\r\n${TEMPLATE_EXAMPLE.map(quote).join(",")}\r\n`;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="studyatlas-programmes-template.csv"')
        .send(body);
    },
  });

  api.post("/dashboard/partner/programme-import/preview", {
    preValidation: partner,
    schema: {
      tags,
      summary:
        "What importing a CSV or XLSX file (multipart field `file`) would do, with row-level errors; writes nothing",
      response: { 200: ImportPreviewSchema, ...FILE_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request);
      return previewImport(db, scope, await uploadedFile(request));
    },
  });

  api.post("/dashboard/partner/programme-import", {
    preValidation: partner,
    schema: {
      querystring: ImportConfirmQuerySchema,
      tags,
      summary:
        "Import the previewed file (its `file_sha256`): new codes create programmes, known codes update them; rows with errors are skipped",
      response: { 200: ImportResultSchema, ...FILE_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request);
      const result = await commitImport(db, scope, {
        data: await uploadedFile(request),
        expectedSha256: request.query.file_sha256,
        actor: actorOf(request),
      });
      if (result.created + result.updated > 0) catalogueChanges.raise("catalogue");
      return result;
    },
  });

  api.post("/dashboard/partner/programmes/:id/duplicate", {
    preValidation: partner,
    schema: {
      params: ProgrammeParamsSchema,
      tags,
      summary: "A copy of the programme, unpublished, named '… (copy)'",
      response: { 201: ProgrammeDetailSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const scope = await approvedScope(db, request);
      const copy = await duplicateProgramme(db, scope, request.params.id, actorOf(request));
      return reply.code(201).send(copy);
    },
  });
}
