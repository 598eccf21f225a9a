// Asymmetric signing keys (docs/decisions/062-signing-keys-and-anonymous-users.md): tokens
// signed ES256 by the database's key set with its kid, the JWKS that auth-js getClaims() verifies
// with locally, both doors (the site's API and /auth/v1) accepting them and HS256 tokens alike,
// rotation with a grace period, and GoTrue's GOTRUE_JWT_KEYS (an RS256 key given by configuration,
// which also signs the API keys, as the Supabase CLI's are).
import { GoTrueClient } from "@supabase/auth-js";
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
} from "jose";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { verifyAccessToken } from "@studyatlas/core/accounts/access-token.ts";
import { PRODUCT_GOTRUE_SETTINGS } from "@studyatlas/core/auth-service/gotrue-settings.ts";
import { openKeyring, rotateSigningKey } from "@studyatlas/core/auth-service/signing-keys.ts";
import type { SigningConfig } from "../../server/config.ts";

import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, adminClient, uniqueAddress } from "./auth-service-client.ts";
import { accountDetail } from "./auth-service-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const GRACE_MS = 3_600_000;

interface Server {
  t: TestApp;
  baseUrl: string;
}

async function start(signing: SigningConfig): Promise<Server> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        signing,
        gotrue: { ...PRODUCT_GOTRUE_SETTINGS, autoconfirm: true },
      },
    },
  });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, baseUrl };
}

/** An auth-js client whose requests are recorded, to tell a local verification from a /user call. */
function recordingClient(baseUrl: string) {
  const requested: string[] = [];
  const store = new Map<string, string>();
  const client = new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    storageKey: `sb-keys-${Math.random().toString(36).slice(2)}`,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    fetch: async (input, init) => {
      requested.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
      return fetch(input, init);
    },
  });
  return { client, requested };
}

async function signedUp(baseUrl: string) {
  const { client, requested } = recordingClient(baseUrl);
  const { data, error } = await client.signUp({
    email: uniqueAddress("keys"),
    password: GOOD_PASSWORD,
  });
  expect(error).toBeNull();
  return { client, requested, token: data.session!.access_token };
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<
    string,
    unknown
  >;
}

