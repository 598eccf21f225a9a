// Passkeys at /auth/v1 (GoTrue's passkey_*.go; docs/decisions/063-webauthn-and-passkeys.md):
// sign-in without a password (authentication/options and /verify, open to anyone, the options
// limited per client address), registration and management for the signed-in user, and the admin
// API's listing and removal. Everything under /passkeys answers 404 passkey_disabled unless
// GOTRUE_PASSKEY_ENABLED; the core (core/auth-service/passkeys.ts) holds the ceremonies.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { getUser } from "@studyatlas/core/accounts/users.ts";
import { consumeLimit } from "@studyatlas/core/accounts/rate-limit.ts";
import type { WebAuthnSettings } from "@studyatlas/core/accounts/webauthn.ts";
import { requireUserById } from "@studyatlas/core/auth-service/admin-users.ts";
import { assertMaySignIn } from "@studyatlas/core/auth-service/input-rules.ts";
import {
  deletePasskey,
  listPasskeys,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
  verifyPasskeyRegistration,
  verifyPasskeySignIn,
} from "@studyatlas/core/auth-service/passkeys.ts";
import {
  AdminPasskeyParamsSchema,
  PasskeyParamsSchema,
  PasskeyUpdateSchema,
  PasskeyVerifySchema,
} from "@studyatlas/schemas/passkeys.ts";
import { AuthIdParamsSchema } from "@studyatlas/schemas/auth-service.ts";

import { tokenKeysOf } from "../../plugins/auth.ts";
import { GoTrueHttpError } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  bearerAuth,
  clientAddress,
  currentUser,
  requireAdmin,
  requireBearerUser,
  startAuthSession,
  type AuthServiceOptions,
} from "./context.ts";

const tags = AUTH_SERVICE_TAGS;

const PASSKEY_NOT_FOUND = () => new GoTrueHttpError(404, "validation_failed", "Passkey not found");

/** The settings, or GoTrue's answer when passkeys are off. */
function passkeySettings(options: AuthServiceOptions): WebAuthnSettings {
  const settings = options.gotrue?.webauthn;
  if (!settings?.passkeyEnabled) {
    throw new GoTrueHttpError(404, "passkey_disabled", "Passkeys are disabled");
  }
  return settings;
}

/** Sign-in with a passkey: no session needed, the options limited per client address. */
function signInRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/passkeys/authentication/options", {
    schema: { tags, summary: "Start a passkey sign-in" },
    handler: async (request, reply) => {
      const settings = passkeySettings(options);
      await consumeLimit(
        db,
        {
          name: "auth-passkey-ip",
          max: settings.rateLimitPasskey,
          windowMs: 5 * 60_000,
          message: "Request rate limit reached",
          code: "over_request_rate_limit",
        },
        clientAddress(options, request),
      );
      reply.header("cache-control", "no-store");
      return startPasskeySignIn(db, settings);
    },
  });

  api.post("/passkeys/authentication/verify", {
    schema: { body: PasskeyVerifySchema, tags, summary: "Sign in with a passkey" },
    handler: async (request, reply) => {
      const settings = passkeySettings(options);
      const { userId } = await verifyPasskeySignIn(db, settings, {
        ...(request.body.challenge_id ? { challengeId: request.body.challenge_id } : {}),
        credential: request.body.credential,
      });
      const user = await getUser(db, userId);
      if (!user) throw new GoTrueHttpError(404, "user_not_found", "User not found");
      assertMaySignIn(user);
      return startAuthSession(options, request, reply, user, "passkey");
    },
  });
}

/** Registration and management by the signed-in user. */
function ownerRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [
    async () => void passkeySettings(options),
    requireBearerUser(options.auth.secret, db),
  ];

  api.post("/passkeys/registration/options", {
    preValidation,
    schema: { tags, summary: "Start registering a passkey" },
    handler: async (request, reply) => {
      const user = await currentUser(db, request);
      reply.header("cache-control", "no-store");
      return startPasskeyRegistration(db, passkeySettings(options), {
        userId: user.id,
        email: user.email,
        displayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        sessionAal: bearerAuth(request).aal,
      });
    },
  });

  api.post("/passkeys/registration/verify", {
    preValidation,
    schema: { body: PasskeyVerifySchema, tags, summary: "Register a passkey" },
    handler: async (request) =>
      verifyPasskeyRegistration(db, passkeySettings(options), {
        userId: bearerAuth(request).user.id,
        sessionAal: bearerAuth(request).aal,
        ...(request.body.challenge_id ? { challengeId: request.body.challenge_id } : {}),
        credential: request.body.credential,
      }),
  });

  api.get("/passkeys", {
    preValidation,
    schema: { tags, summary: "The caller's passkeys" },
    handler: async (request) => listPasskeys(db, bearerAuth(request).user.id),
  });

  api.patch("/passkeys/:passkey_id", {
    preValidation,
    schema: { params: PasskeyParamsSchema, body: PasskeyUpdateSchema, tags, summary: "Rename" },
    handler: async (request) => {
      const renamed = await renamePasskey(db, {
        userId: bearerAuth(request).user.id,
        passkeyId: request.params.passkey_id,
        friendlyName: request.body.friendly_name,
      });
      if (!renamed) throw PASSKEY_NOT_FOUND();
      return renamed;
    },
  });

  api.delete("/passkeys/:passkey_id", {
    preValidation,
    schema: { params: PasskeyParamsSchema, tags, summary: "Remove a passkey" },
    handler: async (request, reply) => {
      const auth = bearerAuth(request);
      const deleted = await deletePasskey(db, {
        userId: auth.user.id,
        passkeyId: request.params.passkey_id,
        sessionAal: auth.aal,
      });
      if (!deleted) throw PASSKEY_NOT_FOUND();
      return reply.code(204).send();
    },
  });
}

/** The admin API's view of a user's passkeys (GoTrue's passkey_admin.go). */
function adminRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(tokenKeysOf(options.auth));

  api.get("/admin/users/:id/passkeys", {
    preValidation: admin,
    schema: { params: AuthIdParamsSchema, tags, summary: "A user's passkeys" },
    handler: async (request) => listPasskeys(db, (await requireUserById(db, request.params.id)).id),
  });

  api.delete("/admin/users/:id/passkeys/:passkey_id", {
    preValidation: admin,
    schema: { params: AdminPasskeyParamsSchema, tags, summary: "Remove a user's passkey" },
    handler: async (request, reply) => {
      const user = await requireUserById(db, request.params.id);
      const deleted = await deletePasskey(db, {
        userId: user.id,
        passkeyId: request.params.passkey_id,
      });
      if (!deleted) throw PASSKEY_NOT_FOUND();
      return reply.code(204).send();
    },
  });
}

export async function passkeyRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  signInRoutes(app, options);
  ownerRoutes(app, options);
  adminRoutes(app, options);
}
