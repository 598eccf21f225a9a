// Google sign-in: the ID token (the `credential` of Google Identity Services) is verified with
// jose against Google's published signing keys (JWKS) and our client id, then matched to a user
// by its subject or its verified e-mail (docs/spec/accounts-and-details.md §7 google_login / google_signup).
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import {
  NotFoundError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from "../errors.ts";
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
