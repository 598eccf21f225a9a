// Multi-factor authentication at /auth/v1 (GoTrue's mfa.go; docs/decisions/014-two-factor.md):
// the factor routes both doors share (routes/api/accounts/factor-handlers.ts) under /factors,
// behind GoTrue's Bearer guard, a verified code answered with GoTrue's session body. A right code
// marks the device it came from, whose wrong codes then count apart (ADR 039). The routes stay out
// of the API's OpenAPI document (auth-service.ts hides every route here).
import type { FastifyInstance, FastifyRequest } from "fastify";

import {
  isKnownDevice,
  knownDeviceSubject,
  rememberDevice,
} from "@studyatlas/core/accounts/rate-limit.ts";
import {
  challengeWebAuthnFactor,
  enrollWebAuthnFactor,
  verifyWebAuthnFactor,
} from "@studyatlas/core/accounts/mfa-webauthn.ts";
import type { WebAuthnSettings } from "@studyatlas/core/accounts/webauthn.ts";
import {
  challengePhoneFactor,
  enrollPhoneFactor,
  verifyPhoneFactor,
} from "@studyatlas/core/accounts/mfa-phone.ts";
import { smsSettingsOf } from "@studyatlas/core/auth-service/phone-codes.ts";

import {
  mfaSettingsOf,
  mountFactorRoutes,
  type FactorDoor,
  type FactorRouteDocs,
  type PhoneFactorDoor,
  type WebAuthnFactorDoor,
} from "../api/accounts/factor-handlers.ts";
import { tokenKeysOf } from "../../plugins/auth.ts";
import {
  AUTH_SERVICE_TAGS,
  bearerAuth,
  requireBearerUser,
  sessionBody,
  type AuthServiceOptions,
} from "./context.ts";

const docs = (summary: string): FactorRouteDocs => ({ tags: AUTH_SERVICE_TAGS, summary });

/**
 * The device a code comes from (ADR 039): /auth/v1 reads no cookies, so an API client is known by
 * its address and user agent once a right code came from them.
 */
function deviceOf(options: AuthServiceOptions, request: FastifyRequest, userId: number): string {
  return knownDeviceSubject(options.auth.secret, "mfa", {
    account: String(userId),
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  });
}

/**
 * WebAuthn factors (ADR 063): GoTrue's answers, each refused with GoTrue's code while its
 * GOTRUE_MFA_WEB_AUTHN_* setting is off.
 */
function webauthnDoor(options: AuthServiceOptions): WebAuthnFactorDoor {
  const { db } = options.services;
  const settings = () => options.gotrue?.webauthn ?? WEBAUTHN_OFF;
  return {
    enrol: async (_request, caller, friendlyName) =>
      enrollWebAuthnFactor(db, settings(), {
        userId: caller.user.id,
        sessionAal: caller.aal,
        friendlyName,
      }),
    challenge: async (request, caller, factorId) =>
      challengeWebAuthnFactor(db, settings(), {
        userId: caller.user.id,
        email: caller.user.email,
        factorId,
        ip: request.ip,
      }),
    verify: async (request, caller, input) =>
      verifyWebAuthnFactor(db, settings(), {
        userId: caller.user.id,
        sessionId: caller.sessionId,
        ip: request.ip,
        ...input,
      }),
  };
}

/** No relying party: every WebAuthn factor request answers GoTrue's "not enabled" codes. */
const WEBAUTHN_OFF: WebAuthnSettings = {
  rpId: "",
  rpDisplayName: "",
  rpOrigins: [],
  challengeExpiryMs: 0,
  passkeyEnabled: false,
  maxPasskeysPerUser: 0,
  mfaEnrollEnabled: false,
  mfaVerifyEnabled: false,
  rateLimitPasskey: 0,
};

/** The channel a challenge asks for (GoTrue's `channel`: sms or whatsapp). */
function channelIn(request: FastifyRequest): string | undefined {
  const channel = (request.body as { channel?: unknown } | undefined)?.channel;
  return typeof channel === "string" ? channel : undefined;
}

/** Phone factors (ADR 064): GoTrue's answers, refused while GOTRUE_MFA_PHONE_* is off. */
function phoneDoor(options: AuthServiceOptions): PhoneFactorDoor {
  const { db } = options.services;
  const settings = () => smsSettingsOf(options.gotrue);
  return {
    enrol: async (_request, caller, input) =>
      enrollPhoneFactor(db, settings(), {
        userId: caller.user.id,
        sessionAal: caller.aal,
        ...input,
      }),
    challenge: async (request, caller, factorId) =>
      challengePhoneFactor(db, settings(), {
        userId: caller.user.id,
        factorId,
        ip: request.ip,
        channel: channelIn(request),
      }),
    verify: async (request, caller, input) =>
      verifyPhoneFactor(db, settings(), {
        userId: caller.user.id,
        sessionId: caller.sessionId,
        ip: request.ip,
        ...input,
      }),
  };
}

function goTrueDoor(options: AuthServiceOptions): FactorDoor {
  const { db } = options.services;
  return {
    webauthn: webauthnDoor(options),
    phone: phoneDoor(options),
    path: "/factors",
    guard: requireBearerUser(tokenKeysOf(options.auth), options.services.db),
    caller: bearerAuth,
    answerVerified: async (request, _reply, verified) => {
      await rememberDevice(db, deviceOf(options, request, bearerAuth(request).user.id));
      return sessionBody(options.auth, db, verified.sessionId, verified.refreshToken);
    },
    failureScope: async (request, userId) => {
      const device = deviceOf(options, request, userId);
      return (await isKnownDevice(db, device)) ? device : undefined;
    },
    docs: {
      enrol: docs("Enrol a TOTP factor"),
      challenge: docs("Challenge a factor"),
      verify: docs("Verify a code: the session becomes aal2 (a new session answer)"),
      unenrol: docs("Remove a factor"),
    },
  };
}

export async function factorRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const { db, publicBaseUrl } = options.services;
  mountFactorRoutes(
    app,
    { db, mfa: mfaSettingsOf(options.auth.secret, publicBaseUrl) },
    goTrueDoor(options),
  );
}
