// Sign-in, refresh and sign-out (docs/spec/accounts-and-details.md §7 account/token,
// account/token/refresh, account/logout).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { revokeSession, rotateRefreshToken } from "@studyatlas/core/accounts/sessions.ts";
import { authenticate } from "@studyatlas/core/accounts/users.ts";
import { ConflictError, UnauthenticatedError } from "@studyatlas/core/errors.ts";
import {
  LoginSchema,
  MessageSchema,
  RefreshedSchema,
  RefreshSchema,
} from "@studyatlas/schemas/accounts.ts";
import { SignInAnswerSchema } from "@studyatlas/schemas/mfa.ts";

import {
  clearSessionCookies,
  deliverSession,
  issueAccessToken,
  trustedUserId,
} from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { messageBody } from "../message-body.ts";
import { startSession } from "./start-session.ts";

export async function tokenRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const settings = options.auth;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/account/token", {
    schema: {
      body: LoginSchema,
      tags: ACCOUNT_TAGS,
      summary: "Sign in with e-mail and password",
      response: { 200: SignInAnswerSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      const user = await authenticate(db, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        trustedUserId: trustedUserId(request, settings),
      });
      return startSession(db, settings, request, reply, user);
    },
  });

  api.post("/account/token/refresh", {
    schema: {
      body: RefreshSchema,
      tags: ACCOUNT_TAGS,
      summary: "Exchange a refresh token (body `refresh` or the cookie) for new tokens",
      response: {
        200: RefreshedSchema,
        ...ACCOUNT_ERRORS,
      },
    },
    handler: async (request, reply) => {
      const presented = request.body.refresh ?? request.cookies[settings.cookieNames.refresh];
      if (!presented) {
        throw new UnauthenticatedError("No refresh token was given.", {
          code: "invalid_refresh_token",
        });
      }
      const outcome = await rotateRefreshToken(db, presented);
      if (outcome.kind === "raced") {
        throw new ConflictError("This refresh token was just exchanged; use the newer one.", {
          code: "refresh_token_already_used",
        });
      }
      const access = await issueAccessToken(settings, outcome.session);
      return deliverSession(request, reply, settings, {
        persistent: outcome.session.persistent,
        accessToken: access.token,
        refreshToken: outcome.refreshToken,
        expiresIn: access.expiresIn,
        expiresAt: access.expiresAt,
      });
    },
  });

  api.post("/account/logout", {
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "End the current session (always 200)",
      response: { 200: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      // A session still owing its code is ended too (it is not `auth`, but it is a session).
      const session = request.auth ?? request.pendingSecondFactor;
      if (session) await revokeSession(db, session.sessionId, "logout");
      clearSessionCookies(reply, settings);
      return messageBody("You are signed out.");
    },
  });
}
