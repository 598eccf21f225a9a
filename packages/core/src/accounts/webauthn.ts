// WebAuthn ceremonies (docs/decisions/063-webauthn-and-passkeys.md), over SimpleWebAuthn: the
// options an authenticator is asked with and the checks of its answers, for both passkeys
// (auth-service/passkeys.ts) and WebAuthn second factors (mfa-webauthn.ts). The relying party is
// GoTrue's GOTRUE_WEBAUTHN_* settings: one RP id, its display name and the origins allowed to run
// a ceremony; an answer from any other origin or RP fails its check.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";

import type { StoredWebAuthnCredential } from "@studyatlas/db/schema/webauthn.ts";

export interface WebAuthnSettings {
  /** GOTRUE_WEBAUTHN_RP_ID: the domain credentials are bound to. */
  rpId: string;
  /** GOTRUE_WEBAUTHN_RP_DISPLAY_NAME. */
  rpDisplayName: string;
  /** GOTRUE_WEBAUTHN_RP_ORIGINS: the pages allowed to run a ceremony. */
  rpOrigins: string[];
  /** GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION, in ms (GoTrue's 5 minutes). */
  challengeExpiryMs: number;
  /** GOTRUE_PASSKEY_ENABLED: passkey sign-in and registration at /auth/v1/passkeys. */
  passkeyEnabled: boolean;
  /** GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER (10). */
  maxPasskeysPerUser: number;
  /** GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED / _VERIFY_ENABLED: WebAuthn as a second factor. */
  mfaEnrollEnabled: boolean;
  mfaVerifyEnabled: boolean;
  /** GOTRUE_RATE_LIMIT_PASSKEY: passkey sign-in starts per client address per 5 minutes. */
  rateLimitPasskey: number;
}

/** A credential's id and transports, to exclude or allow it in a ceremony. */
export interface CredentialDescriptor {
  id: string;
  transports?: string[] | undefined;
}

function descriptorsOf(credentials: CredentialDescriptor[]) {
  return credentials.map((credential) => ({
    id: credential.id,
    ...(credential.transports?.length ? { transports: credential.transports } : {}),
  }));
}

/** The options `navigator.credentials.create()` is called with. */
export async function creationOptions(
  settings: WebAuthnSettings,
  user: { handle: string; name: string; displayName: string },
  exclude: CredentialDescriptor[],
  /** Passkeys must be discoverable (a resident key); a second factor need not be. */
  residentKey: "required" | "preferred",
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: settings.rpDisplayName,
    rpID: settings.rpId,
    userID: new TextEncoder().encode(user.handle),
    userName: user.name,
    userDisplayName: user.displayName,
    timeout: settings.challengeExpiryMs,
    attestationType: "none",
    excludeCredentials: descriptorsOf(exclude),
    authenticatorSelection: { residentKey, userVerification: "preferred" },
  });
}

/** The options `navigator.credentials.get()` is called with; no credentials: any passkey. */
export async function requestOptions(
  settings: WebAuthnSettings,
  allow: CredentialDescriptor[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: settings.rpId,
    timeout: settings.challengeExpiryMs,
    allowCredentials: descriptorsOf(allow),
    userVerification: "preferred",
  });
}

/**
 * A registration answer checked against its challenge, origins and RP: the new credential, or
 * undefined when it does not verify (a malformed answer too: never a 500 for a client's bytes).
 */
export async function checkRegistration(
  settings: WebAuthnSettings,
  response: unknown,
  expectedChallenge: string,
): Promise<StoredWebAuthnCredential | undefined> {
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: settings.rpOrigins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    });
    if (!verified.verified) return undefined;
    const { credential, aaguid } = verified.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      aaguid,
    };
  } catch {
    return undefined;
  }
}

/** The credential id an assertion names and the user handle it carries, if it is well formed. */
export function assertionIdentity(
  response: unknown,
): { credentialId: string; userHandle: string | undefined } | undefined {
  if (typeof response !== "object" || response === null) return undefined;
  const { id, response: inner } = response as { id?: unknown; response?: unknown };
  if (typeof id !== "string" || id === "" || typeof inner !== "object" || inner === null) {
    return undefined;
  }
  const handle = (inner as { userHandle?: unknown }).userHandle;
  return {
    credentialId: id,
    userHandle:
      typeof handle === "string" && handle !== ""
        ? Buffer.from(handle, "base64url").toString("utf8")
        : undefined,
  };
}

/**
 * An assertion checked against its challenge, origins, RP and the stored credential's public key
 * and counter: the new signature counter, or undefined when it does not verify.
 */
export async function checkAssertion(
  settings: WebAuthnSettings,
  response: unknown,
  expectedChallenge: string,
  credential: StoredWebAuthnCredential,
): Promise<{ counter: number } | undefined> {
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: settings.rpOrigins,
      expectedRPID: settings.rpId,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64url")),
        counter: credential.counter,
      },
      requireUserVerification: false,
    });
    return verified.verified ? { counter: verified.authenticationInfo.newCounter } : undefined;
  } catch {
    return undefined;
  }
}
