// Adding and removing two-factor factors (docs/decisions/014-two-factor.md; GoTrue's
// internal/api/mfa.go EnrollFactor, UnenrollFactor and the admin's DeleteFactor).
import { randomUUID } from "node:crypto";

import { and, eq, inArray, lt } from "drizzle-orm";
import QRCode from "qrcode";

import type { Database } from "@studyatlas/db/client.ts";
import { sessions } from "@studyatlas/db/schema/accounts.ts";
import { mfaFactors, sessionAmrClaims, type FactorType } from "@studyatlas/db/schema/mfa.ts";

import { announceSessionsChanged } from "../chat/session-notices.ts";
import { ConflictError, UnavailableError, ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import {
  MFA_LIMITS,
  findOwnedFactor,
  insufficientAal,
  lockUserFactors,
  nextAssuranceLevel,
  viewOf,
  type FactorView,
  type MfaSettings,
} from "./mfa.ts";
import { sealFactorSecret } from "./mfa-secret.ts";
import { forgetRecoveryCodesIfNoFactor } from "./recovery-codes.ts";
import { createTotpSecret, totpUri } from "./totp.ts";

export interface EnrolledTotpFactor {
  id: string;
  type: "totp";
  friendly_name: string;
  /** Shown once, now; never again (the stored secret is sealed). */
  totp: { qr_code: string; secret: string; uri: string };
}

export interface EnrollInput {
  userId: number;
  /** The account name the authenticator app shows. */
  email: string;
  /** The caller's session level: enrolling beside a verified factor needs aal2. */
  sessionAal: string;
  factorType: FactorType;
  friendlyName?: string | undefined;
  issuer?: string | undefined;
  phone?: string | undefined;
}

const PHONE_ENROLL_DISABLED = () =>
  new UnavailableError(
    "MFA enroll is disabled for Phone: this server has no SMS provider. Use an authenticator app.",
    { code: "mfa_phone_enroll_not_enabled" },
  );

/** WebAuthn factors are enrolled by the auth service's door only (mfa-webauthn.ts, ADR 063). */
const WEBAUTHN_NOT_HERE = () =>
  new ValidationError("factor_type needs to be totp or phone", {
    code: "invalid_parameter",
    errors: { factor_type: ["factor_type needs to be totp or phone"] },
  });

/**
 * GoTrue's enrolment limits, checked with the user's factors locked: a friendly name once, at
 * most 10 factors, and aal2 needed beside a verified factor. Enrolments never confirmed are
 * dropped once they are 5 minutes old first (GoTrue's DeleteExpiredFactors), so an abandoned QR
 * code does not hold a slot or a name.
 */
export async function assertMayEnroll(
  tx: Database,
  input: Pick<EnrollInput, "userId" | "sessionAal">,
  friendlyName: string | null,
  now: number,
): Promise<void> {
  await tx
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, input.userId),
        eq(mfaFactors.status, "unverified"),
        lt(mfaFactors.createdAt, new Date(now - MFA_LIMITS.unverifiedFactorExpirySeconds * 1000)),
      ),
    );
  const existing = await tx
    .select({ friendlyName: mfaFactors.friendlyName, status: mfaFactors.status })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, input.userId));
  if (friendlyName && existing.some((factor) => factor.friendlyName === friendlyName)) {
    throw new ConflictError(
      `A factor with the friendly name "${friendlyName}" for this user already exists.`,
      { code: "mfa_factor_name_conflict", errors: { friendly_name: ["This name is taken."] } },
    );
  }
  const verified = existing.filter((factor) => factor.status === "verified").length;
  if (existing.length >= MFA_LIMITS.maxFactors || verified >= MFA_LIMITS.maxVerifiedFactors) {
    throw new ConflictError("Maximum number of verified factors reached, unenroll to continue.", {
      code: "too_many_enrolled_mfa_factors",
    });
  }
  if (verified > 0 && input.sessionAal !== "aal2") {
    throw insufficientAal("AAL2 required to enroll a new factor.");
  }
}

/**
 * Starts an enrolment: a new unverified factor, its secret and the QR code to scan. It becomes
 * verified (and counts) when a code for it is verified. Phone factors answer
 * `mfa_phone_enroll_not_enabled`: there is no SMS provider.
 */
export async function enrollFactor(
  db: Database,
  settings: MfaSettings,
  input: EnrollInput,
  now = Date.now(),
): Promise<EnrolledTotpFactor> {
  if (input.factorType === "phone") throw PHONE_ENROLL_DISABLED();
  if (input.factorType === "webauthn") throw WEBAUTHN_NOT_HERE();
  const friendlyName = input.friendlyName?.trim() || null;
  const issuer = input.issuer?.trim() || settings.defaultIssuer;
  const secret = createTotpSecret();
  const uri = totpUri({ secret, issuer, account: input.email });
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    await assertMayEnroll(tx, input, friendlyName, now);
    await tx.insert(mfaFactors).values({
      id,
      userId: input.userId,
      friendlyName,
      factorType: "totp",
      status: "unverified",
      secret: sealFactorSecret(settings.authSecret, id, secret),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });
  // GoTrue answers raw SVG (auth-js adds the data: prefix itself).
  const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    id,
    type: "totp",
    friendly_name: friendlyName ?? "",
    totp: { qr_code: qrCode, secret, uri },
  };
}

/**
 * Removes a factor. Once the user has a verified factor, only an aal2 session may remove any (a
 * stolen password alone cannot switch two-factor off, ADR 014). Sessions the factor raised go
 * back to aal1 (GoTrue's DowngradeSessionsToAAL1).
 */
export async function unenrollFactor(
  db: Database,
  input: { userId: number; sessionAal: string; factorId: string },
): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    if (input.sessionAal !== "aal2" && (await nextAssuranceLevel(tx, input.userId)) === "aal2") {
      throw insufficientAal("AAL2 required to unenroll verified factor.");
    }
    await removeFactorIn(tx, factor.id, input.userId);
    return { id: factor.id };
  });
}

/** Deletes a factor; the sessions it raised go back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
async function removeFactorIn(tx: Database, factorId: string, userId: number): Promise<void> {
  const raised = await tx
    .delete(sessionAmrClaims)
    .where(eq(sessionAmrClaims.factorId, factorId))
    .returning({ sessionId: sessionAmrClaims.sessionId });
  const sessionIds = [...new Set(raised.map((claim) => claim.sessionId))];
  if (sessionIds.length > 0) {
    await tx.update(sessions).set({ aal: "aal1" }).where(inArray(sessions.id, sessionIds));
    await announceSessionsChanged(tx, sessionIds);
  }
  await tx.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
  // Two-factor off: its recovery codes go with it (ADR 050).
  await forgetRecoveryCodesIfNoFactor(tx, userId);
}

/**
 * An administrator removes a user's factor (GoTrue's `DELETE /admin/users/{id}/factors/{id}`):
 * no assurance check, the deleted factor answered. For a user who lost their phone.
 */
export async function adminDeleteFactor(
  db: Database,
  input: { userId: number; factorId: string },
): Promise<FactorView> {
  return inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    await removeFactorIn(tx, factor.id, input.userId);
    return viewOf(factor);
  });
}
