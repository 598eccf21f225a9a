// Two-factor authentication for the product (issue 12 item 4; docs/decisions/014-two-factor.md):
// enrol an authenticator app, confirm it with a code, list and remove factors, and the sign-in
// second step (challenge, then verify a code: the session becomes aal2). Paths and shapes mirror
// GoTrue's /factors so the /auth/v1 service and these routes call the same core functions.
// Cookie callers are held to the XSRF rules like every mutation (plugins/csrf.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  challengeFactor,
  enrollFactor,
  listFactors,
  unenrollFactor,
  verifyFactor,
  type MfaSettings,
} from "@studyatlas/core/accounts/mfa.ts";
import { getActiveSession } from "@studyatlas/core/accounts/sessions.ts";
import { UnauthenticatedError } from "@studyatlas/core/errors.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  ChallengeSchema,
  EnrolledFactorSchema,
  EnrollFactorSchema,
  FactorListSchema,
  FactorParamsSchema,
  FactorVerifiedSchema,
  UnenrolledSchema,
  VerifyFactorSchema,
} from "@studyatlas/schemas/mfa.ts";

import {
  anySession,
  deliverSession,
  issueAccessToken,
  requireSession,
} from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";

const FACTOR_ERRORS = {
  ...ACCOUNT_ERRORS,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  503: ApiErrorSchema,
};

export async function factorRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db, publicBaseUrl } = options.services;
  const settings = options.auth;
  const mfa: MfaSettings = {
    authSecret: settings.secret,
    // GoTrue's default issuer is the site's host; the app shows it above the code.
    defaultIssuer: new URL(publicBaseUrl).host,
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/account/factors", {
    preValidation: requireSession,
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "The caller's factors and the session's assurance levels",
      response: { 200: FactorListSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      const session = anySession(request);
      reply.header("cache-control", "no-store");
      return {
        factors: await listFactors(db, session.user.id),
        current_level: session.aal === "aal2" ? ("aal2" as const) : ("aal1" as const),
        next_level: session.nextAal,
      };
    },
  });

  api.post("/account/factors", {
    preValidation: requireSession,
    schema: {
      body: EnrollFactorSchema,
      tags: ACCOUNT_TAGS,
      summary: "Start enrolling a TOTP factor: secret, otpauth URI and QR code (SVG), shown once",
      response: { 200: EnrolledFactorSchema, ...FACTOR_ERRORS },
    },
    handler: async (request, reply) => {
      const session = anySession(request);
      reply.header("cache-control", "no-store");
      return enrollFactor(db, mfa, {
        userId: session.user.id,
        email: session.user.email,
        sessionAal: session.aal,
        factorType: request.body.factor_type,
        friendlyName: request.body.friendly_name,
        issuer: request.body.issuer,
        phone: request.body.phone,
      });
    },
  });

  api.post("/account/factors/:id/challenge", {
    preValidation: requireSession,
    schema: {
      params: FactorParamsSchema,
      tags: ACCOUNT_TAGS,
      summary: "A challenge for the factor, to verify from the same address within 5 minutes",
      response: { 200: ChallengeSchema, ...FACTOR_ERRORS },
    },
    handler: async (request) =>
      challengeFactor(db, {
        userId: anySession(request).user.id,
        factorId: request.params.id,
        ip: request.ip,
      }),
  });

  api.post("/account/factors/:id/verify", {
    preValidation: requireSession,
    schema: {
      params: FactorParamsSchema,
      body: VerifyFactorSchema,
      tags: ACCOUNT_TAGS,
      summary: "Verify a code: confirms an enrolment and raises the session to aal2",
      response: { 200: FactorVerifiedSchema, ...FACTOR_ERRORS },
    },
    handler: async (request, reply) => {
      const caller = anySession(request);
      const verified = await verifyFactor(db, mfa, {
        userId: caller.user.id,
        sessionId: caller.sessionId,
        factorId: request.params.id,
        challengeId: request.body.challenge_id,
        code: request.body.code,
        ip: request.ip,
      });
      const session = await getActiveSession(db, verified.sessionId);
      if (!session) throw new UnauthenticatedError("Your session has ended. Please sign in again.");
      const access = await issueAccessToken(settings, session);
      return {
        ...deliverSession(request, reply, settings, {
          // A dashboard browser session (no 'remember me') stays one after the code.
          persistent: session.persistent,
          accessToken: access.token,
          refreshToken: verified.refreshToken,
          expiresIn: access.expiresIn,
          expiresAt: access.expiresAt,
        }),
        aal: verified.aal,
        amr: verified.amr,
        factor: verified.factor,
      };
    },
  });

  api.delete("/account/factors/:id", {
    preValidation: requireSession,
    schema: {
      params: FactorParamsSchema,
      tags: ACCOUNT_TAGS,
      summary: "Remove a factor (aal2 needed once the account has a verified factor)",
      response: { 200: UnenrolledSchema, ...FACTOR_ERRORS },
    },
    handler: async (request) => {
      const session = anySession(request);
      return unenrollFactor(db, {
        userId: session.user.id,
        sessionAal: session.aal,
        factorId: request.params.id,
      });
    },
  });
}
