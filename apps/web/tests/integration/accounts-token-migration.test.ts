// Migration 0019 moves the site's e-mailed links from verification_tokens to one_time_tokens and
// drops the old table (docs/decisions/006-sessions-and-tokens.md). A database is migrated to the
// migration before it, links are "e-mailed" into the old table as the old code stored them, then
// the new migration runs as it would at boot: the pending links must keep working, once each,
// and the used or expired ones must not come back. An auth-service token pending at that moment
// keeps working too.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { encodeUserId, randomToken, sha256 } from "@studyatlas/core/accounts/secrets.ts";
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import {
  databaseUrl,
  quoteIdentifier,
  randomSuffix,
} from "@studyatlas/db/testing/test-database-source.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";

/** The migration under test; the database starts at the one before it. */
const MIGRATION = "0019_one_time_tokens";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder that ends just before MIGRATION. */
function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "studyatlas-migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** An empty database of the run's engine (PGlite in memory, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const source = inject("testDatabase");
  if (source.kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite" });
    return { handle, dispose: () => handle.close() };
  }
  // Named with the run's prefix, so the global teardown drops it even if this file crashes.
  const name = `${source.runPrefix}_${randomSuffix()}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: source.adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${quoteIdentifier(name)}`);
  const handle = await openDatabase({
    kind: "postgres",
    url: databaseUrl(source.adminUrl, name),
    maxConnections: 5,
  });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    },
  };
}

async function migrateTo(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === "pglite")
    await migratePglite(handle.db as never, { migrationsFolder: folder });
  else await migratePostgres(handle.db as never, { migrationsFolder: folder });
}

interface OldLink {
  uid: string;
  token: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

let database: { handle: DatabaseHandle; dispose: () => Promise<void> };
let app: FastifyInstance;
const links: Record<string, OldLink> = {};
let authServiceTokenHash = "";
let userIds: Record<string, number> = {};

/** A user row as the 0018 schema has it. */
async function insertUser(handle: DatabaseHandle, email: string, verified: boolean) {
  const { rows } = await handle.query<{ id: number }>(
    `insert into users (email, first_name, last_name, email_verified, referral_code)
     values ($1, 'Ada', 'Lovelace', $2, $3) returning id`,
    [email, verified, randomToken(6)],
  );
  return Number(rows[0]!.id);
}

/** A link stored as the site stored it before the migration: SHA-256 of the token. */
async function insertOldLink(
  handle: DatabaseHandle,
  userId: number,
  purpose: "email_verification" | "password_reset",
  state: { expiresInMs: number; used?: boolean },
): Promise<OldLink> {
  const token = randomToken();
  await handle.query(
    `insert into verification_tokens (user_id, purpose, token_hash, expires_at, used_at)
     values ($1, $2, $3, $4, $5)`,
    [
      userId,
      purpose,
      sha256(token),
      new Date(Date.now() + state.expiresInMs),
      state.used ? new Date() : null,
    ],
  );
  return { uid: encodeUserId(userId), token };
}

beforeAll(async () => {
  database = await emptyDatabase();
  const { handle } = database;
  const before = migrationsBefore(MIGRATION);
  try {
    await migrateTo(handle, before.folder);
  } finally {
    before.remove();
  }
  userIds = {
    unverified: await insertUser(handle, "pending-verification@example.com", false),
    resetting: await insertUser(handle, "pending-reset@example.com", true),
    stale: await insertUser(handle, "stale-links@example.com", false),
    otp: await insertUser(handle, "auth-service@example.com", true),
  };
  links.verification = await insertOldLink(handle, userIds.unverified!, "email_verification", {
    expiresInMs: 3 * DAY_MS,
  });
  links.reset = await insertOldLink(handle, userIds.resetting!, "password_reset", {
    expiresInMs: 60 * 60 * 1000,
  });
  links.expired = await insertOldLink(handle, userIds.stale!, "email_verification", {
    expiresInMs: -1000,
  });
  links.used = await insertOldLink(handle, userIds.stale!, "password_reset", {
    expiresInMs: 60 * 60 * 1000,
    used: true,
  });
  // A recovery link of the auth service, pending in the table that stays.
  authServiceTokenHash = randomToken(28);
  await handle.query(
    `insert into one_time_tokens (user_id, token_type, relates_to, code_hash, link_hash, expires_at)
     values ($1, 'recovery', 'auth-service@example.com', $2, $3, now() + interval '1 hour')`,
    [userIds.otp, sha256("auth-service@example.com:123456"), sha256(authServiceTokenHash)],
  );

  // The new migration, as the server applies it at boot.
  await handle.migrate();
  app = await buildApp({ config: testConfig(), database: handle, frontend: { kind: "none" } });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const verifyUrl = (link: OldLink) => `/api/account/verify-email/${link.uid}/${link.token}/`;
const resetUrl = (link: OldLink) => `/api/account/password_reset_confirm/${link.uid}/${link.token}`;

describe(`migration ${MIGRATION}`, () => {
  it("drops verification_tokens and keeps only the live links", async () => {
    const { rows: tables } = await database.handle.query<{ name: string | null }>(
      "select to_regclass('public.verification_tokens')::text as name",
    );
    expect(tables[0]?.name).toBeNull();
    const { rows } = await database.handle.query<{ user_id: number; token_type: string }>(
      "select user_id, token_type from one_time_tokens where code_hash is null order by user_id",
    );
    expect(rows.map((row) => [Number(row.user_id), row.token_type])).toEqual([
      [userIds.unverified, "signup"],
      [userIds.resetting, "recovery"],
    ]);
  });

  it("lets an e-mailed verification link from before the migration verify the address, once", async () => {
    const answer = await app.inject({ url: verifyUrl(links.verification!) });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ signed_in: boolean; access_token?: string }>();
    expect(body.signed_in).toBe(true);
    expect(typeof body.access_token).toBe("string");
    const { rows } = await database.handle.query<{ email_verified: boolean }>(
      "select email_verified from users where id = $1",
      [userIds.unverified],
    );
    expect(rows[0]?.email_verified).toBe(true);
    expect((await app.inject({ url: verifyUrl(links.verification!) })).statusCode).toBe(400);
  });

  it("lets a reset link from before the migration set a new password, once", async () => {
    const confirm = (password: string) =>
      app.inject({
        method: "POST",
        url: resetUrl(links.reset!),
        payload: { new_password: password },
      });
    expect((await confirm("Brand123!")).statusCode).toBe(200);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email: "pending-reset@example.com", password: "Brand123!" },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await confirm("Other123!")).statusCode).toBe(400);
  });

  it("does not revive an expired or a used link", async () => {
    expect((await app.inject({ url: verifyUrl(links.expired!) })).statusCode).toBe(400);
    const used = await app.inject({
      method: "POST",
      url: resetUrl(links.used!),
      payload: { new_password: "Brand123!" },
    });
    expect(used.statusCode).toBe(400);
  });

  it("keeps an auth-service link that was pending in one_time_tokens working", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/auth/v1/verify",
      payload: { type: "recovery", token_hash: authServiceTokenHash },
    });
    expect(answer.statusCode).toBe(200);
    expect(typeof answer.json<{ access_token: string }>().access_token).toBe("string");
  });
});
