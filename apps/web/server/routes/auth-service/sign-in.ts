// POST /signup and POST /token (password, refresh_token, pkce, id_token), as GoTrue's signup.go
// and token.go answer them, on the session rows account/* uses (docs/decisions/013-auth-service.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";

import {
  createGoogleVerifier,
  googleLogin,
  googleSignup,
  verifyGoogleCredential,
  type GoogleIdentity,
  type GoogleVerifier,
} from "@studyatlas/core/accounts/google.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { NotFoundError } from "@studyatlas/core/errors.ts";
import {
  consumeLimit,
  isKnownDevice,
  knownDeviceSubject,
  rememberDevice,
} from "@studyatlas/core/accounts/rate-limit.ts";
import { rotateRefreshToken } from "@studyatlas/core/accounts/sessions.ts";
import { authenticate, findUserByEmail, getUser } from "@studyatlas/core/accounts/users.ts";
import { assertMaySignIn, assertNotBanned } from "@studyatlas/core/auth-service/input-rules.ts";
import { assertSignUpsOpen, signUpWithPassword } from "@studyatlas/core/auth-service/sign-up.ts";
import { signUpAnonymously } from "@studyatlas/core/auth-service/anonymous-users.ts";
import { smsSettingsOf } from "@studyatlas/core/auth-service/phone-codes.ts";
import { authenticateByPhone, signUpWithPhone } from "@studyatlas/core/auth-service/phones.ts";
import { limitsOf } from "@studyatlas/core/auth-service/gotrue-settings.ts";
import { codeChallengeOf, exchangeAuthCode } from "@studyatlas/core/auth-service/flow-state.ts";
import type { AuthenticationMethod } from "@studyatlas/core/accounts/sessions.ts";
import { ValidationError } from "@studyatlas/core/errors.ts";
import {
  AuthSignUpSchema,
  AuthTokenBodySchema,
  AuthTokenQuerySchema,
} from "@studyatlas/schemas/auth-service.ts";

import { GoTrueHttpError, OAuthError } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  afterAnswer,
  clientAddress,
  mailContext,
  redirectToOf,
  sessionBody,
  startAuthSession,
  type AuthServiceOptions,
} from "./context.ts";

const CREDENTIALS_REQUIRED = "You must provide either an email or phone number and a password";

/** The amr method of a session a PKCE flow ends in, by what started the flow. */
const METHOD_OF_FLOW: Record<string, AuthenticationMethod> = {
  signup: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
  invite: "invite",
  email_change: "email_change",
  oauth: "oauth",
};

/** GoTrue's token.go: phone sign-in off is a 422 there (400 at sign-up). */
const PHONE_LOGINS_DISABLED = () =>
  new GoTrueHttpError(422, "phone_provider_disabled", "Phone logins are disabled");

type TokenBody = z.output<typeof AuthTokenBodySchema>;

/** What a grant of /token is given. */
interface Grant {
  options: AuthServiceOptions;
  request: FastifyRequest;
  reply: FastifyReply;
  body: TokenBody;
  googleVerifier: GoogleVerifier | undefined;
}

/** grant_type=password: the same check as account/token, then GoTrue's sign-in gate. */
async function passwordGrant(grant: Grant) {
  const { options, request, reply, body } = grant;
  if (body.email && body.phone) {
    throw new ValidationError(
      "Only an email address or phone number should be provided on login.",
      { code: "validation_failed" },
    );
  }
  if (body.phone) return phonePasswordGrant(grant, body.phone);
  if (!body.email || !body.password) {
    throw new ValidationError(CREDENTIALS_REQUIRED, { code: "validation_failed" });
  }
  // Per-address and per-account failure limits. No cookies under /auth/v1 (ADR 013): the owner's
  // known device (address and user agent of an earlier sign-in, ADR 039) is spared the account's
  // lock that strangers can fill, and keeps the per-address limit.
  const { db } = options.services;
  const device = knownDeviceSubject(options.auth.secret, "password", {
    account: body.email,
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  });
  const trustedUserId = (await isKnownDevice(db, device))
    ? (await findUserByEmail(db, body.email.trim().toLowerCase()))?.id
    : undefined;
  const user = await authenticate(db, {
    email: body.email,
    password: body.password,
    ip: request.ip,
    trustedUserId,
  });
  assertMaySignIn(user);
  await rememberDevice(db, device);
  return startAuthSession(options, request, reply, user, "password");
}

/** grant_type=password with a phone (ADR 064): GoTrue's phone_not_confirmed for an unconfirmed number. */
async function phonePasswordGrant({ options, request, reply, body }: Grant, phone: string) {
  if (!smsSettingsOf(options.gotrue).enabled) throw PHONE_LOGINS_DISABLED();
  if (!body.password) {
    throw new ValidationError(CREDENTIALS_REQUIRED, { code: "validation_failed" });
  }
  const user = await authenticateByPhone(options.services.db, {
    phone,
    password: body.password,
    ip: request.ip,
  });
  return startAuthSession(options, request, reply, user, "password");
}

/**
 * grant_type=refresh_token: the shared rotation; a race within the reuse interval answers the
 * session's current token, as GoTrue does, so one session keeps one chain (ADR 013).
 */
async function refreshGrant({ options, reply, body }: Grant) {
  const { db } = options.services;
  if (!body.refresh_token) throw new OAuthError("invalid_request", "refresh_token required");
  const outcome = await rotateRefreshToken(db, body.refresh_token, Date.now(), {
    onRace: "current",
    key: options.auth.secret,
  });
  if (outcome.kind !== "rotated") throw new Error("a race answers the current token");
  const user = await getUser(db, outcome.session.user.id);
  if (user) assertNotBanned(user);
  reply.header("cache-control", "no-store");
  return sessionBody(options.auth, db, outcome.session.sessionId, outcome.refreshToken);
}

