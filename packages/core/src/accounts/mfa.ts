// Two-factor authentication (docs/decisions/014-two-factor.md): the factors as both doors read
// them, and the assurance levels they decide. Enrolment and removal are in mfa-enrolment.ts,
// challenges and codes in mfa-verification.ts. The rules and error codes are GoTrue's
// (internal/api/mfa.go), so the site's account API and the /auth/v1 service answer alike; where
// GoTrue is weaker (a TOTP code usable again with a new challenge inside its window, no
// per-factor limit on wrong codes) these modules are stricter.
import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";
import {
  mfaFactors,
  sessionAmrClaims,
  type FactorStatus,
  type FactorType,
} from "@studyatlas/db/schema/mfa.ts";

import { ForbiddenError, NotFoundError, UnavailableError } from "../errors.ts";

/** GoTrue's defaults (conf/configuration.go MFAConfiguration). */
export const MFA_LIMITS = {
  /** All factors, verified or not, per user. */
  maxFactors: 10,
  maxVerifiedFactors: 10,
  /** A challenge must be answered within 5 minutes. */
  challengeExpirySeconds: 300,
  /** An enrolment not confirmed within 5 minutes is dropped at the next enrolment. */
  unverifiedFactorExpirySeconds: 300,
} as const;

export interface MfaSettings {
  /** The access-token key; the factors' secrets are sealed under a key derived from it. */
  authSecret: string;
  /** The otpauth issuer when the caller names none (GoTrue: the site URL's host). */
  defaultIssuer: string;
}

export type Aal = "aal1" | "aal2";

/** A factor as GoTrue shows it (models/factor.go); the secret is never part of it. */
export interface FactorView {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  /** A phone factor's number (GoTrue shows it; ADR 064). */
  phone?: string;
}

export interface AmrEntry {
  method: string;
  /** Unix seconds. */
  timestamp: number;
}

export type FactorRow = typeof mfaFactors.$inferSelect;

export function viewOf(row: FactorRow): FactorView {
  return {
    id: row.id,
    friendly_name: row.friendlyName ?? "",
    factor_type: row.factorType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_challenged_at: row.lastChallengedAt?.toISOString() ?? null,
    ...(row.factorType === "phone" && row.phone ? { phone: row.phone } : {}),
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FACTOR_NOT_FOUND = () =>
  new NotFoundError("Factor not found.", { code: "mfa_factor_not_found" });

export const PHONE_VERIFY_DISABLED = () =>
  new UnavailableError("MFA verification is disabled for Phone: this server has no SMS provider.", {
    code: "mfa_phone_verify_not_enabled",
  });

/** GoTrue's `insufficient_aal`: the session must have proven a second factor first. */
export function insufficientAal(message: string): ForbiddenError {
  return new ForbiddenError(message, { code: "insufficient_aal" });
}

/** Every factor of the user, oldest first (GoTrue's `user.factors`). */
export async function listFactors(db: Database, userId: number): Promise<FactorView[]> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
  return rows.map(viewOf);
}

/** The user's verified factors: what a sign-in must be completed with. */
export async function listVerifiedFactors(db: Database, userId: number): Promise<FactorView[]> {
  return (await listFactors(db, userId)).filter((factor) => factor.status === "verified");
}

/**
 * What a client needs to ask for the code after a sign-in, when the user has a verified factor
 * (the `mfa` of a sign-in answer, ADR 014); undefined for users without one.
 */
export async function secondFactorOwed(
  db: Database,
  userId: number,
): Promise<MfaRequired | undefined> {
  const factors = await listVerifiedFactors(db, userId);
  if (factors.length === 0) return undefined;
  return {
    required: true,
    current_level: "aal1",
    next_level: "aal2",
    factors: factors.map(({ id, friendly_name, factor_type }) => ({
      id,
      friendly_name,
      factor_type,
    })),
  };
}

/**
 * The level a session of this user should reach (GoTrue's nextLevel): aal2 once any factor is
 * verified, aal1 otherwise.
 */
export async function nextAssuranceLevel(db: Database, userId: number): Promise<Aal> {
  const [row] = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, "verified")))
    .limit(1);
  return row ? "aal2" : "aal1";
}

/** The methods the session has proven beyond its sign-in, newest first (the token's `amr`). */
export async function listSessionAmr(db: Database, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db
    .select({
      method: sessionAmrClaims.authenticationMethod,
      updatedAt: sessionAmrClaims.updatedAt,
    })
    .from(sessionAmrClaims)
    .where(eq(sessionAmrClaims.sessionId, sessionId))
    .orderBy(desc(sessionAmrClaims.updatedAt));
  return rows.map((row) => ({
    method: row.method,
    timestamp: Math.floor(row.updatedAt.getTime() / 1000),
  }));
}

/** Enrolments of one user take turns, so two at once cannot both pass the limits. */
export async function lockUserFactors(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mfa-user:${userId}`}, 0))`);
}

/** The user's factor; another user's is as unknown as one that never existed. */
export async function findOwnedFactor(
  db: Database,
  userId: number,
  factorId: string,
  forUpdate = false,
): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw FACTOR_NOT_FOUND();
  const query = db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  // GoTrue's FindOwnedFactorByID.
  if (!row) throw FACTOR_NOT_FOUND();
  return row;
}
