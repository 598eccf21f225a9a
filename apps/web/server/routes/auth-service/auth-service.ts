// The authentication service: a Supabase-compatible /auth/v1 (GoTrue's API) in our server, over
// the users and session rows of account/* (docs/decisions/013-auth-service.md). Its own body
// parser (1 MiB, 413; bad JSON 400 bad_json), GoTrue's error shapes (routes/auth-service/gotrue-errors.ts),
// and a JSON 404 for any other path under /auth/v1, never the HTML not-found page.
import type { FastifyInstance } from "fastify";

import { smsSettingsOf } from "@studyatlas/core/auth-service/phone-codes.ts";

import { registerJsonBodyParser } from "../../plugins/json-body.ts";
import { registerGoTrueErrorHandling } from "./gotrue-errors.ts";
import { adminRoutes } from "./admin.ts";
import { authorizeRoutes } from "./authorize.ts";
import { AUTH_SERVICE_TAGS, type AuthServiceOptions } from "./context.ts";
import { emailLinkRoutes } from "./email-links.ts";
import { factorRoutes } from "./factors.ts";
import { jwksRoutes } from "./jwks.ts";
import { passkeyRoutes } from "./passkeys.ts";
import { signInRoutes } from "./sign-in.ts";
import { userRoutes } from "./user.ts";

const CORS_EXPOSED_HEADERS = "X-Total-Count, Link, X-Supabase-Api-Version, x-sb-error-code";
const CORS_ALLOWED_HEADERS =
  "Accept, Authorization, Content-Type, X-Client-Info, X-Supabase-Api-Version, apikey";

/** Which version of GoTrue's API this answers like (GET /health). */
export const GOTRUE_COMPATIBLE_VERSION = "v2.185.0";

export async function authServiceRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  registerJsonBodyParser(app);
  registerGoTrueErrorHandling(app);
  // GoTrue's API has its own documentation; the API's OpenAPI document stays about /api.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // CORS as GoTrue answers it, for any origin: the auth service reads no cookies, so a page of
  // another site gains nothing it could not do with its own fetch (docs/decisions/013-auth-service.md).
  app.addHook("onRequest", async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", CORS_EXPOSED_HEADERS);
    if (request.method !== "OPTIONS") return;
    const asked = request.headers["access-control-request-headers"];
    const headers =
      typeof asked === "string" && /^[\w-]+(\s*,\s*[\w-]+)*$/.test(asked) && asked.length < 500
        ? asked
        : CORS_ALLOWED_HEADERS;
    return reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
      .header("access-control-allow-headers", headers)
      .header("access-control-max-age", "86400")
      .send();
  });
  app.addHook("preValidation", async (request) => {
    request.body ??= {};
  });

  app.get(
    "/health",
    { schema: { tags: AUTH_SERVICE_TAGS, summary: "GoTrue's health answer" } },
    async () => ({
      version: GOTRUE_COMPATIBLE_VERSION,
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    }),
  );

  // What auth-js and dashboards read to know which sign-in methods exist (GoTrue's settings.go).
  app.get(
    "/settings",
    { schema: { tags: AUTH_SERVICE_TAGS, summary: "Enabled sign-in methods" } },
    async () => {
      const google = Boolean(options.google.clientId);
      const sms = smsSettingsOf(options.gotrue);
      return {
        external: {
          anonymous_users: options.gotrue?.anonymousUsers ?? false,
          apple: false,
          azure: false,
          bitbucket: false,
          discord: false,
          facebook: false,
          figma: false,
          fly: false,
          github: false,
          gitlab: false,
          google,
          keycloak: false,
          kakao: false,
          linkedin: false,
          linkedin_oidc: false,
          notion: false,
          spotify: false,
          slack: false,
          slack_oidc: false,
          workos: false,
          twitch: false,
          twitter: false,
          email: true,
          phone: sms.enabled,
          zoom: false,
        },
        disable_signup: options.gotrue?.disableSignup ?? false,
        mailer_autoconfirm: options.gotrue?.autoconfirm ?? false,
        phone_autoconfirm: sms.enabled && sms.autoconfirm,
        sms_provider: sms.enabled && sms.twilio ? "twilio" : "",
        saml_enabled: false,
      };
    },
  );

  // Only the route options: the `prefix` this plugin was registered with must not nest again.
  const routeOptions = routeOptionsOf(options);
  await app.register(signInRoutes, routeOptions);
  await app.register(emailLinkRoutes, routeOptions);
  await app.register(userRoutes, routeOptions);
  await app.register(factorRoutes, routeOptions);
  await app.register(passkeyRoutes, routeOptions);
  await app.register(adminRoutes, routeOptions);
  await app.register(authorizeRoutes, routeOptions);
  await app.register(jwksRoutes, routeOptions);

  app.all("/*", { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
}

function routeOptionsOf(options: AuthServiceOptions): AuthServiceOptions {
  const { services, auth, mailer, google, redirectUrls, secureEmailChange, gotrue } = options;
  return { services, auth, mailer, google, redirectUrls, secureEmailChange, gotrue };
}
