// Two-factor recovery codes at the site's door (docs/decisions/050-recovery-codes-and-real-names.md):
// how many are left, a new set (the first after two-factor is turned on, or a renewal with a fresh
// authenticator code), and the sign-in's second step with a code instead of the authenticator's.
// The /auth/v1 MFA API stays GoTrue's; these are the product's own. Cookie callers are held to the
// XSRF rules like every mutation (plugins/csrf.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { recoveryCodeUsedMessage } from "@studyatlas/core/accounts/mail-messages.ts";
import {
  issueRecoveryCodes,
  recoveryCodeStatus,
  signInWithRecoveryCode,
} from "@studyatlas/core/accounts/recovery-codes.ts";
import { getActiveSession } from "@studyatlas/core/accounts/sessions.ts";
import { UnauthenticatedError } from "@studyatlas/core/errors.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  IssueRecoveryCodesSchema,
  RecoveryCodeSchema,
  RecoveryCodeStatusSchema,
  RecoveryCodesSchema,
  RecoveryVerifiedSchema,
} from "@studyatlas/schemas/mfa.ts";

import { runAfterResponse } from "../../../plugins/after-response.ts";
import {
  anySession,
  deliverSession,
  issueAccessToken,
  requireSession,
} from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";

const ERRORS = { ...ACCOUNT_ERRORS, 404: ApiErrorSchema };

export async function recoveryCodeRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db, publicBaseUrl } = options.services;
  const settings = options.auth;
  // The codes' hashes are keyed from the access-token key, as the factors' secrets are.
  const mfa = { authSecret: settings.secret };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/account/recovery-codes", {
    preValidation: requireSession,
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "How many recovery codes are left, and whether any were issued",
      response: { 200: RecoveryCodeStatusSchema, ...ERRORS },
    },
    handler: async (request) => recoveryCodeStatus(db, anySession(request).user.id),
  });

  api.post("/account/recovery-codes", {
    preValidation: requireSession,
    schema: {
      body: IssueRecoveryCodesSchema,
      tags: ACCOUNT_TAGS,
      summary:
        "A new set of 10 recovery codes, shown once (aal2; renewing needs a fresh authenticator code)",
      response: { 200: RecoveryCodesSchema, ...ERRORS },
    },
    handler: async (request, reply) => {
      const caller = anySession(request);
      const codes = await issueRecoveryCodes(db, mfa, {
        userId: caller.user.id,
        sessionAal: caller.aal,
        ...(request.body.code ? { code: request.body.code } : {}),
      });
      reply.header("cache-control", "no-store");
      return { codes, remaining: codes.length };
    },
  });

  api.post("/account/recovery-codes/verify", {
    preValidation: requireSession,
    schema: {
      body: RecoveryCodeSchema,
      tags: ACCOUNT_TAGS,
      summary: "Sign-in's second step with a recovery code: the code is spent, the session aal2",
      response: { 200: RecoveryVerifiedSchema, ...ERRORS },
    },
    handler: async (request, reply) => {
      const caller = anySession(request);
      const verified = await signInWithRecoveryCode(db, mfa, {
        userId: caller.user.id,
        sessionId: caller.sessionId,
        code: request.body.code,
      });
      const session = await getActiveSession(db, verified.sessionId);
      if (!session) throw new UnauthenticatedError("Your session has ended. Please sign in again.");
      const access = await issueAccessToken(settings, session);
      runAfterResponse(request, () =>
        options.mailer.send(
          recoveryCodeUsedMessage(
            caller.user.email,
            caller.user.firstName,
            verified.remaining,
            new URL("/settings", publicBaseUrl).toString(),
          ),
        ),
      );
      reply.header("cache-control", "no-store");
      return {
        ...deliverSession(request, reply, settings, {
          persistent: session.persistent,
          accessToken: access.token,
          refreshToken: verified.refreshToken,
          expiresIn: access.expiresIn,
          expiresAt: access.expiresAt,
        }),
        aal: verified.aal,
        amr: verified.amr,
        remaining: verified.remaining,
      };
    },
  });
}
