// Refresh races at /auth/v1 (docs/decisions/013-auth-service.md, 039-auth-service-api-clients.md):
// requests that present one refresh token at once, within the reuse interval, all answer the
// session's current token, as GoTrue does, so one session keeps one chain. Runs on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { and, eq, isNull, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { refreshTokens } from "@studyatlas/db/schema/accounts.ts";

import { confirmedUser, forgetAddressLimits, startAuthService } from "./auth-service-support.ts";
import type { TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ({ t, baseUrl } = await startAuthService());
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => forgetAddressLimits(t));

async function refresh(refreshToken: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=refresh_token",
    payload: { refresh_token: refreshToken },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function activeTokens(sessionId: string): Promise<number> {
  const rows = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  return Number(rows[0]?.count ?? 0);
}

function sessionIdOf(accessToken: string): string {
  return String(decodeJwt(accessToken).session_id);
}

describe("parallel refreshes with one token", () => {
  it("answer the same new refresh token, which refreshes in turn", async () => {
    const { session } = await confirmedUser(t, baseUrl);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refresh(session.refresh_token)),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const issued = new Set(answers.map((answer) => answer.body.refresh_token));
    expect(issued.size).toBe(1);
    const [current] = [...issued] as string[];
    expect(current).not.toBe(session.refresh_token);
    expect(await activeTokens(sessionIdOf(session.access_token))).toBe(1);

    const next = await refresh(current!);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(current);
    expect(await activeTokens(sessionIdOf(session.access_token))).toBe(1);
  });

  it("a token whose successor was exchanged in turn is a reuse: the session ends", async () => {
    const { session } = await confirmedUser(t, baseUrl);
    const first = await refresh(session.refresh_token);
    await refresh(first.body.refresh_token as string);
    const late = await refresh(session.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.error_code ?? late.body.code).toBe("refresh_token_already_used");
    expect(await activeTokens(sessionIdOf(session.access_token))).toBe(0);
  });
});
