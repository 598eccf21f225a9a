// The keys access tokens are signed and verified with (docs/decisions/062-signing-keys-and-anonymous-users.md).
// HS256 with the access-token secret is always accepted (older tokens, and the API keys that
// `npm run auth:keys` prints); with an asymmetric algorithm configured, new tokens are signed ES256
// or RS256 by the current key of the set kept in `signing_keys` (or of GoTrue's GOTRUE_JWT_KEYS),
// with its `kid` in the header, and the public halves are published as a JWKS so that clients
// (auth-js getClaims) verify them locally. A rotation retires the current key; a retired key keeps
// verifying, and stays published, for the grace period.
import { randomUUID } from "node:crypto";

import { gt, isNull, lte, or, sql } from "drizzle-orm";
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
} from "jose";

import type { Database } from "@studyatlas/db/client.ts";
import { signingKeys } from "@studyatlas/db/schema/signing-keys.ts";

export type SigningAlgorithm = "HS256" | "ES256" | "RS256";
type AsymmetricAlgorithm = Exclude<SigningAlgorithm, "HS256">;

/** The asymmetric algorithms a token of ours may carry (besides HS256). */
const ASYMMETRIC_ALGORITHMS: AsymmetricAlgorithm[] = ["ES256", "RS256"];

interface KeyPair {
  kid: string;
  alg: AsymmetricAlgorithm;
  /** Absent for a verify-only key. */
  privateKey?: CryptoKey | undefined;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** What signs and verifies access tokens; a plain string is the HS256 secret alone. */
export interface Keyring {
  /** The HS256 secret (AUTH_SECRET or the database's). */
  secret: string;
  /** The key new tokens are signed with; none: HS256 with the secret. */
  signer(): { kid: string; alg: AsymmetricAlgorithm; key: CryptoKey } | undefined;
  /** The public key of `kid`, reading the set again (at most every few seconds) when unknown. */
  publicKey(kid: string): Promise<{ alg: AsymmetricAlgorithm; key: CryptoKey } | undefined>;
  /** The published set: the public halves of the current and the still-valid retired keys. */
  jwks(): { keys: JWK[] };
  /** Reads the set again (other processes may have rotated it). */
  reload(): Promise<void>;
}

export type TokenKeys = string | Keyring;

function secretOf(keys: TokenKeys): string {
  return typeof keys === "string" ? keys : keys.secret;
}

/** The header and key a new token is signed with. */
export function signingKeyOf(keys: TokenKeys): {
  header: JWTHeaderParameters;
  key: CryptoKey | Uint8Array;
} {
  const signer = typeof keys === "string" ? undefined : keys.signer();
  if (!signer) {
    return {
      header: { alg: "HS256", typ: "JWT" },
      key: new TextEncoder().encode(secretOf(keys)),
    };
  }
  return { header: { alg: signer.alg, kid: signer.kid, typ: "JWT" }, key: signer.key };
}

/** jose's key resolver: HS256 with the secret, ES256/RS256 with the key its `kid` names. */
export function verificationKeyOf(keys: TokenKeys) {
  return async (header: JWTHeaderParameters): Promise<CryptoKey | Uint8Array> => {
    if (header.alg === "HS256") return new TextEncoder().encode(secretOf(keys));
    if (typeof keys === "string" || !header.kid) throw new Error("no key for this token");
    const found = await keys.publicKey(header.kid);
    if (!found || found.alg !== header.alg) throw new Error("no key for this token");
    return found.key;
  };
}

export const VERIFIED_ALGORITHMS = ["HS256", ...ASYMMETRIC_ALGORITHMS];

async function keyPairOf(
  kid: string,
  alg: AsymmetricAlgorithm,
  publicJwk: JWK,
  privateJwk?: JWK,
): Promise<KeyPair> {
  const publicKey = (await importJWK(publicPartOf(publicJwk), alg)) as CryptoKey;
  // Without key_ops and use: WebCrypto refuses "verify" on a private key ("sign", "verify" is
  // how GoTrue's JWT_KEYS list them).
  const { key_ops: _ops, use: _use, ext: _ext, ...material } = privateJwk ?? {};
  const privateKey = privateJwk ? ((await importJWK(material, alg)) as CryptoKey) : undefined;
  return {
    kid,
    alg,
    publicKey,
    privateKey,
    publicJwk: { ...publicJwk, kid, alg, use: "sig", key_ops: ["verify"] },
  };
}

function publicPartOf(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined),
  );
}

