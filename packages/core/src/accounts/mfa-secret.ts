// TOTP secrets at rest (docs/decisions/014-two-factor.md): AES-256-GCM under a key derived
// (HKDF-SHA-256) from the access-token key, with the factor's id as additional data, so a copied
// row cannot be moved to another factor and a database dump alone gives no second factor.
// Changing AUTH_SECRET therefore makes enrolled factors unreadable: users enrol again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const INFO = "studyatlas mfa factor secret";

function keyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "studyatlas", INFO, 32));
}

export function sealFactorSecret(authSecret: string, factorId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  cipher.setAAD(Buffer.from(factorId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or undefined when the value was sealed under another key or for another factor. */
export function openFactorSecret(
  authSecret: string,
  factorId: string,
  sealed: string,
): string | undefined {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyOf(authSecret),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(Buffer.from(factorId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return undefined;
  }
}
