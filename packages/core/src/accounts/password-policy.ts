// The server's half of the password rule (ASVS 6.2.4, NIST 800-63B 3.1.1.2; docs/security.md V6):
// a new password must not be one of the most common ones, or the site's name, nor a pattern that
// zxcvbn's repeat, sequence and keyboard matchers guess at once (one character or a short unit
// repeated, a run of letters or digits, a stretch of a keyboard row). The list is zxcvbn's
// "passwords-common" (about 49,000 passwords ranked by how often they appear in breach corpora),
// read from disk once, offline. Lengths are checked by the shared schema.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { ValidationError } from "../errors.ts";

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const file = require.resolve("@zxcvbn-ts/language-common/src/passwords.json");
    const list = JSON.parse(readFileSync(file, "utf8")) as string[];
    common = new Set([...list, "studyatlas", "study atlas", "studyatlas1", "studyatlas123"]);
  }
  return common;
}

/** The form NFKC normalisation gives a password, so that one typed two ways is one password. */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

/** Whether `password`, in any case and without surrounding spaces, is among the common ones. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalizePassword(password).trim().toLowerCase());
}

/** The longest unit whose repeats count as one guess ("abcdabcd"). */
const MAX_REPEATED_UNIT = 4;

/** Keyboard rows (QWERTY, QWERTZ, AZERTY) and the digit row, read either way. */
const KEYBOARD_ROWS = [
  "1234567890",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm,./",
  "qwertzuiop",
  "yxcvbnm",
  "azertyuiop",
  "qsdfghjklm",
  "wxcvbn",
];

function isRepeat(chars: readonly string[]): boolean {
  for (let unit = 1; unit <= MAX_REPEATED_UNIT && unit < chars.length; unit++) {
    if (chars.every((char, index) => char === chars[index % unit])) return true;
  }
  return false;
}

/** Code points one apart all the way, up or down: "abcdefgh", "87654321". */
function isSequence(chars: readonly string[]): boolean {
  const codes = chars.map((char) => char.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, index) => index === 0 || code - (codes[index - 1] ?? 0) === step);
}

function isKeyboardRun(text: string): boolean {
  return KEYBOARD_ROWS.some(
    (row) => row.includes(text) || [...row].reverse().join("").includes(text),
  );
}

/**
 * Whether `password`, in any case and without surrounding spaces, is a repeat, a sequence or a
 * stretch of a keyboard row (zxcvbn scores each below 2, "too guessable").
 */
export function isPredictablePassword(password: string): boolean {
  const text = normalizePassword(password).trim().toLowerCase();
  const chars = [...text];
  if (chars.length < 2) return false;
  return isRepeat(chars) || isSequence(chars) || isKeyboardRun(text);
}

/** Throws a 400 naming `field` when `password` may not be chosen. */
export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ValidationError(MESSAGES.passwordTooCommon, {
      code: "password_too_common",
      errors: { [field]: [MESSAGES.passwordTooCommon] },
    });
  }
  if (isPredictablePassword(password)) {
    throw new ValidationError(MESSAGES.passwordTooPredictable, {
      code: "password_too_predictable",
      errors: { [field]: [MESSAGES.passwordTooPredictable] },
    });
  }
}
