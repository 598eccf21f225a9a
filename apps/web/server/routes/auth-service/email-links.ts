// E-mailed codes and links (GoTrue's otp.go, verify.go, resend.go, recover.go, reauthenticate.go):
// POST /otp, POST and GET /verify, POST /resend, POST /recover, GET /reauthenticate. Requests that
// name an address answer `{}` whether or not it has an account, and send mail after answering.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  requestEmailOtp,
  requestReauthentication,
  requestRecovery,
  resendConfirmation,
} from "@studyatlas/core/auth-service/email-requests.ts";
import {
  SINGLE_CONFIRMATION_ACCEPTED,
  verifyOneTimeToken,
  VERIFY_TYPES,
  type VerifyType,
} from "@studyatlas/core/auth-service/verify-token.ts";
import { codeChallengeOf } from "@studyatlas/core/auth-service/flow-state.ts";
import { smsSettingsOf } from "@studyatlas/core/auth-service/phone-codes.ts";
import { requestPhoneOtp, resendPhoneCode } from "@studyatlas/core/auth-service/phones.ts";
import { verifyPhoneCode } from "@studyatlas/core/auth-service/phone-verify.ts";
import { DomainError, ValidationError } from "@studyatlas/core/errors.ts";
import {
  AuthOtpSchema,
  AuthRecoverSchema,
  AuthRedirectQuerySchema,
  AuthResendSchema,
  AuthVerifyQuerySchema,
  AuthVerifySchema,
} from "@studyatlas/schemas/auth-service.ts";

import { tokenKeysOf } from "../../plugins/auth.ts";
import { GoTrueHttpError, goTrueErrorOf } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  afterAnswer,
  clientAddress,
  allowedRedirect,
  mailContext,
  redirectToOf,
  redirectWithSession,
  requireBearerUser,
  bearerAuth,
  startAuthSession,
  type AuthServiceOptions,
} from "./context.ts";

type PhoneType = "sms" | "phone_change";

function isPhoneType(type: string | undefined): type is PhoneType {
  return type === "sms" || type === "phone_change";
}

const PHONE_DISABLED = () =>
  new GoTrueHttpError(400, "phone_provider_disabled", "Unsupported phone provider");

function verifyTypeOf(type: string | undefined): VerifyType {
  if (isPhoneType(type)) throw PHONE_DISABLED();
  if (!type || !Object.hasOwn(VERIFY_TYPES, type)) {
    throw new ValidationError(`Verify requires a verification type`, {
      code: "validation_failed",
    });
  }
  return type as VerifyType;
}

export async function emailLinkRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  otpRoute(app, options);
  verifyRoutes(app, options);
  resendAndRecoverRoutes(app, options);
}

/** POST /otp: a code and magic link (or a sign-up confirmation) to the address. */
function otpRoute(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/otp", {
    schema: {
      body: AuthOtpSchema,
      querystring: AuthRedirectQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "E-mail a one-time code and magic link",
    },
    handler: async (request) => {
      const body = request.body;
      if (body.email && body.phone) {
        throw new ValidationError("Only an email address or phone number should be provided", {
          code: "validation_failed",
        });
      }
      if (body.phone) {
        // A texted code (ADR 064), sent before the answer as GoTrue sends it.
        return requestPhoneOtp(
          db,
          {
            phone: body.phone,
            createUser: body.create_user ?? true,
            data: body.data ?? {},
            channel: body.channel,
          },
          { ip: clientAddress(options, request), gotrue: options.gotrue },
        );
      }
      if (!body.email) {
        throw new ValidationError("An email address or phone number is required", {
          code: "validation_failed",
        });
      }
      const send = await requestEmailOtp(
        db,
        {
          email: body.email,
          createUser: body.create_user ?? true,
          data: body.data ?? {},
          flow: codeChallengeOf(body),
        },
        mailContext(options, request, request.query.redirect_to),
      );
      afterAnswer(request, send);
      return {};
    },
  });
}

/**
 * A failed link, as GoTrue's verifyGet answers it: back to redirect_to with the error in the
 * fragment. Errors that are not the caller's (a server fault) and OAuth errors are thrown on.
 */
function redirectWithError(reply: FastifyReply, redirectTo: string, error: unknown) {
  if (!(error instanceof DomainError) && !(error instanceof GoTrueHttpError)) throw error;
  const mapped = goTrueErrorOf(error);
  if ("oauth" in mapped) throw error;
  const fragment = new URLSearchParams({
    error: mapped.status === 403 ? "access_denied" : "invalid_request",
    error_code: mapped.code,
    error_description:
      mapped.code === "otp_expired" ? "Email link is invalid or has expired" : mapped.message,
  });
  return reply.redirect(`${redirectTo.split("#")[0]}#${fragment.toString()}`, 303);
}

/**
 * Where the first link of a secure e-mail change sends the browser (GoTrue's prepRedirectURL): the
 * message in the fragment, and in the query too for a PKCE flow.
 */
function singleConfirmationRedirect(redirectTo: string, flowStateId: string | null): string {
  const url = new URL(redirectTo.split("#")[0]!);
  if (flowStateId) url.searchParams.set("message", SINGLE_CONFIRMATION_ACCEPTED);
  url.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: "" }).toString();
  return url.toString();
}

