// The two-factor routes both doors mount (docs/decisions/014-two-factor.md): enrol a TOTP factor,
// challenge it, verify a code (the session becomes aal2), remove it. The site mounts them under
// /api/account/factors (factors.ts), the auth service under /auth/v1/factors
// (routes/auth-service/factors.ts), on the same core functions and rows, so a factor enrolled at
// either door works at both. A door differs only in its adapter: the guard that reads the caller,
// its answer to a verified code, and its OpenAPI schemas; each door's own error handler gives the
// core's error codes that door's statuses and shapes.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z, ZodType } from "zod";

import { listFactors, type MfaSettings } from "@studyatlas/core/accounts/mfa.ts";
import { enrollFactor, unenrollFactor } from "@studyatlas/core/accounts/mfa-enrolment.ts";
import {
  challengeFactor,
  verifyFactor,
  type VerifiedFactor,
} from "@studyatlas/core/accounts/mfa-verification.ts";
import { ValidationError } from "@studyatlas/core/errors.ts";
import type { Database } from "@studyatlas/db/client.ts";
import {
  EnrollFactorSchema,
  FactorParamsSchema,
  GoTrueVerifyFactorSchema,
  MFA_MESSAGES,
  VerifyFactorSchema,
} from "@studyatlas/schemas/mfa.ts";

import type { RequestAuth } from "../../../plugins/auth.ts";

type Route = "enrol" | "challenge" | "verify" | "unenrol";

/** What a door documents of a route (the auth service documents none: GoTrue's are Supabase's). */
export interface FactorRouteDocs {
  tags: string[];
  summary: string;
  response?: Record<number, ZodType>;
}

export interface FactorDoor {
  /** The factors' collection: `/account/factors` or `/factors`. */
  path: string;
  /** Lets in a session, even one that still owes its code (the second step needs it). */
  guard: preValidationAsyncHookHandler;
  /** The caller's session, once the guard let it in. */
  caller(request: FastifyRequest): RequestAuth;
  /** The answer to a right code: the raised session, in the door's shape. */
  answerVerified(
    request: FastifyRequest,
    reply: FastifyReply,
    verified: VerifiedFactor,
  ): Promise<unknown>;
  /**
   * The caller's own count of wrong codes when it is a known device of the user (ADR 039):
   * strangers' wrong codes then cannot lock it out. Undefined: the factor's shared count.
   */
  failureScope?(request: FastifyRequest, userId: number): Promise<string | undefined>;
  docs: Record<Route, FactorRouteDocs>;
  /**
   * WebAuthn factors, where the door serves them (the auth service, ADR 063): enrolment,
   * challenges and answers of a factor whose type is `webauthn`; its verify body is
   * GoTrueVerifyFactorSchema. Without it, such a factor is refused (a security key has no code).
   */
  webauthn?: WebAuthnFactorDoor;
  /**
   * Phone factors, where the door serves them (the auth service, ADR 064): enrolment, a texted
   * code per challenge, its verification. Without it, a phone factor is the core's "not enabled".
   */
  phone?: PhoneFactorDoor;
}

export interface PhoneFactorDoor {
  enrol(
    request: FastifyRequest,
    caller: RequestAuth,
    input: { phone?: string | undefined; friendlyName?: string | undefined },
  ): Promise<unknown>;
  challenge(request: FastifyRequest, caller: RequestAuth, factorId: string): Promise<unknown>;
  verify(
    request: FastifyRequest,
    caller: RequestAuth,
    input: { factorId: string; challengeId: string; code: string; failureScope?: string },
  ): Promise<VerifiedFactor>;
}

export interface WebAuthnFactorDoor {
  enrol(request: FastifyRequest, caller: RequestAuth, friendlyName?: string): Promise<unknown>;
  challenge(request: FastifyRequest, caller: RequestAuth, factorId: string): Promise<unknown>;
  verify(
    request: FastifyRequest,
    caller: RequestAuth,
    input: { factorId: string; challengeId: string; webauthn: WebAuthnAnswer },
  ): Promise<VerifiedFactor>;
}

type VerifyBody = z.output<typeof GoTrueVerifyFactorSchema>;
type WebAuthnAnswer = NonNullable<VerifyBody["webauthn"]>;

/** The type of the caller's factor (undefined for an unknown one, left to the core's 404). */
async function factorTypeOf(db: Database, userId: number, factorId: string) {
  const factors = await listFactors(db, userId);
  return factors.find((factor) => factor.id === factorId)?.factor_type;
}

