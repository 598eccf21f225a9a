// The compare tray on the account (docs/decisions/052-my-currency-and-compare.md): the signed-in
// student's programmes to compare, so the tray follows them to another browser. A visitor's tray
// stays in the browser (localStorage) and never reaches these routes.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { getCompareTray, saveCompareTray } from "@studyatlas/core/compare/compare-tray.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { CompareTraySchema, CompareTrayUpdateSchema } from "@studyatlas/schemas/my-currency.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export async function compareTrayRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db, finderIndex } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["compare"];

  api.get("/compare/tray", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The signed-in student's compare tray (published programmes, in the order added)",
      response: { 200: CompareTraySchema, ...errors },
    },
    handler: async (request) => {
      const userId = Number(signedInUser(request).user.id);
      const tray = await getCompareTray(db, userId, finderIndex);
      return { ids: tray.map((entry) => entry.id) };
    },
  });

  api.put("/compare/tray", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Replace the compare tray (at most four programmes; unpublished ones are left out)",
      body: CompareTrayUpdateSchema,
      response: { 200: CompareTraySchema, ...errors },
    },
    handler: async (request) => {
      const userId = Number(signedInUser(request).user.id);
      return { ids: await saveCompareTray(db, userId, request.body.ids, finderIndex) };
    },
  });
}
