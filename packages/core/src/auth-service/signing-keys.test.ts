// The keyring's part in signing and verifying access tokens (ADR 062): the header a token gets, and
// which keys a token is verified with. The database's key set is tested in
// apps/web/tests/integration/auth-service-signing-keys.test.ts.
import { decodeProtectedHeader, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";

import { signAccessToken, verifyAccessToken } from "../accounts/access-token.ts";
import type { Keyring } from "./signing-keys.ts";

const SECRET = "a-test-secret-that-is-long-enough-1234567890";
const CLAIMS = {
  userId: 7,
  sessionId: "0b9f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  aal: "aal1",
  role: "student",
  email: "",
};

async function keyringOf(alg: "ES256" | "RS256", kid: string): Promise<Keyring> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return {
    secret: SECRET,
    signer: () => ({ kid, alg, key: privateKey }),
    publicKey: async (asked) => (asked === kid ? { alg, key: publicKey } : undefined),
    jwks: () => ({ keys: [] }),
    reload: async () => {},
  };
}

describe("a keyring", () => {
  it("signs with its current key and kid, and verifies that and HS256 tokens", async () => {
    const keyring = await keyringOf("ES256", "k1");
    const signed = await signAccessToken(keyring, CLAIMS, 900, Date.now(), {
      appMetadata: {},
      userMetadata: {},
      amr: [],
      isAnonymous: true,
    });
    expect(decodeProtectedHeader(signed.token)).toEqual({ alg: "ES256", kid: "k1", typ: "JWT" });
    expect(await verifyAccessToken(keyring, signed.token)).toEqual({ ok: true, claims: CLAIMS });
    const hs256 = await signAccessToken(SECRET, CLAIMS, 900);
    expect(decodeProtectedHeader(hs256.token).alg).toBe("HS256");
    expect((await verifyAccessToken(keyring, hs256.token)).ok).toBe(true);
  });

  it("refuses a token of another key, of an unknown kid, or asymmetric without a keyring", async () => {
    const keyring = await keyringOf("ES256", "k1");
    const impostor = await keyringOf("ES256", "k1");
    const forged = await signAccessToken(impostor, CLAIMS, 900);
    expect(await verifyAccessToken(keyring, forged.token)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const elsewhere = await signAccessToken(await keyringOf("ES256", "k2"), CLAIMS, 900);
    expect((await verifyAccessToken(keyring, elsewhere.token)).ok).toBe(false);
    const signed = await signAccessToken(keyring, CLAIMS, 900);
    expect((await verifyAccessToken(SECRET, signed.token)).ok).toBe(false);
    // A kid whose key is of another algorithm than the header says.
    const rsa = await signAccessToken(await keyringOf("RS256", "k1"), CLAIMS, 900);
    expect((await verifyAccessToken(keyring, rsa.token)).ok).toBe(false);
  });
});