/** POST /verify (a code or link token, answered with a session) and GET /verify (the link). */
function verifyRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/verify", {
    schema: {
      body: AuthVerifySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Verify a code or link token",
    },
    handler: async (request, reply) => {
      const body = request.body;
      if (isPhoneType(body.type)) {
        if (!body.phone || !body.token) {
          if (!smsSettingsOf(options.gotrue).enabled) throw PHONE_DISABLED();
          throw new ValidationError("Verify requires a phone number and a token", {
            code: "validation_failed",
          });
        }
        const user = await verifyPhoneCode(
          db,
          { type: body.type, phone: body.phone, code: body.token },
          { ip: clientAddress(options, request), gotrue: options.gotrue },
        );
        return startAuthSession(options, request, reply, user, "otp");
      }
      const type = verifyTypeOf(body.type);
      if (body.phone && !body.email && !body.token_hash) throw PHONE_DISABLED();
      if (!body.token_hash && !(body.token && body.email)) {
        throw new ValidationError("Verify requires either a token or a token hash", {
          code: "validation_failed",
        });
      }
      const verified = await verifyOneTimeToken(
        db,
        { type, tokenHash: body.token_hash, code: body.token, email: body.email },
        clientAddress(options, request),
        mailContext(options, request, undefined),
      );
      afterAnswer(request, verified.send);
      // The first address of a secure e-mail change: no session yet (GoTrue's verifyPost).
      if (verified.awaitingOtherAddress) {
        reply.header("cache-control", "no-store");
        return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" };
      }
      return startAuthSession(options, request, reply, verified.user, verified.method);
    },
  });

  // The link in the e-mail: verifies, then sends the browser to redirect_to with the session in
  // the fragment (implicit flow) or an auth code in the query (PKCE), as GoTrue's verifyGet does.
  api.get("/verify", {
    schema: {
      querystring: AuthVerifyQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Follow an e-mailed link",
    },
    handler: async (request, reply) => {
      const { token, type, redirect_to: requested } = request.query;
      const redirectTo = allowedRedirect(options, requested);
      reply.header("cache-control", "no-store");
      try {
        const verifyType = verifyTypeOf(type);
        if (!token) {
          throw new ValidationError("Verify requires a token", { code: "validation_failed" });
        }
        const verified = await verifyOneTimeToken(
          db,
          { type: verifyType, tokenHash: token },
          clientAddress(options, request),
          mailContext(options, request, requested),
        );
        afterAnswer(request, verified.send);
        if (verified.awaitingOtherAddress) {
          return reply.redirect(singleConfirmationRedirect(redirectTo, verified.flowStateId), 303);
        }
        return await redirectWithSession(options, request, reply, {
          user: verified.user,
          method: verified.method,
          flowStateId: verified.flowStateId,
          redirectTo,
          extra: { type: verifyType },
        });
      } catch (error) {
        return redirectWithError(reply, redirectTo, error);
      }
    },
  });
}

/** POST /resend, POST /recover and GET /reauthenticate. */
function resendAndRecoverRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/resend", {
    schema: {
      body: AuthResendSchema,
      querystring: AuthRedirectQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "Send a sign-up or e-mail-change confirmation again",
    },
    handler: async (request) => {
      const body = request.body;
      if (isPhoneType(body.type)) {
        if (body.email) {
          throw new ValidationError("Only an email address or phone number should be provided.", {
            code: "validation_failed",
          });
        }
        if (!body.phone) {
          throw new ValidationError("Type provided requires a phone number", {
            code: "validation_failed",
          });
        }
        return resendPhoneCode(
          db,
          { type: body.type, phone: body.phone },
          { ip: clientAddress(options, request), gotrue: options.gotrue },
        );
      }
      if (body.type !== "signup" && body.type !== "email_change") {
        throw new ValidationError(
          "Missing one of these types: signup, email_change, sms, phone_change",
          {
            code: "validation_failed",
          },
        );
      }
      if (!body.email) {
        throw new ValidationError("Type provided requires an email address", {
          code: "validation_failed",
        });
      }
      const send = await resendConfirmation(
        db,
        { type: body.type, email: body.email, flow: codeChallengeOf(body) },
        mailContext(options, request, request.query.redirect_to),
      );
      afterAnswer(request, send);
      return {};
    },
  });

  api.post("/recover", {
    schema: {
      body: AuthRecoverSchema,
      querystring: AuthRedirectQuerySchema,
      tags: AUTH_SERVICE_TAGS,
      summary: "E-mail a password recovery code and link",
    },
    handler: async (request) => {
      const body = request.body;
      if (!body.email) {
        throw new ValidationError("Password recovery requires an email", {
          code: "validation_failed",
        });
      }
      const send = await requestRecovery(
        db,
        { email: body.email, flow: codeChallengeOf(body) },
        mailContext(options, request, request.query.redirect_to),
      );
      afterAnswer(request, send);
      return {};
    },
  });

  api.get("/reauthenticate", {
    preValidation: requireBearerUser(tokenKeysOf(options.auth), options.services.db),
    schema: { tags: AUTH_SERVICE_TAGS, summary: "E-mail a nonce for a password change" },
    handler: async (request) => {
      const auth = bearerAuth(request);
      const send = await requestReauthentication(
        db,
        auth.user.id,
        mailContext(options, request, redirectToOf(request)),
      );
      afterAnswer(request, send);
      return {};
    },
  });
}
