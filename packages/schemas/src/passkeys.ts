// Passkey payloads at /auth/v1/passkeys (docs/decisions/063-webauthn-and-passkeys.md), as auth-js
// sends them (GoTrue's passkey_*.go params). The credential is the authenticator's answer as
// WebAuthn's JSON serialisation gives it; the WebAuthn library checks its inside.
import { z } from "zod";

/** POST /passkeys/registration/verify and /passkeys/authentication/verify. */
export const PasskeyVerifySchema = z.object({
  challenge_id: z.string().max(64).optional(),
  credential: z
    .record(z.string(), z.unknown(), { error: "credential must be an object" })
    .optional(),
});

/** PATCH /passkeys/{passkey_id}. */
export const PasskeyUpdateSchema = z.object({
  friendly_name: z.string({ error: "friendly_name must be a string" }).trim().optional(),
});

export const PasskeyParamsSchema = z.object({ passkey_id: z.string().min(1).max(64) });

export const AdminPasskeyParamsSchema = z.object({
  id: z.string().min(1).max(100),
  passkey_id: z.string().min(1).max(64),
});
