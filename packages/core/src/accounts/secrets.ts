// Random tokens and their stored form: only a SHA-256 of a token is kept, so a copy of the
// database cannot be replayed as sessions or reset links (docs/decisions/006-sessions-and-tokens.md).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

/** 32 random bytes, base64url: 256 bits, URL- and cookie-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The user part of verification links (Django's uidb64): the id, base64url-encoded. */
export function encodeUserId(id: number): string {
  return Buffer.from(String(id)).toString("base64url");
}

export function decodeUserId(value: string): number | undefined {
  const text = Buffer.from(value, "base64url").toString("utf8");
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_INT4 ? id : undefined;
}
