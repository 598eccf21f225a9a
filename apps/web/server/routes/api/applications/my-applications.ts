// The student's own applications (docs/decisions/057-student-loop.md): the list /applications
// shows, the programme page's "You applied" question, and the saved applicant profile. Cookie or
// Bearer, under the usual XSRF rules; every answer is the session user's own and never cached.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  applicationForCourse,
  getApplicantProfile,
  listMyApplications,
  saveApplicantProfile,
} from "@studyatlas/core/applications/my-applications.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  ApplicantProfileSchema,
  ApplicationForCourseSchema,
  CourseIdParamsSchema,
  MyApplicationsSchema,
  PROFILE_MESSAGES,
  SavedProfileSchema,
} from "@studyatlas/schemas/my-applications.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const tags = ["applications"];

export async function myApplicationRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/applications", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The caller's applications, newest first, with the status the school set",
      response: { 200: MyApplicationsSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const [results, profile] = await Promise.all([
        listMyApplications(db, user.id),
        getApplicantProfile(db, user.id),
      ]);
      return { results, profile };
    },
  });

  api.get("/applications/for-course/:courseId", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Whether the caller applied to a programme, and the profile the form starts with",
      params: CourseIdParamsSchema,
      response: { 200: ApplicationForCourseSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return applicationForCourse(db, user.id, request.params.courseId);
    },
  });

  api.put("/applications/profile", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Save the caller's applicant profile (it prefills the next application)",
      body: ApplicantProfileSchema,
      response: { 200: SavedProfileSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const profile = await saveApplicantProfile(db, user.id, request.body);
      return { message: PROFILE_MESSAGES.saved, profile };
    },
  });
}