/** A new key of `alg`, current from now on; the current one is retired (it verifies for the grace). */
export async function rotateSigningKey(
  db: Database,
  alg: AsymmetricAlgorithm,
  graceMs: number,
): Promise<string> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = randomUUID();
  await db.transaction(async (tx) => {
    // One rotation at a time across processes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('signing_keys'))`);
    await tx
      .update(signingKeys)
      .set({ retiredAt: sql`now()` })
      .where(isNull(signingKeys.retiredAt));
    await tx
      .delete(signingKeys)
      .where(lte(signingKeys.retiredAt, sql`now() - make_interval(secs => ${graceMs / 1000})`));
    await tx
      .insert(signingKeys)
      .values({ id: kid, algorithm: alg, privateJwk, publicJwk: publicPartOf(privateJwk) });
  });
  return kid;
}

async function databaseKeyPairs(db: Database, graceMs: number): Promise<KeyPair[]> {
  const rows = await db
    .select()
    .from(signingKeys)
    .where(
      or(
        isNull(signingKeys.retiredAt),
        gt(signingKeys.retiredAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
      ),
    );
  // The current key first.
  rows.sort((a, b) => Number(a.retiredAt !== null) - Number(b.retiredAt !== null));
  // Only the current key signs: a retired key's private half is not even read.
  return Promise.all(
    rows.map((row) =>
      keyPairOf(
        row.id,
        row.algorithm,
        row.publicJwk as JWK,
        row.retiredAt === null ? (row.privateJwk as JWK) : undefined,
      ),
    ),
  );
}

/** GOTRUE_JWT_KEYS: the first asymmetric key that may sign signs; every asymmetric key verifies. */
async function configuredKeyPairs(jwks: JWK[]): Promise<KeyPair[]> {
  const usable = jwks.filter(
    (jwk): jwk is JWK & { alg: AsymmetricAlgorithm; kid: string } =>
      (ASYMMETRIC_ALGORITHMS as string[]).includes(jwk.alg ?? "") && typeof jwk.kid === "string",
  );
  const pairs = await Promise.all(
    usable.map((jwk) => {
      const signs = jwk.key_ops?.includes("sign") !== false && jwk.d !== undefined;
      return keyPairOf(jwk.kid, jwk.alg, publicPartOf(jwk), signs ? jwk : undefined);
    }),
  );
  return pairs.sort((a, b) => Number(!a.privateKey) - Number(!b.privateKey));
}

interface KeyringOptions {
  secret: string;
  /** HS256: new tokens are signed with the secret; otherwise by the set's current key. */
  algorithm: SigningAlgorithm;
  /** How long a retired key keeps verifying; never less than an access token's lifetime. */
  graceMs: number;
  /** GOTRUE_JWT_KEYS: a fixed set given by configuration instead of the database's. */
  configured?: JWK[] | undefined;
  now?: () => number;
}

const RELOAD_AT_MOST_EVERY_MS = 5_000;

/**
 * The keyring of this process. With an asymmetric algorithm and no current key of it in the
 * database, one is made (a first start, or a change of algorithm rotates).
 */
export async function openKeyring(db: Database, options: KeyringOptions): Promise<Keyring> {
  const now = options.now ?? Date.now;
  let pairs: KeyPair[] = [];
  let loadedAt = 0;
  async function load(): Promise<void> {
    loadedAt = now();
    pairs = options.configured
      ? await configuredKeyPairs(options.configured)
      : await databaseKeyPairs(db, options.graceMs);
  }
  await load();
  // An HS256 process leaves the set alone (it only verifies with it): processes of one database
  // may differ while a change of algorithm rolls out.
  const currentAlg = pairs[0]?.privateKey ? pairs[0].alg : undefined;
  if (!options.configured && options.algorithm !== "HS256" && currentAlg !== options.algorithm) {
    await rotateSigningKey(db, options.algorithm, options.graceMs);
    await load();
  }
  const signs = options.configured ? true : options.algorithm !== "HS256";
  return {
    secret: options.secret,
    signer() {
      const current = pairs[0];
      if (!signs || !current?.privateKey) return undefined;
      return { kid: current.kid, alg: current.alg, key: current.privateKey };
    },
    async publicKey(kid) {
      let pair = pairs.find((candidate) => candidate.kid === kid);
      if (!pair && now() - loadedAt >= RELOAD_AT_MOST_EVERY_MS) {
        await load();
        pair = pairs.find((candidate) => candidate.kid === kid);
      }
      return pair && { alg: pair.alg, key: pair.publicKey };
    },
    jwks: () => ({ keys: pairs.map((pair) => pair.publicJwk) }),
    reload: load,
  };
}
