// My qualifications and my eligibility (docs/decisions/054-entry-requirements-and-eligibility.md):
// the signed-in student's own qualifications (never another's: identity from the session), and
// their standing against the programmes a page shows, fetched by the page after it has hydrated
// so that the server-rendered, shared-cacheable HTML never carries it. Registered in the personal
// context: every answer is no-store.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { eligibilityForCourses } from "@studyatlas/core/eligibility/course-eligibility.ts";
import {
  readQualifications,
  saveQualifications,
} from "@studyatlas/core/eligibility/stored-requirements.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CourseEligibilityListSchema,
  EligibilityQuerySchema,
  QualificationsSchema,
} from "@studyatlas/schemas/entry-requirements.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

const EMPTY = { education: null, english_scores: [], work_years: null };

export async function eligibilityRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["eligibility"];

  api.get("/account/qualifications", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The signed-in student's qualifications (all empty until recorded)",
      response: { 200: QualificationsSchema, ...errors },
    },
    handler: async (request) => {
      const userId = Number(signedInUser(request).user.id);
      return (await readQualifications(db, userId)) ?? EMPTY;
    },
  });

  api.put("/account/qualifications", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Replace the signed-in student's qualifications (empty forgets them)",
      body: QualificationsSchema,
      response: { 200: QualificationsSchema, ...errors },
    },
    handler: async (request) => {
      const userId = Number(signedInUser(request).user.id);
      return (await saveQualifications(db, userId, request.body)) ?? EMPTY;
    },
  });

  api.get("/eligibility", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Whether the signed-in student meets these programmes' entry requirements",
      querystring: EligibilityQuerySchema,
      response: { 200: CourseEligibilityListSchema, ...errors },
    },
    handler: async (request) => {
      const userId = Number(signedInUser(request).user.id);
      return eligibilityForCourses(db, userId, request.query.course_id);
    },
  });
}
