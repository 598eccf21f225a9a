// Password reset and e-mail verification links (docs/spec/accounts-and-details.md §7
// account/password_reset, password_reset_confirm, verify-email, resend-verify-email).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  confirmPasswordReset,
  requestPasswordReset,
  resendVerificationEmail,
  verifyEmail,
  type MailContext,
  type MailRequest,
} from "@studyatlas/core/accounts/recovery.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { accountSummary } from "@studyatlas/core/accounts/users.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  EmailOnlySchema,
  MessageSchema,
  PasswordResetConfirmSchema,
  ResetParamsSchema,
  TokenParamsSchema,
} from "@studyatlas/schemas/accounts.ts";
import { DASHBOARD_HOME } from "@studyatlas/schemas/dashboards.ts";
import { VerifiedLinkAnswerSchema } from "@studyatlas/schemas/mfa.ts";

import {
  clearSessionCookies,
  clearSignUpCookie,
  isCookieClient,
  signedUpHere,
} from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { runAfterResponse } from "../../../plugins/after-response.ts";
import { messageBody } from "../message-body.ts";
import { startSession } from "./start-session.ts";

/**
 * Uses the verification link, then signs in whoever may be signed in by it. Our web app: only the
 * browser that signed up with this address (its sign-up cookie); opened anywhere else the link
 * verifies the address and the visitor signs in with the password (someone else's link would
 * otherwise sign you in as them, a login CSRF). An API client holds the e-mailed secret and keeps
 * the tokens itself (no cookies).
 */
async function answerVerifiedLink(
  options: AccountRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  params: { token1: string; token2: string },
) {
  const { services, mailer } = options;
  const { db, publicBaseUrl } = services;
  const user = await verifyEmail(db, params.token1, params.token2, { mailer, publicBaseUrl });
  // A verification link must not stay in caches or history as a usable response.
  reply.header("cache-control", "no-store");
  if (!isCookieClient(request)) {
    const tokens = await startSession(db, options.auth, request, reply, user, "email/signup");
    return {
      ...tokens,
      message: MESSAGES.emailVerified,
      signed_in: true,
      redirect_to: nextPage(user.role, true),
    };
  }
  if (request.auth?.user.id !== user.id && signedUpHere(request, options.auth, user.email)) {
    clearSignUpCookie(reply, options.auth);
    const session = await startSession(db, options.auth, request, reply, user, "email/signup");
    return {
      ...session,
      message: MESSAGES.emailVerified,
      signed_in: true,
      redirect_to: nextPage(user.role, true),
    };
  }
  const signedIn = request.auth?.user.id === user.id;
  return {
    message: signedIn ? MESSAGES.emailVerified : MESSAGES.emailVerifiedSignIn,
    signed_in: signedIn,
    redirect_to: nextPage(user.role, signedIn),
    user: { ...accountSummary(user), profile_pic: null },
  };
}

/**
 * The verified visitor's next page: a student chooses interests (signed in) or meets the welcome
 * page; a partner goes to its dashboard, which says the organisation waits for approval, through
 * the partner sign-in when the link did not sign it in (docs/spec-notes.md "A partner's
 * verification link").
 */
function nextPage(role: string, signedIn: boolean): string {
  if (role === "partner") return signedIn ? DASHBOARD_HOME.partner : "/dashboard/partner/login";
  if (role === "sales") return signedIn ? DASHBOARD_HOME.sales : "/dashboard/sales/login";
  return signedIn ? "/post-sign-up" : "/welcome";
}

export async function recoveryRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { services, mailer } = options;
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Answers an e-mail request at once; the e-mail goes out after the answer (no enumeration). */
  async function answerThenMail(
    request: FastifyRequest<{ Body: { email: string } }>,
    ask: (db: Database, email: string, context: MailContext) => Promise<MailRequest>,
  ) {
    const { message, send } = await ask(db, request.body.email, {
      mailer,
      publicBaseUrl,
      ip: request.ip,
    });
    runAfterResponse(request, send);
    return messageBody(message);
  }

  api.post("/account/password_reset", {
    schema: {
      body: EmailOnlySchema,
      tags: ACCOUNT_TAGS,
      summary: "E-mail a password reset link (same answer for unknown addresses)",
      response: { 200: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => answerThenMail(request, requestPasswordReset),
  });

  api.post("/account/password_reset_confirm/:user/:token", {
    schema: {
      body: PasswordResetConfirmSchema,
      tags: ACCOUNT_TAGS,
      summary: "Set a new password with an e-mailed link; signs out everywhere",
      params: ResetParamsSchema,
      response: { 200: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      await confirmPasswordReset(
        db,
        request.params.user,
        request.params.token,
        request.body.new_password,
      );
      clearSessionCookies(reply, options.auth);
      return messageBody(MESSAGES.passwordResetSuccessful);
    },
  });

  api.get("/account/verify-email/:token1/:token2", {
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "Verify the e-mail address from the e-mailed link and sign in",
      params: TokenParamsSchema,
      response: { 200: VerifiedLinkAnswerSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => answerVerifiedLink(options, request, reply, request.params),
  });

  api.post("/account/resend-verify-email", {
    schema: {
      body: EmailOnlySchema,
      tags: ACCOUNT_TAGS,
      summary: "Send the verification e-mail again (same answer for unknown addresses)",
      response: { 200: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => answerThenMail(request, resendVerificationEmail),
  });
}
