// Starting a session after a sign-in, a sign-up or a verified link: the session row, the cookies
// for browsers and the token pair for API clients (docs/decisions/006-sessions-and-tokens.md).
import type { FastifyReply, FastifyRequest } from "fastify";

import { createSession, getActiveSession } from "@studyatlas/core/accounts/sessions.ts";
import { accountSummary, type UserRow } from "@studyatlas/core/accounts/users.ts";
import type { Database } from "@studyatlas/db/client.ts";

import { issueAccessToken, setSessionCookies, type AuthSettings } from "../../../plugins/auth.ts";

export async function startSession(
  db: Database,
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
) {
  const { sessionId, refreshToken } = await createSession(db, {
    userId: user.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
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
    user: { ...accountSummary(user), profile_pic: null },
  };
}
