// PKCE flows (RFC 7636) of the auth service, as GoTrue's flow_state: a request that carries a code
// challenge starts a flow; finishing it (a verified link, a Google callback) hands the client an
// auth code instead of tokens, which only the holder of the verifier can exchange
// (grant_type=pkce). Codes work once, within five minutes (GoTrue's default).
import { createHash } from "node:crypto";

import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { flowStates } from "@studyatlas/db/schema/accounts.ts";

import { NotFoundError, ValidationError } from "../errors.ts";
import { randomToken, safeEqual, sha256 } from "../accounts/secrets.ts";

export const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

export interface CodeChallenge {
  codeChallenge: string;
  /** s256 | plain (GoTrue accepts either case). */
  codeChallengeMethod: "s256" | "plain";
}

/** A challenge from a request, or undefined; a challenge without a valid method is refused. */
export function codeChallengeOf(input: {
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}): CodeChallenge | undefined {
  const challenge = input.code_challenge;
  const method = input.code_challenge_method?.toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || (method !== "s256" && method !== "plain")) {
    throw new ValidationError("PKCE flow requires code_challenge_method and code_challenge", {
      code: "validation_failed",
    });
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw new ValidationError("code challenge does not match previously saved code verifier", {
      code: "validation_failed",
    });
  }
  return { codeChallenge: challenge, codeChallengeMethod: method };
}

export interface FlowState {
  id: string;
  authCode: string;
}

export async function createFlowState(
  db: Database,
  input: CodeChallenge & { userId: number | null; method: string; provider?: string },
): Promise<FlowState> {
  const authCode = randomToken(24);
  const [row] = await db
    .insert(flowStates)
    .values({
      userId: input.userId,
      authCodeHash: sha256(authCode),
      codeChallenge: input.codeChallenge,
      codeChallengeMethod: input.codeChallengeMethod,
      authenticationMethod: input.method,
      providerType: input.provider ?? "email",
    })
    .returning({ id: flowStates.id });
  if (!row) throw new Error("flow state insert returned no row");
  return { id: row.id, authCode };
}

/** A fresh auth code for an existing flow (the flow finishes later than it started). */
export async function renewAuthCode(db: Database, flowStateId: string, userId: number) {
  const authCode = randomToken(24);
  await db
    .update(flowStates)
    .set({ authCodeHash: sha256(authCode), userId, createdAt: new Date() })
    .where(eq(flowStates.id, flowStateId));
  return authCode;
}

function challengeOf(verifier: string, method: string): string {
  return method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
}

/** Exchanges an auth code and its verifier for the flow's user and method; single use. */
export async function exchangeAuthCode(
  db: Database,
  authCode: string,
  codeVerifier: string,
  now = Date.now(),
): Promise<{ userId: number; method: string }> {
  const [flow] = await db
    .select()
    .from(flowStates)
    .where(and(eq(flowStates.authCodeHash, sha256(authCode)), isNull(flowStates.usedAt)))
    .limit(1);
  if (!flow || flow.userId === null) {
    throw new NotFoundError("invalid flow state, no valid flow state found", {
      code: "flow_state_not_found",
    });
  }
  if (now - flow.createdAt.getTime() > FLOW_STATE_TTL_MS) {
    throw new ValidationError("invalid flow state, flow state has expired", {
      code: "flow_state_expired",
    });
  }
  if (!safeEqual(challengeOf(codeVerifier, flow.codeChallengeMethod), flow.codeChallenge)) {
    throw new ValidationError("code challenge does not match previously saved code verifier", {
      code: "bad_code_verifier",
    });
  }
  const [used] = await db
    .update(flowStates)
    .set({ usedAt: new Date(now) })
    .where(and(eq(flowStates.id, flow.id), isNull(flowStates.usedAt)))
    .returning({ id: flowStates.id });
  if (!used) {
    throw new NotFoundError("invalid flow state, no valid flow state found", {
      code: "flow_state_not_found",
    });
  }
  return { userId: flow.userId, method: flow.authenticationMethod };
}
