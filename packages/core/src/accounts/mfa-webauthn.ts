// WebAuthn as a second factor (docs/decisions/063-webauthn-and-passkeys.md; GoTrue's mfa.go
// enrollWebAuthnFactor, challengeWebAuthnFactor and verifyWebAuthnFactor). Enrolment makes an
// unverified factor with no credential; its first challenge is a registration ("create"), whose
// answer stores the credential and verifies the factor; a verified factor's challenges are
// assertions ("request"). Either answer raises the session to aal2 as a right TOTP code does
// (mfa-verification.ts), with a `webauthn` amr claim. The relying party is the server's settings,
// never the client's: auth-js sends an rpId and origins, which GoTrue ignores too.
import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { mfaChallenges, mfaFactors } from "@studyatlas/db/schema/mfa.ts";
import type {
  StoredWebAuthnCredential,
  WebAuthnChallengeData,
} from "@studyatlas/db/schema/webauthn.ts";

import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import { authUserId } from "../auth-service/auth-user.ts";
import {
  MFA_LIMITS,
  UUID,
  findOwnedFactor,
  listSessionAmr,
  lockUserFactors,
  viewOf,
} from "./mfa.ts";
import { assertMayEnroll } from "./mfa-enrolment.ts";
import {
  MFA_CHALLENGE_LIMIT,
  MFA_VERIFY_LIMIT,
  dropWeakerAccess,
  lockSession,
  raiseSession,
  type VerifiedFactor,
} from "./mfa-verification.ts";
import { consumeLimit, releaseEvent } from "./rate-limit.ts";
import {
  checkAssertion,
  checkRegistration,
  creationOptions,
  requestOptions,
  type WebAuthnSettings,
} from "./webauthn.ts";

const ENROLL_DISABLED = () =>
  new ValidationError("MFA enroll is disabled for WebAuthn", {
    code: "mfa_webauthn_enroll_not_enabled",
  });
const VERIFY_DISABLED = () =>
  new ValidationError("MFA verification is disabled for WebAuthn", {
    code: "mfa_webauthn_verify_not_enabled",
  });
const CHALLENGE_NOT_FOUND = () =>
  new NotFoundError("MFA factor with the provided challenge ID not found.", {
    code: "mfa_factor_not_found",
  });
const VERIFICATION_FAILED = () =>
  new ValidationError("WebAuthn credential verification failed", {
    code: "mfa_verification_failed",
  });

/** POST /factors with factor_type webauthn: an unverified factor, no secret (GoTrue's answer). */
export async function enrollWebAuthnFactor(
  db: Database,
  settings: WebAuthnSettings,
  input: { userId: number; sessionAal: string; friendlyName?: string | undefined },
  now = Date.now(),
): Promise<{ id: string; type: "webauthn"; friendly_name: string }> {
  if (!settings.mfaEnrollEnabled) throw ENROLL_DISABLED();
  const friendlyName = input.friendlyName?.trim() || null;
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    await assertMayEnroll(tx, input, friendlyName, now);
    await tx.insert(mfaFactors).values({
      id,
      userId: input.userId,
      friendlyName,
      factorType: "webauthn",
      status: "unverified",
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });
  return { id, type: "webauthn", friendly_name: friendlyName ?? "" };
}

/**
 * A challenge for a WebAuthn factor: creation options while the factor is unverified, request
 * options for its credential once it is. GoTrue's shape: `webauthn.credential_options.publicKey`.
 */
export async function challengeWebAuthnFactor(
  db: Database,
  settings: WebAuthnSettings,
  input: { userId: number; email: string; factorId: string; ip: string },
  now = Date.now(),
) {
  if (!settings.mfaVerifyEnabled) throw VERIFY_DISABLED();
  const factor = await findOwnedFactor(db, input.userId, input.factorId);
  await consumeLimit(db, MFA_CHALLENGE_LIMIT, factor.id);
  const ceremony = factor.status === "verified" ? "request" : "create";
  const publicKey =
    ceremony === "create"
      ? await creationOptions(
          settings,
          { handle: authUserId(input.userId), name: input.email, displayName: input.email },
          [],
          "preferred",
        )
      : await requestOptions(
          settings,
          factor.webauthnCredential ? [factor.webauthnCredential] : [],
        );
  const data: WebAuthnChallengeData = {
    challenge: publicKey.challenge,
    ceremony,
    userVerification: "preferred",
  };
  const [challenge] = await db
    .insert(mfaChallenges)
    .values({
      factorId: factor.id,
      ipAddress: input.ip,
      createdAt: new Date(now),
      webauthnChallenge: data,
    })
    .returning({ id: mfaChallenges.id });
  if (!challenge) throw new Error("challenge insert returned no row");
  await db
    .update(mfaFactors)
    .set({ lastChallengedAt: new Date(now) })
    .where(eq(mfaFactors.id, factor.id));
  return {
    id: challenge.id,
    type: "webauthn" as const,
    expires_at: Math.floor(now / 1000) + MFA_LIMITS.challengeExpirySeconds,
    webauthn: { type: ceremony, credential_options: { publicKey } },
  };
}

