// Every e-mailed token of both doors, on one table (`one_time_tokens`): the site's verification
// and reset links (docs/decisions/006-sessions-and-tokens.md) and the auth service's codes and
// links (docs/decisions/013-auth-service.md). A token has a link token and, when the e-mail shows
// one, a 6-digit code (for verifyOtp with the address); both are stored only as SHA-256. Issuing
// a token of a type retires the user's older unused ones of that type; a token works once, until
// it expires, and is used up by one UPDATE, so of two concurrent uses exactly one wins.
import { randomInt } from "node:crypto";

import { and, eq, gt, inArray, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { oneTimeTokens, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";

import { randomToken, sha256 } from "./secrets.ts";

/** How long an e-mailed code or link works unless the issuer says: GoTrue's MAILER_OTP_EXP. */
export const ONE_TIME_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface OneTimeTokenRequest {
  userId: number;
  type: OneTimeTokenType;
  /** The address the token is e-mailed to. */
  address: string;
  /** The PKCE flow the token finishes, when the request carried a code challenge. */
  flowStateId?: string | undefined;
  /** How long it works; ONE_TIME_TOKEN_TTL_MS unless given. */
  ttlMs?: number | undefined;
  /** Whether the e-mail shows a 6-digit code beside the link (the auth service's e-mails do). */
  withCode: boolean;
  /**
   * The code itself, when the issuer chose it: a texted code of GOTRUE_SMS_OTP_LENGTH digits, or
   * a number's fixed test code (docs/decisions/064-phones-and-sms-codes.md). Six random digits
   * unless given.
   */
  code?: string | undefined;
}

export interface IssuedLinkToken {
  /** The link's secret: the auth service's `token_hash`, the last part of the site's links. */
  tokenHash: string;
}

export interface IssuedOneTimeToken extends IssuedLinkToken {
  /** Six digits, for verifyOtp({ email, token }). */
  code: string;
}

function normalAddress(address: string): string {
  return address.trim().toLowerCase();
}

function codeHashOf(address: string, code: string): string {
  return sha256(`${normalAddress(address)}:${code}`);
}

export async function issueOneTimeToken(
  db: Database,
  request: OneTimeTokenRequest & { withCode: true },
  now?: number,
): Promise<IssuedOneTimeToken>;
export async function issueOneTimeToken(
  db: Database,
  request: OneTimeTokenRequest,
  now?: number,
): Promise<IssuedLinkToken>;
export async function issueOneTimeToken(
  db: Database,
  request: OneTimeTokenRequest,
  now = Date.now(),
): Promise<IssuedLinkToken | IssuedOneTimeToken> {
  // A link-only token has no code at all: a code nobody was sent could only be guessed.
  const code = request.withCode
    ? (request.code ?? String(randomInt(0, 1_000_000)).padStart(6, "0"))
    : undefined;
  const tokenHash = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(oneTimeTokens.userId, request.userId),
          eq(oneTimeTokens.tokenType, request.type),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    await tx.insert(oneTimeTokens).values({
      userId: request.userId,
      tokenType: request.type,
      relatesTo: normalAddress(request.address),
      codeHash: code === undefined ? null : codeHashOf(request.address, code),
      linkHash: sha256(tokenHash),
      flowStateId: request.flowStateId ?? null,
      expiresAt: new Date(now + (request.ttlMs ?? ONE_TIME_TOKEN_TTL_MS)),
    });
  });
  return code === undefined ? { tokenHash } : { tokenHash, code };
}

/**
 * How a token is presented: its link token (the site's links also name the user, who must be the
 * token's), or its code with the address it was sent to.
 */
export type OneTimeTokenProof =
  { tokenHash: string; userId?: number | undefined } | { code: string; address: string };

export interface ConsumedOneTimeToken {
  userId: number;
  type: OneTimeTokenType;
  address: string;
  flowStateId: string | null;
}

/**
 * Uses up a token of one of `types`; undefined when none matches (wrong, used, expired, another
 * user's). One UPDATE, so two requests cannot both use it.
 */
export async function consumeOneTimeToken(
  db: Database,
  proof: OneTimeTokenProof,
  types: readonly OneTimeTokenType[],
  now = Date.now(),
): Promise<ConsumedOneTimeToken | undefined> {
  const match =
    "tokenHash" in proof
      ? and(
          eq(oneTimeTokens.linkHash, sha256(proof.tokenHash)),
          proof.userId === undefined ? undefined : eq(oneTimeTokens.userId, proof.userId),
        )
      : and(
          eq(oneTimeTokens.codeHash, codeHashOf(proof.address, proof.code)),
          eq(oneTimeTokens.relatesTo, normalAddress(proof.address)),
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

/**
 * Retires every unused token of the user (a new password: a link someone else saw cannot
 * outlive it). Runs inside the caller's transaction.
 */
export async function retireOneTimeTokens(
  tx: Database,
  userId: number,
  now = Date.now(),
): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
