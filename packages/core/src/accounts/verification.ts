// Single-use, expiring verification tokens for e-mail verification and password reset, stored
// hashed. Links carry the user id (base64url) and the token: /verify-email/{uid}/{token},
// /set-pw?user={uid}&token={token} (docs/spec/accounts-and-details.md §2, §7).
import { and, eq, gt, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { verificationTokens, type VerificationPurpose } from "@studyatlas/db/schema/accounts.ts";

import { ValidationError } from "../errors.ts";
import { decodeUserId, encodeUserId, randomToken, sha256 } from "./secrets.ts";

export const VERIFICATION_TTL_MS: Record<VerificationPurpose, number> = {
  email_verification: 3 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

export interface IssuedToken {
  uid: string;
  token: string;
}

/** A new token; earlier unused tokens of the same purpose stop working. */
export async function issueVerificationToken(
  db: Database,
  userId: number,
  purpose: VerificationPurpose,
  now = Date.now(),
): Promise<IssuedToken> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationTokens)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(verificationTokens.userId, userId),
          eq(verificationTokens.purpose, purpose),
          isNull(verificationTokens.usedAt),
        ),
      );
    await tx.insert(verificationTokens).values({
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(now + VERIFICATION_TTL_MS[purpose]),
    });
  });
  return { uid: encodeUserId(userId), token };
}

const MESSAGES: Record<VerificationPurpose, string> = {
  email_verification:
    "This verification link is invalid or has expired. Please request a new verification e-mail.",
  password_reset: "This reset link is invalid or has expired. Please request a new password reset.",
};

/** Marks the token used and returns its user id; a 400 for a wrong, used or expired token. */
export async function consumeVerificationToken(
  db: Database,
  uid: string,
  token: string,
  purpose: VerificationPurpose,
  now = Date.now(),
): Promise<number> {
  const userId = decodeUserId(uid);
  const invalid = new ValidationError(MESSAGES[purpose], { code: "invalid_token" });
  if (userId === undefined) throw invalid;
  const [used] = await db
    .update(verificationTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(verificationTokens.tokenHash, sha256(token)),
        eq(verificationTokens.userId, userId),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: verificationTokens.userId });
  if (!used) throw invalid;
  return used.userId;
}
