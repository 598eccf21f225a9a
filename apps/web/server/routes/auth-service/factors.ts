// Multi-factor authentication at /auth/v1 (GoTrue's mfa.go; docs/decisions/014-two-factor.md):
// POST /factors (TOTP enrolment: secret, otpauth URI, QR code), POST /factors/{id}/challenge,
// POST /factors/{id}/verify (raises the session to aal2 and answers the new session), and
// DELETE /factors/{id}. The same core functions as the site's /api/account/factors, so a factor
// enrolled at either door works at both.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  challengeFactor,
  enrollFactor,
  unenrollFactor,
  verifyFactor,
  type MfaSettings,
} from "@studyatlas/core/accounts/mfa.ts";
import {
  EnrollFactorSchema,
  FactorParamsSchema,
  VerifyFactorSchema,
} from "@studyatlas/schemas/mfa.ts";

import {
  AUTH_SERVICE_TAGS,
  bearerAuth,
  requireBearerUser,
  sessionBody,
  type AuthServiceOptions,
} from "./context.ts";

export async function factorRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const { db, publicBaseUrl } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireBearerUser(options.auth.secret);
  const mfa: MfaSettings = {
    authSecret: options.auth.secret,
    defaultIssuer: new URL(publicBaseUrl).host,
  };
  const tags = AUTH_SERVICE_TAGS;

  api.post("/factors", {
    preValidation: signedIn,
    schema: { body: EnrollFactorSchema, tags, summary: "Enrol a TOTP factor" },
    handler: async (request, reply) => {
      const auth = bearerAuth(request);
      reply.header("cache-control", "no-store");
      return enrollFactor(db, mfa, {
        userId: auth.user.id,
        email: auth.user.email,
        sessionAal: auth.aal,
        factorType: request.body.factor_type,
        friendlyName: request.body.friendly_name,
        issuer: request.body.issuer,
        phone: request.body.phone,
      });
    },
  });

  api.post("/factors/:id/challenge", {
    preValidation: signedIn,
    schema: { params: FactorParamsSchema, tags, summary: "Challenge a factor" },
    handler: async (request) =>
      challengeFactor(db, {
        userId: bearerAuth(request).user.id,
        factorId: request.params.id,
        ip: request.ip,
      }),
  });

  api.post("/factors/:id/verify", {
    preValidation: signedIn,
    schema: {
      params: FactorParamsSchema,
      body: VerifyFactorSchema,
      tags,
      summary: "Verify a code: the session becomes aal2 (a new session answer)",
    },
    handler: async (request, reply) => {
      const auth = bearerAuth(request);
      const verified = await verifyFactor(db, mfa, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        factorId: request.params.id,
        challengeId: request.body.challenge_id,
        code: request.body.code,
        ip: request.ip,
      });
      reply.header("cache-control", "no-store");
      return sessionBody(options.auth, db, verified.sessionId, verified.refreshToken);
    },
  });

  api.delete("/factors/:id", {
    preValidation: signedIn,
    schema: { params: FactorParamsSchema, tags, summary: "Remove a factor" },
    handler: async (request) => {
      const auth = bearerAuth(request);
      return unenrollFactor(db, {
        userId: auth.user.id,
        sessionAal: auth.aal,
        factorId: request.params.id,
      });
    },
  });
}
