// Two-factor authentication at the site's door (docs/decisions/014-two-factor.md): the factor
// routes both doors share (factor-handlers.ts) under /api/account/factors, and the list with the
// session's levels that only the site has. The caller may be a session that still owes its code;
// a verified code renews the session as the site delivers sessions (cookies for our web app,
// tokens in the body for API clients). Cookie callers are held to the XSRF rules like every
// mutation (plugins/csrf.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { listFactors } from "@studyatlas/core/accounts/mfa.ts";
import { getActiveSession } from "@studyatlas/core/accounts/sessions.ts";
import { UnauthenticatedError } from "@studyatlas/core/errors.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  ChallengeSchema,
  EnrolledFactorSchema,
  FactorListSchema,
  FactorVerifiedSchema,
  UnenrolledSchema,
} from "@studyatlas/schemas/mfa.ts";

import {
  anySession,
  deliverSession,
  issueAccessToken,
  requireSession,
} from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { mfaSettingsOf, mountFactorRoutes, type FactorDoor } from "./factor-handlers.ts";

const FACTOR_ERRORS = {
  ...ACCOUNT_ERRORS,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  503: ApiErrorSchema,
};

function siteDoor(options: AccountRouteOptions): FactorDoor {
  const { db } = options.services;
  const settings = options.auth;
  return {
    path: "/account/factors",
    guard: requireSession,
    caller: anySession,
    async answerVerified(request, reply, verified) {
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
    docs: {
      enrol: {
        tags: ACCOUNT_TAGS,
        summary: "Start enrolling a TOTP factor: secret, otpauth URI and QR code (SVG), shown once",
        response: { 200: EnrolledFactorSchema, ...FACTOR_ERRORS },
      },
      challenge: {
        tags: ACCOUNT_TAGS,
        summary: "A challenge for the factor, to verify from the same address within 5 minutes",
        response: { 200: ChallengeSchema, ...FACTOR_ERRORS },
      },
      verify: {
        tags: ACCOUNT_TAGS,
        summary: "Verify a code: confirms an enrolment and raises the session to aal2",
        response: { 200: FactorVerifiedSchema, ...FACTOR_ERRORS },
      },
      unenrol: {
        tags: ACCOUNT_TAGS,
        summary: "Remove a factor (aal2 needed once the account has a verified factor)",
        response: { 200: UnenrolledSchema, ...FACTOR_ERRORS },
      },
    },
  };
}

export async function factorRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db, publicBaseUrl } = options.services;
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

  mountFactorRoutes(
    app,
    { db, mfa: mfaSettingsOf(options.auth.secret, publicBaseUrl) },
    siteDoor(options),
  );
}
