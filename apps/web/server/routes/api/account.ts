// Account API (accounts-and-details.md §7 "account/*"; issue 4 "API"). Handlers validate with the
// shared zod schemas, call packages/core, and manage the session cookies. Bodies are validated
// here rather than by Fastify so that `detail` carries the spec's own message (§5, §8).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { AccountError } from "@studyatlas/core/accounts/account-errors.ts";
import {
  createGoogleVerifier,
  googleLogin,
  googleSignup,
  verifyGoogleCredential,
  type GoogleVerifier,
} from "@studyatlas/core/accounts/google.ts";
import { getInterests, saveInterests } from "@studyatlas/core/accounts/interests.ts";
import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { RATE_LIMITS, consumeLimit, recordEvent } from "@studyatlas/core/accounts/rate-limit.ts";
import {
  confirmPasswordReset,
  requestPasswordReset,
  resendVerificationEmail,
  sendVerificationEmail,
  verifyEmail,
} from "@studyatlas/core/accounts/recovery.ts";
import {
  createSession,
  getActiveSession,
  revokeSession,
  rotateRefreshToken,
} from "@studyatlas/core/accounts/sessions.ts";
import {
  authenticate,
  changePassword,
  createUser,
  getAccountDetail,
  getProfilePicture,
  getPublicUser,
  getUserByReferralCode,
  updateProfile,
  type ProfilePicture,
  type UserRow,
} from "@studyatlas/core/accounts/users.ts";
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES } from "@studyatlas/schemas/account-rules.ts";
import {
  AccountDetailSchema,
  ChangePasswordSchema,
  EmailOnlySchema,
  GoogleCredentialSchema,
  LoginSchema,
  MessageSchema,
  PasswordResetConfirmSchema,
  ProfileUpdateSchema,
  PublicUserSchema,
  ReferralParamsSchema,
  RefreshSchema,
  RegisterPartnerSchema,
  RegisterSchema,
  ResetParamsSchema,
  TokenPairSchema,
  TokenParamsSchema,
  UserIdParamsSchema,
  UserInterestAnswerSchema,
  UserInterestSchema,
} from "@studyatlas/schemas/accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../app/context.ts";
import {
  REFRESH_COOKIE,
  clearSessionCookies,
  issueAccessToken,
  requireUser,
  setSessionCookies,
  signedInUser,
  type AuthSettings,
} from "../../plugins/auth.ts";

export interface AccountRouteOptions {
  services: AppServices;
  auth: AuthSettings;
  mailer: Mailer;
  google: { clientId?: string; jwksUrl: string };
}

/** Validates `value` with `schema`; a 400 whose detail is the first message (the spec's text). */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "request");
    (errors[field] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? "Invalid request.";
  throw new AccountError(400, "invalid_parameter", first, errors);
}

const message = (text: string) => ({ message: text, detail: text });

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** Magic numbers of the accepted picture types: the declared type alone is not trusted. */
function sniffImageType(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return "image/jpeg";
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString("latin1")))
    return "image/gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

const PICTURE_FIELDS = new Set(["profile_pic", "client_profile[profile_pic]"]);

/** `client_profile[address]` → `address`; `client_profile[user]`, `[id]`, `[socials]` are ignored. */
function profileFieldName(name: string): string {
  const match = /^client_profile\[(\w+)\]$/.exec(name);
  return match?.[1] ?? name;
}

