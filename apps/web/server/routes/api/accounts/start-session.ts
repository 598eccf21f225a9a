// Starting a session after a sign-in, a sign-up or a verified link: the session row, the cookies
// for our web app or the token pair for API clients (plugins/auth.ts deliverSession) (docs/decisions/006-sessions-and-tokens.md).
// A user with a verified factor gets an aal1 session that owes a code: the answer says so in
// `mfa` (docs/decisions/014-two-factor.md); the session is not signed in until the code is given.
import type { FastifyReply, FastifyRequest } from "fastify";

import { secondFactorOwed } from "@studyatlas/core/accounts/mfa.ts";
import {
  createSession,
  getActiveSession,
  type AuthenticationMethod,
} from "@studyatlas/core/accounts/sessions.ts";
import { accountSummary, type UserRow } from "@studyatlas/core/accounts/users.ts";
import type { Database } from "@studyatlas/db/client.ts";

import {
  deliverSession,
  isCookieClient,
  issueAccessToken,
  setDeviceCookie,
  type AuthSettings,
} from "../../../plugins/auth.ts";

export async function startSession(
  db: Database,
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  /** The token's amr (docs/decisions/013-auth-service.md): password unless said. */
  method: AuthenticationMethod = "password",
  options: { persistent?: boolean } = {},
) {
  const { sessionId, refreshToken } = await createSession(db, {
    userId: user.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    method,
    persistent: options.persistent ?? true,
  });
  const session = await getActiveSession(db, sessionId);
  if (!session) throw new Error("new session not found");
  const access = await issueAccessToken(settings, session);
  if (isCookieClient(request)) setDeviceCookie(reply, settings, user.id);
  const mfa = await secondFactorOwed(db, user.id);
  return {
    ...deliverSession(request, reply, settings, {
      persistent: session.persistent,
      accessToken: access.token,
      refreshToken,
      expiresIn: access.expiresIn,
      expiresAt: access.expiresAt,
    }),
    user: { ...accountSummary(user), profile_pic: null },
    ...(mfa ? { mfa } : {}),
  };
}
