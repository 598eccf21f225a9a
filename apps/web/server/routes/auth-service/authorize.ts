// GET /authorize and GET /callback: Google's redirect sign-in (GoTrue's external.go), on when both
// GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. The state parameter is a short-lived JWT
// signed with our key (what to do on return: redirect_to and the PKCE flow), so a callback cannot
// be forged or replayed into another flow. Google's ID token goes through the same verifier as
// account/google_login.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";

import { createGoogleVerifier, verifyGoogleCredential } from "@studyatlas/core/accounts/google.ts";
import { assertMaySignIn } from "@studyatlas/core/auth-service/input-rules.ts";
import { codeChallengeOf, createFlowState } from "@studyatlas/core/auth-service/flow-state.ts";
import { DomainError, ValidationError } from "@studyatlas/core/errors.ts";
import { AuthAuthorizeQuerySchema } from "@studyatlas/schemas/auth-service.ts";

import { AUTH_SERVICE_PREFIX } from "../../plugins/auth.ts";
import { GoTrueHttpError, goTrueErrorOf } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  allowedRedirect,
  redirectWithSession,
  type AuthServiceOptions,
} from "./context.ts";
import { googleUser } from "./sign-in.ts";

const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const STATE_LIFETIME_SECONDS = 10 * 60;

const CallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** The scopes asked of Google: OpenID's three, then the caller's, each once. */
function scopesOf(requested: string | undefined): string {
  return ["openid", "email", "profile", ...(requested ? requested.split(/[\s,]+/) : [])]
    .filter((scope, index, all) => scope && all.indexOf(scope) === index)
    .join(" ");
}

/** The state parameter's claims, if our key signed it within its lifetime. */
async function readState(key: Uint8Array, state: string | undefined) {
  try {
    const { payload } = await jwtVerify(state ?? "", key, { algorithms: ["HS256"] });
    return payload as Record<string, unknown>;
  } catch {
    throw new GoTrueHttpError(400, "bad_oauth_state", "OAuth state parameter is invalid");
  }
}

/** Google's ID token for the code it returned, or undefined when it answers none. */
async function exchangeCode(
  google: { tokenUrl: string; clientId: string; clientSecret: string; callbackUrl: string },
  code: string,
): Promise<string | undefined> {
  const response = await fetch(google.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: google.callbackUrl,
      grant_type: "authorization_code",
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const tokens = (await response.json()) as { id_token?: unknown };
  return response.ok && typeof tokens.id_token === "string" ? tokens.id_token : undefined;
}

export async function authorizeRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clientId, clientSecret, jwksUrl, tokenUrl } = options.google;
  const enabled = Boolean(clientId && clientSecret);
  const verifier = clientId ? createGoogleVerifier(clientId, jwksUrl) : undefined;
  const key = new TextEncoder().encode(`oauth-state:${options.auth.secret}`);
  const callbackUrl = `${options.services.publicBaseUrl}${AUTH_SERVICE_PREFIX}/callback`;

  api.get("/authorize", {
    schema: {
      querystring: AuthAuthorizeQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Start a Google sign-in",
    },
    handler: async (request, reply) => {
      const query = request.query;
      if (query.provider !== "google" || !enabled || !clientId) {
        throw new ValidationError("Unsupported provider: provider is not enabled", {
          code: "validation_failed",
        });
      }
      const redirectTo = allowedRedirect(options, query.redirect_to);
      const challenge = codeChallengeOf(query);
      const flow = challenge
        ? await createFlowState(db, {
            ...challenge,
            userId: null,
            method: "oauth",
            provider: "google",
          })
        : undefined;
      const state = await new SignJWT({ redirect_to: redirectTo, flow_state_id: flow?.id ?? null })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime(`${STATE_LIFETIME_SECONDS}s`)
        .sign(key);
      const url = new URL(GOOGLE_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: callbackUrl,
        response_type: "code",
        scope: scopesOf(query.scopes),
        state,
      }).toString();
      return reply.header("cache-control", "no-store").redirect(url.toString(), 302);
    },
  });

  api.get("/callback", {
    schema: {
      querystring: CallbackQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Google's return",
    },
    handler: async (request, reply) => {
      const state = await readState(key, request.query.state);
      const redirectTo = allowedRedirect(
        options,
        typeof state.redirect_to === "string" ? state.redirect_to : undefined,
      );
      const fail = (code: string, description: string) =>
        reply.redirect(
          `${redirectTo}#${new URLSearchParams({ error: "server_error", error_code: code, error_description: description }).toString()}`,
          303,
        );
      if (!enabled || !clientId || !clientSecret || !verifier) {
        return fail("provider_disabled", "Unsupported provider: provider is not enabled");
      }
      if (request.query.error || !request.query.code) {
        return fail(
          "bad_oauth_callback",
          request.query.error_description ?? "No code was returned",
        );
      }
      try {
        const google = { tokenUrl, clientId, clientSecret, callbackUrl };
        const idToken = await exchangeCode(google, request.query.code);
        if (!idToken) return fail("bad_oauth_callback", "Google did not return an ID token");
        const identity = await verifyGoogleCredential(verifier, idToken);
        const user = await googleUser(db, identity);
        assertMaySignIn(user);
        return await redirectWithSession(options, request, reply, {
          user,
          method: "oauth",
          flowStateId: typeof state.flow_state_id === "string" ? state.flow_state_id : null,
          redirectTo,
          extra: { provider_type: "google" },
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const mapped = goTrueErrorOf(error);
        return fail("code" in mapped ? mapped.code : "unexpected_failure", error.message);
      }
    },
  });
}
