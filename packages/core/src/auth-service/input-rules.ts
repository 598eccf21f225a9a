// The auth service's checks of what a caller sends (/auth/v1, docs/decisions/013-auth-service.md):
// addresses, passwords (the account rule of both doors, said as GoTrue says it), metadata and the
// names it carries, and whether a user may start a session here.
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "@studyatlas/schemas/account-rules.ts";
import {
  APP_METADATA_MAX_BYTES,
  USER_METADATA_MAX_BYTES,
  jsonBytes,
} from "@studyatlas/schemas/auth-service.ts";

import { ValidationError } from "../errors.ts";
import { isCommonPassword, isPredictablePassword } from "../accounts/password-policy.ts";
import type { UserRow } from "../accounts/users.ts";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * GoTrue's address format (its validateEmail, through checkmail's ValidateFormat): the local part
 * of RFC 5322's atext and dots, a host of letter-digit-hyphen labels. `xx:;x@x.x` fails it.
 */
const GOTRUE_EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function assertEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed) || !GOTRUE_EMAIL_PATTERN.test(trimmed)) {
    throw new ValidationError("Unable to validate email address: invalid format", {
      code: "email_address_invalid",
    });
  }
  return trimmed;
}

/** GoTrue's weak_password error: its reasons are length, characters or pwned. */
export class WeakPasswordError extends ValidationError {
  readonly reasons: string[];
  constructor(message: string, reasons: string[]) {
    super(message, { code: "weak_password" });
    this.name = "WeakPasswordError";
    this.reasons = reasons;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as { code?: unknown }).code === "weak_password" &&
      Array.isArray((value as { reasons?: unknown }).reasons)
    );
  }
}

/**
 * The same rule as account/* (8 to 128 characters, not a common password, not a repeat or a
 * sequence), as GoTrue says it.
 */
export function assertStrongPassword(password: string, minLength = PASSWORD_MIN_LENGTH): void {
  // GOTRUE_PASSWORD_MIN_LENGTH may only raise the account rule's minimum (ADR 049).
  const min = Math.max(minLength, PASSWORD_MIN_LENGTH);
  const length = passwordLength(password);
  if (length < min) {
    throw new WeakPasswordError(`Password should be at least ${min} characters.`, ["length"]);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new WeakPasswordError(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`, [
      "length",
    ]);
  }
  if (isCommonPassword(password))
    throw new WeakPasswordError(MESSAGES.passwordTooCommon, ["pwned"]);
  if (isPredictablePassword(password)) {
    throw new WeakPasswordError(MESSAGES.passwordTooPredictable, ["characters"]);
  }
}

/**
 * first_name / last_name of the metadata become the account's names (account/detail shows them).
 */
export function namesOf(metadata: Record<string, unknown>): {
  firstName?: string;
  lastName?: string;
} {
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = metadata[key];
      if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 50);
    }
    return undefined;
  };
  const firstName = pick("first_name", "firstName", "given_name");
  const lastName = pick("last_name", "lastName", "family_name");
  return {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };
}

/** Metadata rides in every access token (and so in the site's cookie): bounded once merged too. */
export function assertMetadataSize(
  metadata: Record<string, unknown>,
  field: "user_metadata" | "app_metadata",
): void {
  const max = field === "user_metadata" ? USER_METADATA_MAX_BYTES : APP_METADATA_MAX_BYTES;
  if (jsonBytes(metadata) > max) {
    throw new ValidationError(`${field} must be at most ${max} bytes of JSON`, {
      code: "validation_failed",
    });
  }
}

/** Merges `data` into user_metadata as GoTrue does: null removes a key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(data)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** A ban still running: GoTrue's user_banned. */
export function assertNotBanned(user: UserRow, now = Date.now()): void {
  if (user.bannedUntil && user.bannedUntil.getTime() > now) {
    throw new ValidationError("User is banned", { code: "user_banned" });
  }
}

/** Checks a user may start a session through the auth service (banned, unconfirmed). */
export function assertMaySignIn(user: UserRow, now = Date.now()): void {
  assertNotBanned(user, now);
  if (!user.emailVerified) {
    throw new ValidationError("Email not confirmed", { code: "email_not_confirmed" });
  }
}