export interface WebAuthnVerifyInput {
  userId: number;
  sessionId: string;
  factorId: string;
  challengeId: string;
  ip: string;
  /** auth-js's `webauthn`: the ceremony and the authenticator's answer (serialised JSON). */
  webauthn: { type: "create" | "request"; credential_response: unknown };
}

/** The challenge, taken once from the same address and within its time. */
async function takeChallenge(tx: Database, input: WebAuthnVerifyInput, now: number) {
  if (!UUID.test(input.challengeId)) throw CHALLENGE_NOT_FOUND();
  const [challenge] = await tx
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, input.factorId)))
    .returning();
  if (!challenge?.webauthnChallenge) throw CHALLENGE_NOT_FOUND();
  if (challenge.ipAddress !== input.ip) {
    throw new ConflictError("Challenge and verify IP addresses mismatch.", {
      code: "mfa_ip_address_mismatch",
    });
  }
  if (challenge.createdAt.getTime() + MFA_LIMITS.challengeExpirySeconds * 1000 < now) {
    throw new ConflictError(
      "MFA challenge has expired, verify against another challenge or create a new challenge.",
      { code: "mfa_challenge_expired" },
    );
  }
  if (challenge.webauthnChallenge.ceremony !== input.webauthn.type) {
    throw new ValidationError(`WebAuthn type must be ${challenge.webauthnChallenge.ceremony}`, {
      code: "validation_failed",
    });
  }
  return challenge.webauthnChallenge;
}

/**
 * A WebAuthn factor's answer. A registration verifies the factor and keeps its credential; an
 * assertion must be signed by that credential with a counter that moved on (or stays 0). Either
 * way, in one transaction: the challenge used, the session raised to aal2 with a `webauthn` amr
 * claim and a new refresh token, weaker sessions and other unverified factors dropped.
 */
export async function verifyWebAuthnFactor(
  db: Database,
  settings: WebAuthnSettings,
  input: WebAuthnVerifyInput,
  now = Date.now(),
): Promise<VerifiedFactor> {
  if (!settings.mfaVerifyEnabled) throw VERIFY_DISABLED();
  const owned = await findOwnedFactor(db, input.userId, input.factorId);
  const slot = await consumeLimit(db, MFA_VERIFY_LIMIT, owned.id);
  const verified = await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    const challenge = await takeChallenge(tx, input, now);
    const response = input.webauthn.credential_response;
    let credential: StoredWebAuthnCredential | null | undefined = factor.webauthnCredential;
    if (challenge.ceremony === "create") {
      credential = await checkRegistration(settings, response, challenge.challenge);
    } else if (credential) {
      const checked = await checkAssertion(settings, response, challenge.challenge, credential);
      credential = checked ? { ...credential, counter: checked.counter } : undefined;
    }
    if (!credential) return undefined;
    const sessionId = await lockSession(tx, input);
    const at = new Date(now);
    const [row] = await tx
      .update(mfaFactors)
      .set({ status: "verified", webauthnCredential: credential, updatedAt: at })
      .where(eq(mfaFactors.id, factor.id))
      .returning();
    if (!row) throw new Error("factor update returned no row");
    const refreshToken = await raiseSession(tx, sessionId, factor.id, at, "webauthn");
    await dropWeakerAccess(tx, input, factor.id, now);
    return { factor: row, sessionId, refreshToken };
  });
  if (!verified) throw VERIFICATION_FAILED();
  await releaseEvent(db, slot);
  return {
    factor: viewOf(verified.factor),
    sessionId: verified.sessionId,
    aal: "aal2",
    refreshToken: verified.refreshToken,
    amr: await listSessionAmr(db, verified.sessionId),
  };
}
