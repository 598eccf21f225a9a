// Password hashing: argon2id with the OWASP-recommended minimum (19 MiB, 2 iterations), the
// library's defaults (engineering guide §5).
import { hash, verify } from "@node-rs/argon2";

/** Algorithm 2 is argon2id in @node-rs/argon2's numbering. */
const ARGON2ID = 2;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
