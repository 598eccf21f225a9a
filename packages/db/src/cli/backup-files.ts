// What `db:backup` and `db:restore` share (docs/decisions/048-backups-and-the-read-replica.md):
// the two kinds of backup file, how to tell them apart, PostgreSQL's client tools, and the
// figures a backup or a restore reports.
import { spawn } from "node:child_process";
import { existsSync, openSync, readSync, closeSync } from "node:fs";

import type { DatabaseHandle } from "../client.ts";

/**
 * A PGlite backup is its data directory as a tar file (PGlite's `dumpDataDir`, gzipped); a
 * PostgreSQL backup is pg_dump's custom format (`pg_dump -Fc`). Neither loads into the other engine.
 */
export type BackupKind = "pglite" | "postgres";

export const BACKUP_EXTENSIONS: Readonly<Record<BackupKind, string>> = {
  pglite: ".tar.gz",
  postgres: ".pgdump",
};

/** The kind of backup in `file`, from its first bytes; undefined when it is neither. */
export function backupKindOf(file: string): BackupKind | undefined {
  const head = Buffer.alloc(512);
  const descriptor = openSync(file, "r");
  let read: number;
  try {
    read = readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (read >= 5 && head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  // gzip, or a plain tar ("ustar" at byte 257).
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (read >= 262 && head.subarray(257, 262).toString("latin1") === "ustar") return "pglite";
  return undefined;
}

export const ENGINE_NAMES: Readonly<Record<BackupKind, string>> = {
  pglite: "an embedded PGlite data directory",
  postgres: "a PostgreSQL database (pg_dump)",
};

/** The tables of the public schema (none in an empty database). */
export async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** What a restored or backed-up database holds, for the one line the commands print. */
export async function contentsOf(handle: DatabaseHandle): Promise<string> {
  const tables = await tablesOf(handle);
  const count = async (table: string) =>
    tables.includes(table)
      ? Number(
          (await handle.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n,
        )
      : 0;
  return `${tables.length} tables, ${await count("courses")} programmes, ${await count("users")} users`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * PostgreSQL's client tool `name` for the server's major version: Debian installs each version's
 * tools under /usr/lib/postgresql/<major>/bin, and pg_dump refuses a server newer than itself.
 */
export function postgresTool(name: string, serverMajor: number): string {
  const versioned = `/usr/lib/postgresql/${serverMajor}/bin/${name}`;
  return existsSync(versioned) ? versioned : name;
}

export async function serverMajorOf(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.query<{ version: string }>(
    "select current_setting('server_version_num') as version",
  );
  return Math.floor(Number(rows[0]?.version ?? 0) / 10_000);
}

/**
 * Runs a client tool; resolves with its standard output, or rejects with its standard error (a
 * missing tool says how to install it).
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { input?: NodeJS.ReadableStream } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    if (options.input && child.stdin) {
      // A tool that stops reading early (an error) closes the pipe: its exit code tells why.
      child.stdin.on("error", () => undefined);
      options.input.pipe(child.stdin);
    }
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else {
        const message = Buffer.concat(err).toString("utf8").trim();
        reject(new Error(`${command} failed (exit ${code}): ${message || "no message"}`));
      }
    });
  });
}

/** Parses `--flag value` and bare `--flag` arguments plus one positional file. */
export function parseArguments(
  argv: readonly string[],
  flags: { withValue: readonly string[]; bare: readonly string[] },
): { values: Map<string, string>; set: Set<string>; positional: string[] } {
  const values = new Map<string, string>();
  const set = new Set<string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if (flags.withValue.includes(argument)) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith("--"))
        throw new Error(`${argument} needs a value`);
      values.set(argument, value);
      index += 1;
    } else if (flags.bare.includes(argument)) {
      set.add(argument);
    } else if (argument.startsWith("--")) {
      throw new Error(`unknown option ${argument}`);
    } else {
      positional.push(argument);
    }
  }
  return { values, set, positional };
}