/** grant_type=pkce: the auth code of a flow, with its verifier. */
async function pkceGrant({ options, request, reply, body }: Grant) {
  const { db } = options.services;
  if (!body.auth_code || !body.code_verifier) {
    throw new ValidationError(
      "invalid request: both auth code and code verifier should be non-empty",
      { code: "validation_failed" },
    );
  }
  const flow = await exchangeAuthCode(db, body.auth_code, body.code_verifier);
  const user = await getUser(db, flow.userId);
  if (!user) throw new GoTrueHttpError(404, "user_not_found", "User not found");
  const method = METHOD_OF_FLOW[flow.method] ?? "email/signup";
  return startAuthSession(options, request, reply, user, method);
}

/** grant_type=id_token: Google's, through the verifier account/google_login uses. */
async function idTokenGrant({ options, request, reply, body, googleVerifier }: Grant) {
  if (body.provider !== "google") {
    throw new ValidationError(`Custom OIDC provider "${body.provider ?? ""}" not allowed`, {
      code: "provider_disabled",
    });
  }
  if (!googleVerifier) {
    throw new ValidationError('Provider (issuer "https://accounts.google.com") is not enabled', {
      code: "provider_disabled",
    });
  }
  if (!body.id_token) {
    throw new ValidationError("id_token required", { code: "validation_failed" });
  }
  const identity = await verifyGoogleCredential(googleVerifier, body.id_token);
  const user = await googleUser(options.services.db, identity);
  assertMaySignIn(user);
  return startAuthSession(options, request, reply, user, "oauth");
}

/** grant_type=web3 (Solana, Ethereum sign-in with a wallet): off, as GoTrue says it (ADR 049). */
async function web3Grant(): Promise<never> {
  throw new GoTrueHttpError(422, "web3_provider_disabled", "Web3 provider is disabled");
}

const GRANTS: Record<string, (grant: Grant) => Promise<unknown>> = {
  web3: web3Grant,
  password: passwordGrant,
  refresh_token: refreshGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
};

export async function signInRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clientId, jwksUrl } = options.google;
  const googleVerifier = clientId ? createGoogleVerifier(clientId, jwksUrl) : undefined;

  api.post("/signup", {
    schema: {
      body: AuthSignUpSchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Sign up with e-mail and password",
    },
    handler: async (request, reply) => {
      const body = request.body;
      assertSignUpsOpen(options);
      if (body.email && body.phone) {
        throw new ValidationError(
          "Only an email address or phone number should be provided on signup.",
          { code: "validation_failed" },
        );
      }
      if (body.phone) return phoneSignUp(options, request, reply, body);
      // No e-mail, phone or password is auth-js's signInAnonymously() (ADR 062).
      if (!body.email && !body.password) {
        const anonymous = await signUpAnonymously(db, body.data ?? {}, {
          ip: clientAddress(options, request),
          gotrue: options.gotrue,
        });
        return startAuthSession(options, request, reply, anonymous, "anonymous");
      }
      if (!body.email || !body.password) {
        throw new ValidationError(CREDENTIALS_REQUIRED, { code: "validation_failed" });
      }
      const { user, send, confirmed } = await signUpWithPassword(
        db,
        {
          email: body.email,
          password: body.password,
          data: body.data ?? {},
          flow: codeChallengeOf(body),
        },
        mailContext(options, request, redirectToOf(request)),
      );
      afterAnswer(request, send);
      // GOTRUE_MAILER_AUTOCONFIRM: a session at once (ADR 049); else a user without one.
      if (confirmed) return startAuthSession(options, request, reply, confirmed, "password");
      return user;
    },
  });

  api.post("/token", {
    schema: {
      querystring: AuthTokenQuerySchema,
      body: AuthTokenBodySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Sign in or refresh: grant_type=password | refresh_token | pkce | id_token",
    },
    handler: async (request, reply) => {
      const grant = request.query.grant_type;
      const answer =
        grant !== undefined && Object.hasOwn(GRANTS, grant) ? GRANTS[grant] : undefined;
      if (!answer) {
        throw new ValidationError("unsupported_grant_type", { code: "invalid_credentials" });
      }
      // GoTrue's token bucket: every /token request from one address counts.
      await consumeLimit(db, limitsOf(options.gotrue).token, clientAddress(options, request));
      return answer({ options, request, reply, body: request.body, googleVerifier });
    },
  });
}

/** POST /signup with a phone (ADR 064): a session at once with GOTRUE_SMS_AUTOCONFIRM, else a texted code. */
async function phoneSignUp(
  options: AuthServiceOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof AuthSignUpSchema>,
) {
  if (!body.password)
    throw new ValidationError(CREDENTIALS_REQUIRED, { code: "validation_failed" });
  const { user, confirmed } = await signUpWithPhone(
    options.services.db,
    {
      phone: body.phone ?? "",
      password: body.password ?? "",
      data: body.data ?? {},
      channel: body.channel,
      codeChallenge: body.code_challenge,
    },
    { ip: clientAddress(options, request), gotrue: options.gotrue },
  );
  if (confirmed) return startAuthSession(options, request, reply, confirmed, "password");
  reply.header("cache-control", "no-store");
  return user;
}

/** GoTrue signs a new Google identity up on its first sign-in; account/google_signup is that step. */
export async function googleUser(db: Database, identity: GoogleIdentity) {
  try {
    return await googleLogin(db, identity);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return googleSignup(db, identity);
  }
}