export async function accountRoutes(
  app: FastifyInstance,
  options: AccountRouteOptions,
): Promise<void> {
  const { services, auth: settings, mailer } = options;
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["account"];
  let verifier: GoogleVerifier | undefined;
  if (options.google.clientId)
    verifier = createGoogleVerifier(options.google.clientId, options.google.jwksUrl);

  // Bodies carry their zod schema for the OpenAPI document, but are validated in the handlers
  // (parse above), so that the error detail is the spec's own message.
  app.setValidatorCompiler((route) =>
    route.httpPart === "body"
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
  );

  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 40, fieldSize: 4096 },
  });

  const requestMeta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });

  /** Starts a session for `user`, sets the cookies and answers the token pair. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const { sessionId, refreshToken } = await createSession(db, {
      userId: user.id,
      ...requestMeta(request),
    });
    const session = await getActiveSession(db, sessionId);
    if (!session) throw new Error("new session not found");
    const access = await issueAccessToken(settings, session);
    setSessionCookies(reply, settings, { accessToken: access.token, refreshToken });
    return {
      access: access.token,
      refresh: refreshToken,
      access_token: access.token,
      refresh_token: refreshToken,
      token_type: "bearer" as const,
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      user: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        email_verified: user.emailVerified,
        role: user.role,
        profile_pic: null,
      },
    };
  }

  api.post("/account/token", {
    schema: {
      body: LoginSchema,
      tags,
      summary: "Sign in with e-mail and password",
      response: { 200: TokenPairSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(LoginSchema, request.body);
      const user = await authenticate(db, {
        email: body.email,
        password: body.password,
        ip: request.ip,
      });
      return startSession(request, reply, user);
    },
  });

  api.post("/account/token/refresh", {
    schema: {
      body: RefreshSchema,
      tags,
      summary: "Exchange a refresh token (body `refresh` or the cookie) for new tokens",
      response: {
        200: z.object({ access: z.string(), refresh: z.string(), expires_in: z.number() }),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const body = parse(RefreshSchema, request.body);
      const presented = body.refresh ?? request.cookies[REFRESH_COOKIE];
      if (!presented)
        throw new AccountError(401, "invalid_refresh_token", "No refresh token was given.");
      const outcome = await rotateRefreshToken(db, presented);
      if (outcome.kind === "raced") {
        throw new AccountError(
          409,
          "refresh_token_already_used",
          "This refresh token was just exchanged; use the newer one.",
        );
      }
      const access = await issueAccessToken(settings, outcome.session);
      setSessionCookies(reply, settings, {
        accessToken: access.token,
        refreshToken: outcome.refreshToken,
      });
      return { access: access.token, refresh: outcome.refreshToken, expires_in: access.expiresIn };
    },
  });

  api.get("/account/detail", {
    preHandler: requireUser,
    schema: {
      tags,
      summary: "The signed-in user's account",
      response: { 200: AccountDetailSchema, ...errors },
    },
    handler: async (request) => getAccountDetail(db, signedInUser(request).user.id),
  });

  api.get("/account/get_user/:id", {
    preHandler: requireUser,
    schema: {
      tags,
      summary: "Another user's public fields (signed-in users only)",
      params: UserIdParamsSchema,
      response: { 200: PublicUserSchema, 404: ApiErrorSchema, ...errors },
    },
    handler: async (request) => getPublicUser(db, request.params.id),
  });

  api.get("/account/user/referral/:code", {
    schema: {
      tags,
      summary: "The user a referral code belongs to (public fields)",
      params: ReferralParamsSchema,
      response: { 200: PublicUserSchema, 404: ApiErrorSchema, ...errors },
    },
    handler: async (request) => getUserByReferralCode(db, request.params.code),
  });

  api.post("/account/register", {
    schema: {
      body: RegisterSchema,
      tags,
      summary: "Create a student account (201) and sign in",
      response: { 201: TokenPairSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(RegisterSchema, request.body);
      await consumeLimit(db, RATE_LIMITS.registerIp, request.ip);
      const user = await createUser(db, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
      });
      await sendVerificationEmail(db, user, { mailer, publicBaseUrl });
      // The sign-up e-mail counts towards "one e-mail per address per minute".
      await recordEvent(db, RATE_LIMITS.verificationEmailPerAddress, user.email);
      const tokens = await startSession(request, reply, user);
      return reply.code(201).send({ ...tokens, message: MESSAGES.accountCreated });
    },
  });

  api.post("/account/register_partner", {
    schema: {
      body: RegisterPartnerSchema,
      tags,
      summary: "Create a partner account (201); it signs in after verifying its e-mail",
      response: { 201: MessageSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(RegisterPartnerSchema, request.body);
      await consumeLimit(db, RATE_LIMITS.registerIp, request.ip);
      const user = await createUser(db, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
        role: "partner",
        organization: body.organization,
      });
      await sendVerificationEmail(db, user, { mailer, publicBaseUrl });
      // The sign-up e-mail counts towards "one e-mail per address per minute".
      await recordEvent(db, RATE_LIMITS.verificationEmailPerAddress, user.email);
      return reply.code(201).send(message(MESSAGES.accountCreated));
    },
  });

  api.post("/account/password_reset", {
    schema: {
      body: EmailOnlySchema,
      tags,
      summary: "E-mail a password reset link (same answer for unknown addresses)",
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request) => {
      const body = parse(EmailOnlySchema, request.body);
      return message(
        await requestPasswordReset(db, body.email, { mailer, publicBaseUrl, ip: request.ip }),
      );
    },
  });

  api.post("/account/password_reset_confirm/:user/:token", {
    schema: {
      body: PasswordResetConfirmSchema,
      tags,
      summary: "Set a new password with an e-mailed link; signs out everywhere",
      params: ResetParamsSchema,
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(PasswordResetConfirmSchema, request.body);
      await confirmPasswordReset(db, request.params.user, request.params.token, body.new_password);
      clearSessionCookies(reply, settings);
      return message(MESSAGES.passwordResetSuccessful);
    },
  });

  const googleVerifier = (): GoogleVerifier => {
    if (!verifier) {
      throw new AccountError(
        503,
        "google_not_configured",
        "Google sign-in is not available on this server.",
      );
    }
    return verifier;
  };

  api.post("/account/google_login", {
    schema: {
      body: GoogleCredentialSchema,
      tags,
      summary: "Sign in with a Google ID token",
      response: { 200: TokenPairSchema, 404: ApiErrorSchema, 503: ApiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(GoogleCredentialSchema, request.body);
      const identity = await verifyGoogleCredential(googleVerifier(), body.credential);
      const user = await googleLogin(db, identity);
      return startSession(request, reply, user);
    },
  });

  api.post("/account/google_signup", {
    schema: {
      body: GoogleCredentialSchema,
      tags,
      summary: "Create an account from a Google ID token (201); sign in with google_login",
      response: { 201: MessageSchema, 503: ApiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      const body = parse(GoogleCredentialSchema, request.body);
      const identity = await verifyGoogleCredential(googleVerifier(), body.credential);
      await consumeLimit(db, RATE_LIMITS.registerIp, request.ip);
      await googleSignup(db, identity);
      return reply.code(201).send(message(MESSAGES.accountCreated));
    },
  });

  api.get("/account/verify-email/:token1/:token2", {
    schema: {
      tags,
      summary: "Verify the e-mail address from the e-mailed link and sign in",
      params: TokenParamsSchema,
      response: { 200: TokenPairSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = await verifyEmail(db, request.params.token1, request.params.token2, {
        mailer,
        publicBaseUrl,
      });
      const tokens = await startSession(request, reply, user);
      // A verification link must not stay in caches or history as a usable response.
      reply.header("cache-control", "no-store");
      return { ...tokens, message: "Your e-mail address is verified." };
    },
  });

  api.post("/account/resend-verify-email", {
    schema: {
      body: EmailOnlySchema,
      tags,
      summary: "Send the verification e-mail again (same answer for unknown addresses)",
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request) => {
      const body = parse(EmailOnlySchema, request.body);
      return message(
        await resendVerificationEmail(db, body.email, { mailer, publicBaseUrl, ip: request.ip }),
      );
    },
  });

  api.get("/account/user_interest", {
    preHandler: requireUser,
    schema: {
      tags,
      summary: "The signed-in user's interests",
      response: { 200: UserInterestAnswerSchema, ...errors },
    },
    handler: async (request) => getInterests(db, signedInUser(request).user.id),
  });

  api.post("/account/user_interest", {
    preHandler: requireUser,
    schema: {
      body: UserInterestSchema,
      tags,
      summary: "Replace the signed-in user's interests",
      response: { 200: UserInterestAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const body = parse(UserInterestSchema, request.body);
      return saveInterests(db, signedInUser(request).user.id, body);
    },
  });

  api.post("/account/logout", {
    schema: {
      tags,
      summary: "End the current session (always 200)",
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request, reply) => {
      if (request.auth) await revokeSession(db, request.auth.sessionId, "logout");
      clearSessionCookies(reply, settings);
      return message("You are signed out.");
    },
  });

  api.patch("/account/change_password", {
    preHandler: requireUser,
    schema: {
      body: ChangePasswordSchema,
      tags,
      summary: "Change the password (needs the current one); signs out other sessions",
      response: { 200: MessageSchema, ...errors },
    },
    handler: async (request) => {
      const body = parse(ChangePasswordSchema, request.body);
      const { user, sessionId } = signedInUser(request);
      await changePassword(db, {
        userId: user.id,
        sessionId,
        oldPassword: body.old_password,
        newPassword: body.new_password,
      });
      return message(MESSAGES.passwordChanged);
    },
  });

  api.patch("/account/update_user_profile", {
    preHandler: requireUser,
    schema: {
      tags,
      summary:
        "Update the signed-in user's profile (multipart form, optional profile_pic image up to 2 MB)",
      response: { 200: AccountDetailSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const fields: Record<string, string> = {};
      let picture: ProfilePicture | undefined;
      if (request.isMultipart()) {
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              const data = await part.toBuffer();
              if (!PICTURE_FIELDS.has(part.fieldname) || data.length === 0) continue;
              const contentType = sniffImageType(data);
              if (!contentType) {
                throw new AccountError(
                  415,
                  "unsupported_image",
                  "The profile picture must be a JPEG, PNG, WebP or GIF image.",
                  {
                    profile_pic: ["must be a JPEG, PNG, WebP or GIF image"],
                  },
                );
              }
              picture = { contentType, data };
            } else if (typeof part.value === "string") {
              fields[profileFieldName(part.fieldname)] = part.value;
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === "FST_REQ_FILE_TOO_LARGE") {
            throw new AccountError(
              413,
              "image_too_large",
              "The profile picture must be at most 2 MB.",
              {
                profile_pic: ["must be at most 2 MB"],
              },
            );
          }
          if (code?.startsWith("FST_")) {
            throw new AccountError(
              400,
              "invalid_body",
              "The form could not be read. Please try again.",
            );
          }
          throw error;
        }
      } else if (request.body && typeof request.body === "object") {
        for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
          if (value === null) fields[key] = "";
          else if (typeof value === "string" || typeof value === "number")
            fields[key] = String(value);
        }
      }
      const update = parse(ProfileUpdateSchema, fields);
      return updateProfile(db, user.id, update, picture);
    },
  });

  api.get("/account/profile_pic/:id", {
    // Signed-in users only, like the public fields that link to it (get_user).
    preHandler: requireUser,
    schema: { tags, summary: "A user's profile picture", params: UserIdParamsSchema, hide: true },
    handler: async (request, reply) => {
      const picture = await getProfilePicture(db, request.params.id);
      if (!picture) throw new AccountError(404, "not_found", "This user has no profile picture.");
      return reply
        .header("cache-control", "private, max-age=86400")
        .header("content-security-policy", "default-src 'none'")
        .type(picture.contentType)
        .send(picture.data);
    },
  });
}
