// Passkeys (docs/decisions/063-webauthn-and-passkeys.md): discoverable WebAuthn credentials that
// sign a user in without a password, as GoTrue's passkey_*.go serve them at /auth/v1/passkeys.
// Each ceremony has a challenge row that one answer consumes (deleted as it is read, so a replayed
// answer finds none); registration is bound to the signed-in user, sign-in to no one until the
// passkey's own user handle names its user. Error codes are GoTrue's.
import { and, asc, count, eq, isNull, lt } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  webauthnChallenges,
  webauthnCredentials,
  type WebAuthnChallengeType,
} from "@studyatlas/db/schema/webauthn.ts";

import { nextAssuranceLevel, UUID } from "../accounts/mfa.ts";
import {
  assertionIdentity,
  checkAssertion,
  checkRegistration,
  creationOptions,
  requestOptions,
  type WebAuthnSettings,
} from "../accounts/webauthn.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { inTransaction, sqlState } from "../transactions.ts";
import { authUserId, parseAuthUserId } from "./auth-user.ts";

/** A passkey as GoTrue lists it (PasskeyListItem). */
export interface PasskeyView {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

export interface CeremonyStart<Options> {
  challenge_id: string;
  options: Options;
  /** Unix seconds. */
  expires_at: number;
}

const invalid = (message: string, code = "validation_failed") =>
  new ValidationError(message, { code });

const CHALLENGE_NOT_FOUND = () =>
  invalid("Challenge not found or already used", "webauthn_challenge_not_found");
const VERIFICATION_FAILED = () =>
  invalid("Credential verification failed", "webauthn_verification_failed");

type PasskeyRow = typeof webauthnCredentials.$inferSelect;

function viewOf(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { last_used_at: row.lastUsedAt.toISOString() } : {}),
  };
}

/** GoTrue's requirePasskeyManagementAAL: with two factors on, only an aal2 session. */
async function assertMayManage(db: Database, userId: number, sessionAal: string): Promise<void> {
  if (sessionAal !== "aal2" && (await nextAssuranceLevel(db, userId)) === "aal2") {
    throw new ForbiddenError("AAL2 session is required to manage passkeys when MFA is enabled", {
      code: "insufficient_aal",
    });
  }
}

async function passkeyCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId));
  return Number(row?.n ?? 0);
}

const TOO_MANY = () => invalid("Maximum number of passkeys reached", "too_many_passkeys");

async function saveChallenge(
  db: Database,
  settings: WebAuthnSettings,
  type: WebAuthnChallengeType,
  userId: number | null,
  challenge: string,
  now: number,
): Promise<{ id: string; expiresAt: number }> {
  const expiresAt = now + settings.challengeExpiryMs;
  // Challenges nobody answered are dropped as new ones are made.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now)));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      userId,
      challengeType: type,
      challenge,
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
    })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error("webauthn challenge insert returned no row");
  return { id: row.id, expiresAt };
}

/** GoTrue's order: the challenge id, then the credential, before anything is looked up. */
function assertAnswerGiven(input: { challengeId?: string; credential?: unknown }): void {
  if (!input.challengeId) throw invalid("challenge_id is required");
  if (input.credential === undefined || input.credential === null) {
    throw invalid("credential is required");
  }
}

/** Takes a challenge once (deleted as it is read): a second answer to it finds nothing. */
async function consumeChallenge(
  db: Database,
  type: WebAuthnChallengeType,
  challengeId: string | undefined,
  userId: number | null,
  now: number,
): Promise<string> {
  if (!challengeId) throw invalid("challenge_id is required");
  if (!UUID.test(challengeId)) throw invalid("challenge_id must be a valid UUID");
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, challengeId),
        eq(webauthnChallenges.challengeType, type),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning();
  if (!row) throw CHALLENGE_NOT_FOUND();
  if (row.expiresAt.getTime() < now) {
    throw invalid("Challenge has expired", "webauthn_challenge_expired");
  }
  return row.challenge;
}

/** Registration, step one: creation options for a discoverable credential of the caller. */
export async function startPasskeyRegistration(
  db: Database,
  settings: WebAuthnSettings,
  input: { userId: number; email: string; displayName: string; sessionAal: string },
  now = Date.now(),
) {
  await assertMayManage(db, input.userId, input.sessionAal);
  if ((await passkeyCount(db, input.userId)) >= settings.maxPasskeysPerUser) throw TOO_MANY();
  const existing = await db
    .select({ id: webauthnCredentials.credentialId, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, input.userId));
  const options = await creationOptions(
    settings,
    { handle: authUserId(input.userId), name: input.email, displayName: input.displayName },
    existing,
    "required",
  );
  const saved = await saveChallenge(
    db,
    settings,
    "registration",
    input.userId,
    options.challenge,
    now,
  );
  return {
    challenge_id: saved.id,
    options,
    expires_at: Math.floor(saved.expiresAt / 1000),
  };
}

