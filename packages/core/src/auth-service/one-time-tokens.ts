// One-time tokens of the auth service (GoTrue's one_time_tokens): each e-mail carries a 6-digit
// code (for verifyOtp with the address) and a link token (token_hash), both stored only as SHA-256.
// Issuing a new token of a type retires the user's older ones of that type; a token works once,
// until it expires (docs/decisions/013-auth-service.md).
import { randomInt } from "node:crypto";

import { and, eq, gt, inArray, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { oneTimeTokens, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";

import { randomToken, sha256 } from "../accounts/secrets.ts";

/** How long an e-mailed code or link works: GoTrue's MAILER_OTP_EXP, kept at one hour here. */
export const ONE_TIME_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface IssuedOneTimeToken {
  /** Six digits, for verifyOtp({ email, token }). */
  code: string;
  /** For links: verify?token_hash=... */
  tokenHash: string;
}

function codeHashOf(address: string, code: string): string {
  return sha256(`${address.trim().toLowerCase()}:${code}`);
}

export async function issueOneTimeToken(
  db: Database,
  input: {
    userId: number;
    type: OneTimeTokenType;
    address: string;
    flowStateId?: string | undefined;
  },
  now = Date.now(),
): Promise<IssuedOneTimeToken> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const tokenHash = randomToken(28);
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(oneTimeTokens.userId, input.userId),
          eq(oneTimeTokens.tokenType, input.type),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    await tx.insert(oneTimeTokens).values({
      userId: input.userId,
      tokenType: input.type,
      relatesTo: input.address.trim().toLowerCase(),
      codeHash: codeHashOf(input.address, code),
      linkHash: sha256(tokenHash),
      flowStateId: input.flowStateId ?? null,
      expiresAt: new Date(now + ONE_TIME_TOKEN_TTL_MS),
    });
  });
  return { code, tokenHash };
}

export interface ConsumedOneTimeToken {
  userId: number;
  type: OneTimeTokenType;
  address: string;
  flowStateId: string | null;
}

/**
 * Uses up a token of one of `types`, found by its link token or by its code and address; undefined
 * when none matches (wrong, used, expired). One UPDATE, so two requests cannot both use it.
 */
export async function consumeOneTimeToken(
  db: Database,
  by: { tokenHash: string } | { code: string; address: string },
  types: readonly OneTimeTokenType[],
  now = Date.now(),
): Promise<ConsumedOneTimeToken | undefined> {
  const match =
    "tokenHash" in by
      ? eq(oneTimeTokens.linkHash, sha256(by.tokenHash))
      : and(
          eq(oneTimeTokens.codeHash, codeHashOf(by.address, by.code)),
          eq(oneTimeTokens.relatesTo, by.address.trim().toLowerCase()),
        );
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        match,
        inArray(oneTimeTokens.tokenType, [...types]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({
      userId: oneTimeTokens.userId,
      type: oneTimeTokens.tokenType,
      address: oneTimeTokens.relatesTo,
      flowStateId: oneTimeTokens.flowStateId,
    });
  return row;
}
