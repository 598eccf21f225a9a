// The signed-in user's study interests (docs/spec/accounts-and-details.md §7 account/user_interest).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { getInterests, saveInterests } from "@studyatlas/core/accounts/interests.ts";
import { UserInterestAnswerSchema, UserInterestSchema } from "@studyatlas/schemas/accounts.ts";

import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";

export async function interestRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/account/user_interest", {
    preValidation: requireUser,
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "The signed-in user's interests",
      response: { 200: UserInterestAnswerSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => getInterests(db, signedInUser(request).user.id),
  });

  api.post("/account/user_interest", {
    preValidation: requireUser,
    schema: {
      body: UserInterestSchema,
      tags: ACCOUNT_TAGS,
      summary: "Replace the signed-in user's interests",
      response: { 200: UserInterestAnswerSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => saveInterests(db, signedInUser(request).user.id, request.body),
  });
}
