// The site's e-mail verification and password reset links (docs/spec/accounts-and-details.md §2,
// §7): /verify-email/{uid}/{token} and /set-pw?user={uid}&token={token}, where uid is the user id
// (base64url) and token the link token of a one-time token (./one-time-tokens.ts, the flow the
// auth service uses too). The site's verification is a `signup` token, its reset a `recovery`
// one; the links carry no code, and the site's own expiries and messages apply.
import type { OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";
import type { Database } from "@studyatlas/db/client.ts";

import { ValidationError } from "../errors.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { decodeUserId, encodeUserId } from "./secrets.ts";
import { getUser } from "./users.ts";

export type VerificationPurpose = "email_verification" | "password_reset";

/** The one-time token type of each of the site's links. */
const TOKEN_TYPE: Record<VerificationPurpose, OneTimeTokenType> = {
  email_verification: "signup",
  password_reset: "recovery",
};

export const VERIFICATION_TTL_MS: Record<VerificationPurpose, number> = {
  email_verification: 3 * 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

export interface IssuedToken {
  uid: string;
  token: string;
}

/** A new link; earlier unused tokens of the same kind stop working. */
export async function issueVerificationToken(
  db: Database,
  userId: number,
  purpose: VerificationPurpose,
  now = Date.now(),
): Promise<IssuedToken> {
  const user = await getUser(db, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  const { tokenHash } = await issueOneTimeToken(
    db,
    {
      userId,
      type: TOKEN_TYPE[purpose],
      address: user.email,
      ttlMs: VERIFICATION_TTL_MS[purpose],
      withCode: false,
    },
    now,
  );
  return { uid: encodeUserId(userId), token: tokenHash };
}

const MESSAGES: Record<VerificationPurpose, string> = {
  email_verification:
    "This verification link is invalid or has expired. Please request a new verification e-mail.",
  password_reset: "This reset link is invalid or has expired. Please request a new password reset.",
};

/** Uses the link up and returns its user id; a 400 for a wrong, used or expired link. */
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
  const used = await consumeOneTimeToken(
    db,
    { tokenHash: token, userId },
    [TOKEN_TYPE[purpose]],
    now,
  );
  if (!used) throw invalid;
  return used.userId;
}
