import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";

import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  signAccessToken,
  verifyAccessToken,
} from "./access-token.ts";
import { decodeUserId, encodeUserId, sha256 } from "./secrets.ts";

const SECRET = "a-test-secret-that-is-long-enough-1234567890";
const CLAIMS = {
  userId: 42,
  sessionId: "0b9f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  aal: "aal1",
  role: "student",
  email: "ada@example.com",
};

describe("access tokens", () => {
  it("carry the user, the session id and the assurance level", async () => {
    const signed = await signAccessToken(SECRET, CLAIMS, 900, 1_800_000_000_000);
    expect(signed.expiresAt).toBe(1_800_000_900);
    const check = await verifyAccessToken(SECRET, signed.token, 1_800_000_100_000);
    expect(check).toEqual({ ok: true, claims: CLAIMS });
  });

  it("expire after their lifetime", async () => {
    const signed = await signAccessToken(SECRET, CLAIMS, 60, 1_800_000_000_000);
    expect(await verifyAccessToken(SECRET, signed.token, 1_800_000_061_000)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are refused with another key or when altered", async () => {
    const signed = await signAccessToken(SECRET, CLAIMS, 900);
    expect((await verifyAccessToken(`${SECRET}x`, signed.token)).ok).toBe(false);
    const [header, payload, signature] = signed.token.split(".");
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
        sub: "1",
      }),
    ).toString("base64url");
    expect((await verifyAccessToken(SECRET, `${header}.${forged}.${signature}`)).ok).toBe(false);
    expect((await verifyAccessToken(SECRET, "not-a-token")).ok).toBe(false);
  });

  it("are refused without an expiry, even when signed with our key", async () => {
    const endless = await new SignJWT({
      session_id: CLAIMS.sessionId,
      aal: "aal1",
      role: "authenticated",
      email: CLAIMS.email,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("42")
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(SECRET, endless)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("link secrets", () => {
  it("encode user ids for links and refuse anything else", () => {
    expect(decodeUserId(encodeUserId(316))).toBe(316);
    expect(decodeUserId("not base64 !")).toBeUndefined();
    expect(decodeUserId(Buffer.from("0").toString("base64url"))).toBeUndefined();
    expect(decodeUserId(Buffer.from("99999999999").toString("base64url"))).toBeUndefined();
  });

  it("store tokens as SHA-256 hex", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
