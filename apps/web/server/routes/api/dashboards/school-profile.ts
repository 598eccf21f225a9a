// The school profile on the partner dashboard (about, video, city, and the logo and banner, type
// and size checked and resized server-side). Partners only: a partner reaches its approved
// organisation's linked schools (another's answers 404); sales agents and students are refused
// (403; docs/decisions/037-school-profile-and-uploaded-images.md). Images come as
// multipart/form-data (`file`), are checked by decoding their bytes with sharp, and are re-encoded
// before they are stored (packages/core/src/media/uploaded-images.ts).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";

import type { AuditActor } from "@studyatlas/core/dashboards/audit-log.ts";
import {
  getSchoolProfile,
  listPartnerSchools,
  setSchoolImage,
  updateSchoolProfile,
} from "@studyatlas/core/dashboards/school-profile.ts";
import { prepareSchoolImages } from "@studyatlas/core/media/uploaded-images.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  PartnerSchoolsSchema,
  SCHOOL_IMAGE_MESSAGES,
  SchoolImageAnswerSchema,
  SchoolImageParamsSchema,
  SchoolParamsSchema,
  SchoolProfileBodySchema,
  SchoolProfileSchema,
  type SchoolProfile,
} from "@studyatlas/schemas/school-profile.ts";

import type { AppServices } from "../../../../app/context.ts";
import { HttpError } from "../../../plugins/errors.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const IMAGE_ERRORS = { ...DASHBOARD_ERRORS, 413: ApiErrorSchema, 415: ApiErrorSchema };

function actorOf(request: FastifyRequest): AuditActor {
  const user = dashboardUser(request);
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, role: user.role };
}

/** The one file of a multipart upload, whatever its declared type; the bytes decide. */
async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, "image_too_large", SCHOOL_IMAGE_MESSAGES.tooLarge(maxBytes), {
      file: [SCHOOL_IMAGE_MESSAGES.tooLarge(maxBytes)],
    });
  const missing = () =>
    new HttpError(400, "image_missing", SCHOOL_IMAGE_MESSAGES.missing, {
      file: [SCHOOL_IMAGE_MESSAGES.missing],
    });
  if (!request.isMultipart()) throw missing();
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file" && data === undefined) {
        data = await part.toBuffer();
      } else if (part.type === "file") {
        // Drained, not kept: only the first `file` counts.
        part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new HttpError(400, "invalid_body", "Send one image file in the field 'file'.");
    }
    throw new HttpError(400, "invalid_body", "The form could not be read. Please try again.");
  }
  if (!data || data.length === 0) throw missing();
  return data;
}

/**
 * The public school page and the cards show a change at once in this process; the database's
 * notice tells the others. Raised once per change (the row's updated_at moves only when a save
 * changed it): identical saves at once must not renew the finder index once each.
 */
function announceChanges(catalogueChanges: AppServices["catalogueChanges"]) {
  const announced = new LRUCache<number, string>({ max: 1000 });
  return <T>(profile: SchoolProfile, answer: T): T => {
    if (announced.get(profile.id) !== profile.updated_at) {
      announced.set(profile.id, profile.updated_at);
      catalogueChanges.raise("catalogue");
    }
    return answer;
  };
}

export async function schoolProfileRoutes(
  app: FastifyInstance,
  options: { services: AppServices; imageMaxBytes: number },
) {
  const { db, catalogueChanges } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dashboard"];
  const guard = requireRole("partner");
  const changed = announceChanges(catalogueChanges);
  await app.register(multipart, {
    limits: { fileSize: options.imageMaxBytes, files: 2, fields: 5, fieldSize: 1024, parts: 8 },
  });
  api.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  const scopeOf = (request: FastifyRequest) => approvedScope(db, request);

  api.get("/dashboard/partner/schools", {
    preValidation: guard,
    schema: {
      tags,
      summary: "The organisation's schools with their public profiles",
      response: { 200: PartnerSchoolsSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => ({ results: await listPartnerSchools(db, await scopeOf(request)) }),
  });

  api.get("/dashboard/partner/schools/:id", {
    preValidation: guard,
    schema: {
      params: SchoolParamsSchema,
      tags,
      summary: "One of the organisation's schools: about, video, city, logo, banner",
      response: { 200: SchoolProfileSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => getSchoolProfile(db, await scopeOf(request), request.params.id),
  });

  api.put("/dashboard/partner/schools/:id", {
    preValidation: guard,
    schema: {
      params: SchoolParamsSchema,
      body: SchoolProfileBodySchema,
      tags,
      summary: "Change the school's about text (plain text), YouTube video and city",
      response: { 200: SchoolProfileSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const profile = await updateSchoolProfile(
        db,
        await scopeOf(request),
        actorOf(request),
        request.params.id,
        request.body,
      );
      return changed(profile, profile);
    },
  });

  api.post("/dashboard/partner/schools/:id/images/:kind", {
    preValidation: guard,
    schema: {
      params: SchoolImageParamsSchema,
      tags,
      consumes: ["multipart/form-data"],
      summary:
        "Upload the logo or the banner (multipart field 'file': PNG, JPEG, WebP or GIF; resized and re-encoded as WebP)",
      response: { 200: SchoolImageAnswerSchema, ...IMAGE_ERRORS },
    },
    handler: async (request) => {
      // Scope first: another organisation's school answers 404 before its upload is read.
      const scope = await scopeOf(request);
      await getSchoolProfile(db, scope, request.params.id);
      const file = await uploadedFile(request, options.imageMaxBytes);
      const images = await prepareSchoolImages(file, request.params.kind);
      const { url, profile } = await setSchoolImage(
        db,
        scope,
        actorOf(request),
        request.params.id,
        request.params.kind,
        images,
      );
      return changed(profile, {
        url,
        width: images.main.width,
        height: images.main.height,
        profile,
      });
    },
  });
}
