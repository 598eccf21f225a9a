// Google sign-in and sign-up with an ID token (docs/spec/accounts-and-details.md §7
// account/google_login, account/google_signup). Off (503) while GOOGLE_CLIENT_ID is unset.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  createGoogleVerifier,
  googleLogin,
  googleSignup,
  verifyGoogleCredential,
  type GoogleVerifier,
} from "@studyatlas/core/accounts/google.ts";
import { RATE_LIMITS, consumeLimit } from "@studyatlas/core/accounts/rate-limit.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { GoogleCredentialSchema, MessageSchema } from "@studyatlas/schemas/accounts.ts";
import { SignInAnswerSchema } from "@studyatlas/schemas/mfa.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { HttpError } from "../../../plugins/errors.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { messageBody } from "../message-body.ts";
import { startSession } from "./start-session.ts";

export async function googleRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clientId, jwksUrl } = options.google;
  const verifier = clientId ? createGoogleVerifier(clientId, jwksUrl) : undefined;

  const googleVerifier = (): GoogleVerifier => {
    if (!verifier) {
      throw new HttpError(
        503,
        "google_not_configured",
        "Google sign-in is not available on this server.",
      );
    }
    return verifier;
  };

  api.post("/account/google_login", {
    schema: {
      body: GoogleCredentialSchema,
      tags: ACCOUNT_TAGS,
      summary: "Sign in with a Google ID token",
      response: {
        200: SignInAnswerSchema,
        404: ApiErrorSchema,
        503: ApiErrorSchema,
        ...ACCOUNT_ERRORS,
      },
    },
    handler: async (request, reply) => {
      const identity = await verifyGoogleCredential(googleVerifier(), request.body.credential);
      const user = await googleLogin(db, identity);
      return startSession(db, options.auth, request, reply, user, "oauth");
    },
  });

  api.post("/account/google_signup", {
    schema: {
      body: GoogleCredentialSchema,
      tags: ACCOUNT_TAGS,
      summary: "Create an account from a Google ID token (201); sign in with google_login",
      response: { 201: MessageSchema, 503: ApiErrorSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      const identity = await verifyGoogleCredential(googleVerifier(), request.body.credential);
      await consumeLimit(db, RATE_LIMITS.registerIp, request.ip);
      await googleSignup(db, identity);
      return reply.code(201).send(messageBody(MESSAGES.accountCreated));
    },
  });
}
