// Password hashing: argon2id with the OWASP-recommended minimum (19 MiB, 2 iterations), the
// library's defaults (docs/security.md V6).
import { hash, verify } from "@node-rs/argon2";

import { normalizePassword } from "./password-policy.ts";

/** Algorithm 2 is argon2id in @node-rs/argon2's numbering. */
const ARGON2ID = 2;

// Passwords are hashed and checked in NFKC form (NIST 800-63B 5.1.1.2), so "é" typed as one code
// point or as e plus an accent is one password. Every password chosen under the old ASCII-only rule
// is its own NFKC form, so existing hashes keep working.
export async function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), {
    algorithm: ARGON2ID,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when no account matches, so both cases take as long. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("dummy-password-1!");
  await verifyPassword(await dummyHash, password);
}
