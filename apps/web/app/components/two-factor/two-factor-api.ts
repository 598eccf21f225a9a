// The browser's two-factor calls (docs/decisions/014-two-factor.md): a code is
// checked by asking the factor for a challenge, then verifying the code against it, the same two
// steps as GoTrue's /factors/{id}/challenge and /verify. A right code raises this session to aal2
// (the server renews the session cookies in the same answer).
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { MFA_MESSAGES } from "@studyatlas/schemas/mfa.ts";

import { accountApi, authErrorMessage, type ApiErrorBody } from "../../auth/account-api.ts";

/** What a failed code attempt tells the person: the wrong-code text, a rate limit, or the server's. */
export function codeErrorMessage(status: number, data: ApiErrorBody): string {
  if (status === 0) return MESSAGES.genericError;
  if (data.code === "mfa_verification_failed") {
    // The server says so in `errors.code` when the code was right but already accepted once.
    return data.errors?.code?.includes(MFA_MESSAGES.codeAlreadyUsed)
      ? MFA_MESSAGES.codeAlreadyUsed
      : MFA_MESSAGES.wrongCode;
  }
  return authErrorMessage(data);
}

/** Challenges the factor and verifies `code`; undefined on success, else the message to show. */
export async function verifyCode(factorId: string, code: string): Promise<string | undefined> {
  const path = `factors/${encodeURIComponent(factorId)}`;
  const challenge = await accountApi<{ id: string }>(`${path}/challenge`, {
    method: "POST",
    json: {},
  });
  if (!challenge.ok) return codeErrorMessage(challenge.status, challenge.data);
  const verified = await accountApi(`${path}/verify`, {
    json: { challenge_id: challenge.data.id, code },
  });
  return verified.ok ? undefined : codeErrorMessage(verified.status, verified.data);
}

/**
 * The second step with a recovery code instead (ADR 050): the codes left on success, else the
 * message to show.
 */
export async function verifyRecoveryCode(
  code: string,
): Promise<{ remaining: number } | { error: string }> {
  const answer = await accountApi<{ remaining: number }>("recovery-codes/verify", {
    json: { code },
  });
  if (answer.ok) return { remaining: answer.data.remaining };
  if (answer.status === 0) return { error: MESSAGES.genericError };
  if (answer.data.code === "recovery_code_invalid")
    return { error: MFA_MESSAGES.wrongRecoveryCode };
  return { error: authErrorMessage(answer.data) };
}
