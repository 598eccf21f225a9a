// TOTP (RFC 6238) as authenticator apps and GoTrue use it: SHA-1, 6 digits, 30-second steps, a
// code accepted one step either side of now for clock drift (docs/decisions/014-two-factor.md).
// What GoTrue lacks (docs/spec-notes.md; ASVS 6.5.1): a code counts once. The caller keeps the
// last accepted time step per factor and passes it back; a code of that step or an earlier one is
// refused even inside its window.
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (GoTrue's skew 1). */
export const TOTP_WINDOW = 1;
const ALGORITHM = "SHA1";

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as apps expect it. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = "", account = ""): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI a QR code carries (issuer and account shown by the app). */
export function totpUri(input: { secret: string; issuer: string; account: string }): string {
  return totpOf(input.secret, input.issuer, input.account).toString();
}

/** The time step of `now` (milliseconds since the epoch). */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secret` at `now`: for tests and the development tools, never for the server's checks. */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

export type TotpCheck =
  | { ok: true; step: number }
  /** `reused`: right code, but its step (or a later one) was already accepted. */
  | { ok: false; reason: "invalid" | "reused" };

/**
 * Checks `code` against `secret` at `now`. Accepted: the step it belongs to, to be stored as the
 * factor's last accepted step. Refused: a wrong code, or one whose step is not after `lastStep`.
 */
export function checkTotpCode(input: {
  secret: string;
  code: string;
  now: number;
  lastStep: number | null;
}): TotpCheck {
  const code = input.code.trim();
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return { ok: false, reason: "invalid" };
  const delta = totpOf(input.secret).validate({
    token: code,
    timestamp: input.now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: "invalid" };
  const step = totpStep(input.now) + delta;
  if (input.lastStep !== null && step <= input.lastStep) return { ok: false, reason: "reused" };
  return { ok: true, step };
}
