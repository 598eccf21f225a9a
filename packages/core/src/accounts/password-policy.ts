// The server's half of the password rule (ASVS 6.2.4, NIST 800-63B 3.1.1.2; docs/security.md V6):
// a new password must not be one of the most common ones, or the site's name. The list is
// zxcvbn's "passwords-common" (about 49,000 passwords ranked by how often they appear in breach
// corpora), read from disk once, offline. Lengths are checked by the shared schema.
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

/** Throws a 400 naming `field` when `password` may not be chosen. */
export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ValidationError(MESSAGES.passwordTooCommon, {
      code: "password_too_common",
      errors: { [field]: [MESSAGES.passwordTooCommon] },
    });
  }
}