/** Registration, step two: the authenticator's answer checked, the passkey stored. */
export async function verifyPasskeyRegistration(
  db: Database,
  settings: WebAuthnSettings,
  input: { userId: number; sessionAal: string; challengeId?: string; credential?: unknown },
  now = Date.now(),
): Promise<PasskeyView> {
  await assertMayManage(db, input.userId, input.sessionAal);
  assertAnswerGiven(input);
  const challenge = await consumeChallenge(
    db,
    "registration",
    input.challengeId,
    input.userId,
    now,
  );
  const credential = await checkRegistration(settings, input.credential, challenge);
  if (!credential) throw VERIFICATION_FAILED();
  try {
    return await inTransaction(db, async (tx) => {
      if ((await passkeyCount(tx, input.userId)) >= settings.maxPasskeysPerUser) throw TOO_MANY();
      const [row] = await tx
        .insert(webauthnCredentials)
        .values({
          userId: input.userId,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          signCount: credential.counter,
          transports: credential.transports ?? [],
          aaguid: credential.aaguid ?? null,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning();
      if (!row) throw new Error("passkey insert returned no row");
      return viewOf(row);
    });
  } catch (error) {
    if (sqlState(error) === "23505") {
      throw invalid("This credential is already registered", "webauthn_credential_exists");
    }
    throw error;
  }
}

/** Sign-in, step one: request options that let any of the RP's passkeys answer. */
export async function startPasskeySignIn(
  db: Database,
  settings: WebAuthnSettings,
  now = Date.now(),
) {
  const options = await requestOptions(settings, []);
  const saved = await saveChallenge(db, settings, "authentication", null, options.challenge, now);
  return { challenge_id: saved.id, options, expires_at: Math.floor(saved.expiresAt / 1000) };
}

/**
 * Sign-in, step two: the assertion checked against the passkey it names, which must belong to
 * the user its handle names; the passkey's counter and last use recorded. Answers the user to
 * start a session for; any mismatch is `webauthn_verification_failed`, whichever part failed.
 */
export async function verifyPasskeySignIn(
  db: Database,
  settings: WebAuthnSettings,
  input: { challengeId?: string; credential?: unknown },
  now = Date.now(),
): Promise<{ userId: number; passkeyId: string }> {
  assertAnswerGiven(input);
  const challenge = await consumeChallenge(db, "authentication", input.challengeId, null, now);
  const identity = assertionIdentity(input.credential);
  if (!identity) throw VERIFICATION_FAILED();
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, identity.credentialId))
    .limit(1);
  const handleUser = identity.userHandle ? parseAuthUserId(identity.userHandle) : undefined;
  if (!row || (identity.userHandle !== undefined && handleUser !== row.userId)) {
    throw VERIFICATION_FAILED();
  }
  const checked = await checkAssertion(settings, input.credential, challenge, {
    id: row.credentialId,
    publicKey: row.publicKey,
    counter: row.signCount,
  });
  if (!checked) throw VERIFICATION_FAILED();
  await db
    .update(webauthnCredentials)
    .set({ signCount: checked.counter, lastUsedAt: new Date(now), updatedAt: new Date(now) })
    .where(eq(webauthnCredentials.id, row.id));
  return { userId: row.userId, passkeyId: row.id };
}

export async function listPasskeys(db: Database, userId: number): Promise<PasskeyView[]> {
  const rows = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
  return rows.map(viewOf);
}

/** The owner's passkey; undefined for an unknown id or another user's passkey (a 404). */
async function ownPasskey(db: Database, userId: number, passkeyId: string) {
  if (!UUID.test(passkeyId)) return undefined;
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, passkeyId), eq(webauthnCredentials.userId, userId)))
    .limit(1);
  return row;
}

/** Renames a passkey (GoTrue: 1 to 120 characters); undefined when it is not the user's. */
export async function renamePasskey(
  db: Database,
  input: { userId: number; passkeyId: string; friendlyName?: string | undefined },
  now = Date.now(),
): Promise<PasskeyView | undefined> {
  const name = input.friendlyName ?? "";
  if (name === "") throw invalid("friendly_name is required");
  if (name.length > 120) throw invalid("friendly_name must be 120 characters or less");
  if (!(await ownPasskey(db, input.userId, input.passkeyId))) return undefined;
  const [row] = await db
    .update(webauthnCredentials)
    .set({ friendlyName: name, updatedAt: new Date(now) })
    .where(eq(webauthnCredentials.id, input.passkeyId))
    .returning();
  return row ? viewOf(row) : undefined;
}

/**
 * Removes a passkey: by its owner (aal2 when two factors are on), or by an administrator (no
 * session, `sessionAal` undefined). False when it is not the user's.
 */
export async function deletePasskey(
  db: Database,
  input: { userId: number; passkeyId: string; sessionAal?: string | undefined },
): Promise<boolean> {
  if (input.sessionAal !== undefined) await assertMayManage(db, input.userId, input.sessionAal);
  if (!UUID.test(input.passkeyId)) return false;
  const deleted = await db
    .delete(webauthnCredentials)
    .where(
      and(
        eq(webauthnCredentials.id, input.passkeyId),
        eq(webauthnCredentials.userId, input.userId),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return deleted.length > 0;
}