async function userStatus(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/auth/v1/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

let es256: Server;
let configured: Server;
let rsaJwk: JWK;
let rsaPrivateKey: CryptoKey;

beforeAll(async () => {
  es256 = await start({ algorithm: "ES256", graceMs: GRACE_MS });
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  rsaPrivateKey = privateKey;
  rsaJwk = {
    ...(await exportJWK(privateKey)),
    kid: "cli-key",
    alg: "RS256",
    key_ops: ["sign", "verify"],
  };
  configured = await start({ algorithm: "HS256", graceMs: GRACE_MS, jwtKeys: [rsaJwk] });
  // Two servers on fresh databases: slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await Promise.all([es256, configured].map((server) => server?.t.close()));
});

describe("ES256 keys kept in the database", () => {
  it("signs with the current key's kid, publishes it, and getClaims() verifies locally", async () => {
    const { client, requested, token } = await signedUp(es256.baseUrl);
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe("ES256");
    const jwks = (await (await fetch(`${es256.baseUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: JWK[];
    };
    expect(jwks.keys.map((key) => key.kid)).toEqual([header.kid]);
    // Only the public half is published.
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");

    requested.length = 0;
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toMatch(/^00000000-0000-4000-8000-/);
    expect(requested).toEqual(["/auth/v1/.well-known/jwks.json"]);
  });

  it("is accepted by both doors, and so are HS256 tokens of the same sessions", async () => {
    const { token } = await signedUp(es256.baseUrl);
    expect((await accountDetail(es256.t, token)).statusCode).toBe(200);
    expect(await userStatus(es256.baseUrl, token)).toBe(200);
    // The same claims signed HS256 with the secret (a token issued before the switch).
    const claims = payloadOf(token);
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(AUTH_SECRET));
    expect((await accountDetail(es256.t, hs256)).statusCode).toBe(200);
    expect(await userStatus(es256.baseUrl, hs256)).toBe(200);
    // A token of a key not in the set is refused.
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(token).kid!, typ: "JWT" })
      .sign(privateKey);
    expect((await accountDetail(es256.t, forged)).statusCode).toBe(401);
    expect(await userStatus(es256.baseUrl, forged)).toBe(403);
  });

  it("rotates: the new key signs everywhere, the old one verifies until its grace ends", async () => {
    const { t, baseUrl } = es256;
    const { token: before } = await signedUp(baseUrl);
    const oldKid = decodeProtectedHeader(before).kid!;
    // Another process rotates the set and signs with the new key.
    const newKid = await rotateSigningKey(t.database.db, "ES256", GRACE_MS);
    const elsewhere = await openKeyring(t.database.db, {
      secret: AUTH_SECRET,
      algorithm: "ES256",
      graceMs: GRACE_MS,
    });
    expect(elsewhere.signer()?.kid).toBe(newKid);
    expect((await verifyAccessToken(elsewhere, before)).ok).toBe(true);
    const signer = elsewhere.signer()!;
    const fromElsewhere = await new SignJWT(payloadOf(before))
      .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: "JWT" })
      .sign(signer.key);
    // This server reads the set again when it first meets the new kid (at most every few
    // seconds), then signs with the new key too; the old key's tokens still verify.
    await vi.waitFor(async () => expect(await userStatus(baseUrl, fromElsewhere)).toBe(200), {
      timeout: 10_000,
      interval: 250,
    });
    expect(decodeProtectedHeader((await signedUp(baseUrl)).token).kid).toBe(newKid);
    expect(await userStatus(baseUrl, before)).toBe(200);
    const jwks = (await (await fetch(`${baseUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: JWK[];
    };
    expect(new Set(jwks.keys.map((key) => key.kid))).toEqual(new Set([oldKid, newKid]));
    // Once the grace period has passed, a process reading the set no longer knows the old key.
    await t.database.db.execute(
      sql`update signing_keys set retired_at = now() - interval '2 hours' where id = ${oldKid}`,
    );
    const later = await openKeyring(t.database.db, {
      secret: AUTH_SECRET,
      algorithm: "ES256",
      graceMs: GRACE_MS,
    });
    expect(await verifyAccessToken(later, before)).toEqual({ ok: false, reason: "invalid" });
    expect(later.jwks().keys.map((key) => key.kid)).toEqual([newKid]);
  });
});

describe("GOTRUE_JWT_KEYS", () => {
  it("signs RS256 with the configured key and accepts API keys it signed", async () => {
    const { token } = await signedUp(configured.baseUrl);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", kid: "cli-key" });
    const jwks = (await (
      await fetch(`${configured.baseUrl}/auth/v1/.well-known/jwks.json`)
    ).json()) as { keys: JWK[] };
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kid: "cli-key", kty: "RSA", n: rsaJwk.n, e: rsaJwk.e }),
    ]);
    expect(jwks.keys[0]).not.toHaveProperty("d");
    // The Supabase CLI signs its service-role key with its RS256 key: accepted as an admin key.
    const serviceRole = await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "RS256", kid: "cli-key", typ: "JWT" })
      .setIssuer("supabase-demo")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(rsaPrivateKey);
    const admin = await adminClient(configured.baseUrl, serviceRole);
    const { error } = await admin.listUsers();
    expect(error).toBeNull();
    // Every admin endpoint takes it, the passkeys' too (they checked the shared secret alone).
    const userId = decodeJwt(token).sub;
    const passkeys = await fetch(`${configured.baseUrl}/auth/v1/admin/users/${userId}/passkeys`, {
      headers: { authorization: `Bearer ${serviceRole}`, apikey: serviceRole },
    });
    expect(passkeys.status).not.toBe(401);
    expect(passkeys.status).not.toBe(403);
  });
});