const CODE_REQUIRED = () =>
  new ValidationError(MFA_MESSAGES.codeRequired, {
    code: "validation_failed",
    errors: { code: [MFA_MESSAGES.codeRequired] },
  });

export interface FactorServices {
  db: Database;
  mfa: MfaSettings;
}

/** The factor settings of a server: its access-token key, and its host as the default issuer. */
export function mfaSettingsOf(authSecret: string, publicBaseUrl: string): MfaSettings {
  // GoTrue's default issuer is the site's host; the app shows it above the code.
  return { authSecret, defaultIssuer: new URL(publicBaseUrl).host };
}

/** A code (TOTP or a texted one) or a WebAuthn answer, by the factor's type. */
async function verifyByType(
  { db, mfa }: FactorServices,
  door: FactorDoor,
  request: FastifyRequest<{ Body: VerifyBody }>,
  factorId: string,
): Promise<VerifiedFactor> {
  const caller = door.caller(request);
  const { challenge_id: challengeId, code, webauthn } = request.body;
  const type = await factorTypeOf(db, caller.user.id, factorId);
  if (door.webauthn && type === "webauthn") {
    if (!webauthn) {
      throw new ValidationError("WebAuthn config required", { code: "validation_failed" });
    }
    return door.webauthn.verify(request, caller, { factorId, challengeId, webauthn });
  }
  if (code === undefined) throw CODE_REQUIRED();
  const failureScope = await door.failureScope?.(request, caller.user.id);
  const scope = failureScope ? { failureScope } : {};
  if (door.phone && type === "phone") {
    return door.phone.verify(request, caller, { factorId, challengeId, code, ...scope });
  }
  return verifyFactor(db, mfa, {
    userId: caller.user.id,
    sessionId: caller.sessionId,
    factorId,
    challengeId,
    code,
    ip: request.ip,
    ...scope,
  });
}

export function mountFactorRoutes(
  app: FastifyInstance,
  { db, mfa }: FactorServices,
  door: FactorDoor,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = door.guard;

  api.post(door.path, {
    preValidation,
    schema: { body: EnrollFactorSchema, ...door.docs.enrol },
    handler: async (request, reply) => {
      const caller = door.caller(request);
      // The secret is in this answer, once: never kept by a cache.
      reply.header("cache-control", "no-store");
      if (request.body.factor_type === "webauthn" && door.webauthn) {
        return door.webauthn.enrol(request, caller, request.body.friendly_name);
      }
      if (request.body.factor_type === "phone" && door.phone) {
        return door.phone.enrol(request, caller, {
          phone: request.body.phone,
          friendlyName: request.body.friendly_name,
        });
      }
      return enrollFactor(db, mfa, {
        userId: caller.user.id,
        email: caller.user.email,
        sessionAal: caller.aal,
        factorType: request.body.factor_type,
        friendlyName: request.body.friendly_name,
        issuer: request.body.issuer,
        phone: request.body.phone,
      });
    },
  });

  api.post(`${door.path}/:id/challenge`, {
    preValidation,
    schema: { params: FactorParamsSchema, ...door.docs.challenge },
    handler: async (request) => {
      const caller = door.caller(request);
      const type = await factorTypeOf(db, caller.user.id, request.params.id);
      if (door.webauthn && type === "webauthn") {
        return door.webauthn.challenge(request, caller, request.params.id);
      }
      if (door.phone && type === "phone") {
        return door.phone.challenge(request, caller, request.params.id);
      }
      return challengeFactor(db, {
        userId: caller.user.id,
        factorId: request.params.id,
        ip: request.ip,
      });
    },
  });

  // The site's door takes a code only; a door serving WebAuthn takes either (ADR 063).
  const verifyBody: ZodType<VerifyBody> = door.webauthn
    ? GoTrueVerifyFactorSchema
    : VerifyFactorSchema;

  api.post(`${door.path}/:id/verify`, {
    preValidation,
    schema: { params: FactorParamsSchema, body: verifyBody, ...door.docs.verify },
    handler: async (request, reply) => {
      const verified = await verifyByType({ db, mfa }, door, request, request.params.id);
      reply.header("cache-control", "no-store");
      return door.answerVerified(request, reply, verified);
    },
  });

  api.delete(`${door.path}/:id`, {
    preValidation,
    schema: { params: FactorParamsSchema, ...door.docs.unenrol },
    handler: async (request) => {
      const caller = door.caller(request);
      return unenrollFactor(db, {
        userId: caller.user.id,
        sessionAal: caller.aal,
        factorId: request.params.id,
      });
    },
  });
}
