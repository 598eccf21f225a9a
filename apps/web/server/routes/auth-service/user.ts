// The signed-in user (GoTrue's user.go, logout.go, identity.go, sso.go): GET and PUT /user,
// POST /logout?scope=, identity linking and unlinking, and POST /sso (no SAML here). Logout and a
// password change end the same session rows as account/logout and account/change_password.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";

import { revokeSession, revokeUserSessions } from "@studyatlas/core/accounts/sessions.ts";
import { unlinkIdentity, updateOwnUser } from "@studyatlas/core/auth-service/own-user.ts";
import { authUserOf } from "@studyatlas/core/auth-service/auth-user.ts";
import { requestPhoneChange } from "@studyatlas/core/auth-service/phones.ts";
import { ValidationError } from "@studyatlas/core/errors.ts";
import {
  AuthIdParamsSchema,
  AuthLogoutQuerySchema,
  AuthSsoSchema,
  AuthUserUpdateSchema,
} from "@studyatlas/schemas/auth-service.ts";

import { tokenKeysOf } from "../../plugins/auth.ts";
import { GoTrueHttpError } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  afterAnswer,
  authUserWithFactors,
  bearerAuth,
  clientAddress,
  currentUser,
  mailContext,
  redirectToOf,
  requireBearerUser,
  type AuthServiceOptions,
} from "./context.ts";

export async function userRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  ownUserRoutes(app, options);
  logoutRoute(app, options);
  identityRoutes(app, options);
}

/**
 * What PUT /user refuses before any change: app_metadata (an admin's), and, as GoTrue's user.go,
 * a new e-mail, phone or password from an aal1 session that owes its code.
 */
function refuseUnsupportedUpdate(
  request: FastifyRequest,
  body: Pick<
    z.output<typeof AuthUserUpdateSchema>,
    "app_metadata" | "phone" | "email" | "password"
  >,
): void {
  if (body.app_metadata !== undefined) {
    throw new GoTrueHttpError(403, "not_admin", "Updating app_metadata requires admin privileges");
  }
  const changing = body.email !== undefined || body.password !== undefined || body.phone;
  if (changing && !request.auth) {
    throw new GoTrueHttpError(
      401,
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
    );
  }
}

/** GET and PUT /user. */
function ownUserRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireBearerUser(tokenKeysOf(options.auth), options.services.db);

  api.get("/user", {
    preValidation: signedIn,
    schema: { tags: AUTH_SERVICE_TAGS, summary: "The signed-in user" },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return authUserWithFactors(db, await currentUser(db, request));
    },
  });

  api.put("/user", {
    preValidation: signedIn,
    schema: {
      body: AuthUserUpdateSchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Update the signed-in user",
    },
    handler: async (request, reply) => {
      const auth = bearerAuth(request);
      const body = request.body;
      refuseUnsupportedUpdate(request, body);
      // A new number first (ADR 064): texted before the answer, or the user's at once with
      // GOTRUE_SMS_AUTOCONFIRM; the rest of the update follows as usual.
      if (body.phone) {
        const changed = await requestPhoneChange(
          db,
          { userId: auth.user.id, phone: body.phone, channel: body.channel },
          { ip: clientAddress(options, request), gotrue: options.gotrue },
        );
        const rest = [body.email, body.password, body.nonce, body.data];
        if (rest.every((value) => value === undefined)) {
          reply.header("cache-control", "no-store");
          return authUserOf(changed);
        }
      }
      const { user, send } = await updateOwnUser(
        db,
        {
          userId: auth.user.id,
          sessionId: auth.sessionId,
          update: {
            email: body.email,
            password: body.password,
            currentPassword: body.current_password,
            nonce: body.nonce,
            data: body.data,
          },
        },
        mailContext(options, request, redirectToOf(request)),
      );
      afterAnswer(request, send);
      reply.header("cache-control", "no-store");
      return authUserOf(user);
    },
  });
}

/** POST /logout?scope=global | local | others. */
function logoutRoute(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/logout", {
    preValidation: requireBearerUser(tokenKeysOf(options.auth), options.services.db),
    schema: { querystring: AuthLogoutQuerySchema, tags: AUTH_SERVICE_TAGS, summary: "Sign out" },
    handler: async (request, reply) => {
      const auth = bearerAuth(request);
      const scope = request.query.scope ?? "global";
      if (scope === "global") await revokeUserSessions(db, auth.user.id, "logout");
      else if (scope === "local") await revokeSession(db, auth.sessionId, "logout");
      else if (scope === "others") {
        await revokeUserSessions(db, auth.user.id, "logout", auth.sessionId);
      } else {
        throw new ValidationError(`Unsupported logout scope "${scope}"`, {
          code: "validation_failed",
        });
      }
      return reply.code(204).send();
    },
  });
}

/** Identity linking (off) and unlinking, and SAML single sign-on (off). */
function identityRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireBearerUser(tokenKeysOf(options.auth), options.services.db);

  // Linking a second identity by hand needs GoTrue's manual linking, which is off here: Google is
  // linked automatically when its verified address matches (account/google_login does the same).
  api.get("/user/identities/authorize", {
    preValidation: signedIn,
    schema: { tags: AUTH_SERVICE_TAGS, summary: "Link an identity (manual linking is off)" },
    handler: async () => {
      throw new GoTrueHttpError(404, "manual_linking_disabled", "Manual linking is disabled");
    },
  });

  api.delete("/user/identities/:id", {
    preValidation: signedIn,
    schema: { params: AuthIdParamsSchema, tags: AUTH_SERVICE_TAGS, summary: "Unlink an identity" },
    handler: async (request) => {
      // GOTRUE_SECURITY_MANUAL_LINKING_ENABLED=false: GoTrue unlinks only with manual linking on.
      if (options.gotrue?.manualLinking === false) {
        throw new GoTrueHttpError(404, "manual_linking_disabled", "Manual linking is disabled");
      }
      const user = await currentUser(db, request);
      const identities = authUserOf(user).identities;
      if (identities.length <= 1) {
        throw new ValidationError("User must have at least 1 identity after unlinking", {
          code: "single_identity_not_deletable",
        });
      }
      const identity = identities.find((entry) => entry.identity_id === request.params.id);
      if (!identity) {
        throw new ValidationError("Identity doesn't exist", { code: "identity_not_found" });
      }
      await unlinkIdentity(db, user, identity.provider);
      return {};
    },
  });

  api.post("/sso", {
    schema: { body: AuthSsoSchema, tags: AUTH_SERVICE_TAGS, summary: "SAML single sign-on (off)" },
    handler: async () => {
      throw new GoTrueHttpError(404, "saml_provider_disabled", "SAML 2.0 is disabled");
    },
  });
}
