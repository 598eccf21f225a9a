// Google sign-in: the ID token (the `credential` of Google Identity Services) is verified with
// jose against Google's published signing keys (JWKS) and our client id, then matched to a user
// by its subject or its verified e-mail (docs/spec/accounts-and-details.md §7 google_login / google_signup).
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { and, eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";
import { mfaFactors } from "@studyatlas/db/schema/mfa.ts";

import {
  NotFoundError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from "../errors.ts";
import { retireOneTimeTokens } from "./one-time-tokens.ts";
import { revokeUserSessions } from "./sessions.ts";
import { createUser, findUserByEmail, type UserRow } from "./users.ts";

export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

export interface GoogleVerifier {
  clientId: string;
  keys: JWTVerifyGetKey;
}

export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  return { clientId, keys: createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 }) };
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export async function verifyGoogleCredential(
  verifier: GoogleVerifier,
  credential: string,
): Promise<GoogleIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, verifier.keys, {
      issuer: GOOGLE_ISSUERS,
      audience: verifier.clientId,
      algorithms: ["RS256"],
    }));
  } catch (error) {
    const unreachable =
      (error as { code?: string }).code === "ERR_JWKS_TIMEOUT" || error instanceof TypeError;
    if (unreachable) {
      throw new UnavailableError(
        "Google sign-in is unavailable right now. Please try again later.",
        { code: "google_unavailable" },
      );
    }
    throw new UnauthenticatedError("The Google sign-in could not be verified. Please try again.", {
      code: "invalid_google_token",
    });
  }
  if (typeof payload.sub !== "string" || typeof payload.email !== "string") {
    throw new UnauthenticatedError("The Google sign-in did not include an e-mail address.", {
      code: "invalid_google_token",
    });
  }
  const given = typeof payload.given_name === "string" ? payload.given_name : "";
  const family = typeof payload.family_name === "string" ? payload.family_name : "";
  return {
    subject: payload.sub,
    email: payload.email,
    emailVerified: payload.email_verified === true,
    firstName: given || payload.email.split("@")[0] || "Student",
    lastName: family,
  };
}

async function findBySubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return row;
}

/**
 * Links Google to an account that never proved its address (GoTrue's RemoveUnconfirmedIdentities):
 * whoever registered it may not own the address, so every door they may hold is shut before the
 * owner, now proven by Google, gets in (account pre-hijacking; docs/security.md V6). The password
 * is removed (only a reset by the address's owner sets one again), every factor, pending e-mail
 * change, e-mailed token and the metadata they chose go, and then all their sessions of both doors
 * are revoked, refresh tokens included. Undefined when the account was verified meanwhile.
 */
async function linkUnverifiedAccount(
  db: Database,
  user: UserRow,
  identity: GoogleIdentity,
): Promise<UserRow | undefined> {
  const now = new Date();
  const linked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        googleSubject: identity.subject,
        emailVerified: true,
        emailVerifiedAt: now,
        passwordHash: null,
        emailChange: null,
        emailChangeSentAt: null,
        userMetadata: {},
        firstName: identity.firstName.slice(0, 50),
        lastName: identity.lastName.slice(0, 50),
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), eq(users.emailVerified, false)))
      .returning();
    if (!row) return undefined;
    // Verified factors too: a factor someone else enrolled would hold the owner at aal1.
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
    await retireOneTimeTokens(tx, user.id, now.getTime());
    return row;
  });
  // After the password is gone, so no new session can start from it meanwhile.
  if (linked) await revokeUserSessions(db, user.id, "identity_linked");
  return linked;
}

/** The user this Google identity belongs to; links an account with the same verified e-mail. */
export async function googleLogin(db: Database, identity: GoogleIdentity): Promise<UserRow> {
  const bySubject = await findBySubject(db, identity.subject);
  if (bySubject) return bySubject;
  const byEmail = identity.emailVerified ? await findUserByEmail(db, identity.email) : undefined;
  if (!byEmail) {
    throw new NotFoundError("No account is linked to this Google account. Please sign up first.", {
      code: "no_account",
    });
  }
  if (!byEmail.emailVerified) {
    const taken = await linkUnverifiedAccount(db, byEmail, identity);
    if (taken) return taken;
  }
  const [linked] = await db
    .update(users)
    .set({ googleSubject: identity.subject, emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, byEmail.id))
    .returning();
  return linked ?? byEmail;
}

export async function googleSignup(db: Database, identity: GoogleIdentity): Promise<UserRow> {
  if (!identity.emailVerified) {
    throw new ValidationError("Google has not verified this e-mail address.", {
      code: "email_not_verified",
    });
  }
  if ((await findBySubject(db, identity.subject)) || (await findUserByEmail(db, identity.email))) {
    throw new ValidationError("A user with that email already exists.", {
      code: "email_taken",
      errors: {
        email: ["A user with that email already exists."],
      },
    });
  }
  return createUser(db, {
    firstName: identity.firstName.slice(0, 50),
    lastName: identity.lastName.slice(0, 50),
    email: identity.email,
    emailVerified: true,
    googleSubject: identity.subject,
  });
}
