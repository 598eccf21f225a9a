// `npm run bench:gotrue-suites -- <checkout>`: runs Supabase's own auth-js integration suites,
// unchanged but for their server URLs and keys, against StudyAtlas's /auth/v1 in the "GoTrue
// defaults" profile (config/gotrue-defaults.env, docs/decisions/049-gotrue-configuration-and-profiles.md),
// and prints tests, passed, failed and every failing test with the first line of its error.
//
// <checkout> is a checkout of either suite (never copied into this repository):
// - supabase/auth-js (archived; its `test/` folder, written for the docker-compose.yml that runs
//   three GoTrue servers: autoconfirm off on 9999, on on 9998, sign-ups disabled on 9997, and an
//   asymmetric-key one on 9996, here a server signing RS256 with a key of its own set);
// - supabase/supabase-js (`packages/core/auth-js`, written for the Supabase CLI's one server at
//   127.0.0.1:54321/auth/v1); the checkout's root or that folder.
//
// What it does: installs the suite's dev dependencies in the checkout when they are missing (never
// in this repository; `catalog:` versions resolved from pnpm-workspace.yaml), starts one server
// per GoTrue server the suite expects on a scratch PostgreSQL database (--database-url, or a new
// database `gotrue_suites_<pid>` on TEST_DATABASE_URL's server, dropped afterwards), rewrites the
// suite's test/lib/clients.ts for the run (server URLs and the JWT secret; the CLI suite's keys,
// RS256 with its signing key, are left as they are and its servers are given that key in
// GOTRUE_JWT_KEYS, as the CLI gives it to GoTrue) and puts it back afterwards, then runs the suite
// with its own runner (jest).
//
// Options: --database-url URL, --port-base N (default 9890), --product (the product's defaults
// instead of the profile: the "before" figure), --json FILE (jest's full results), --filter TEXT
// (jest -t).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { detectSuite, type Suite } from "./gotrue-suite-kinds.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PROFILE_FILE = path.join(ROOT, "config/gotrue-defaults.env");

interface Options {
  checkout: string;
  databaseUrl?: string | undefined;
  portBase: number;
  product: boolean;
  json?: string | undefined;
  filter?: string | undefined;
}

function parseArguments(argv: string[]): Options {
  let checkout: string | undefined;
  const options: Partial<Options> = { portBase: 9890, product: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new Error(`${argument} needs a value`);
      index += 1;
      return next;
    };
    if (argument === "--database-url") options.databaseUrl = value();
    else if (argument === "--port-base") options.portBase = Number(value());
    else if (argument === "--product") options.product = true;
    else if (argument === "--json") options.json = path.resolve(value());
    else if (argument === "--filter") options.filter = value();
    else if (argument?.startsWith("--")) throw new Error(`unknown option ${argument}`);
    else checkout = argument;
  }
  if (!checkout) {
    throw new Error("usage: npm run bench:gotrue-suites -- <checkout of auth-js or supabase-js>");
  }
  return { ...options, checkout: path.resolve(checkout) } as Options;
}

/** One GoTrue server the suite expects: the text of its URL in clients.ts, and its settings. */
function run(command: string, args: string[], cwd: string, env = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/** The suite's dev dependencies, in the checkout (npm; pnpm's `catalog:` resolved by hand). */
function installSuite(suite: Suite): void {
  if (existsSync(path.join(suite.runDirectory, "node_modules/.bin/jest"))) return;
  if (existsSync(path.join(suite.packageDirectory, "node_modules/.bin/jest"))) return;
  const manifestPath = path.join(suite.packageDirectory, "package.json");
  const original = readFileSync(manifestPath, "utf8");
  const catalog = catalogOf(suite.packageDirectory);
  const manifest = JSON.parse(original) as Record<string, Record<string, string> | undefined>;
  for (const field of ["dependencies", "devDependencies"]) {
    const entries = manifest[field];
    if (!entries) continue;
    for (const [name, version] of Object.entries(entries)) {
      if (version === "catalog:") entries[name] = catalog.get(name) ?? "*";
    }
  }
  try {
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--no-package-lock",
        "--workspaces=false",
      ],
      suite.packageDirectory,
    );
    if (suite.runDirectory !== suite.packageDirectory) {
      run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"], suite.runDirectory);
    }
  } finally {
    writeFileSync(manifestPath, original);
  }
}

/** pnpm-workspace.yaml's `catalog:` entries, from the nearest one above the package. */
function catalogOf(directory: string): Map<string, string> {
  const catalog = new Map<string, string>();
  let current = directory;
  for (;;) {
    const file = path.join(current, "pnpm-workspace.yaml");
    if (existsSync(file)) {
      let inCatalog = false;
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (/^catalog:\s*$/.test(line)) inCatalog = true;
        else if (/^\S/.test(line)) inCatalog = false;
        else if (inCatalog) {
          const match = /^\s+'?([^':]+)'?:\s*(\S+)/.exec(line);
          if (match?.[1] && match[2]) catalog.set(match[1], match[2]);
        }
      }
      return catalog;
    }
    const parent = path.dirname(current);
    if (parent === current) return catalog;
    current = parent;
  }
}

function profileEnv(product: boolean): Record<string, string> {
  if (product) return {};
  const env: Record<string, string> = {};
  for (const line of readFileSync(PROFILE_FILE, "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = match[2] ?? "";
  }
  return env;
}

async function waitForReady(child: ChildProcess, name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready on")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) =>
      reject(new Error(`server ${name} exited with ${code ?? "a signal"}:\n${output}`)),
    );
  });
}

/** A scratch database on TEST_DATABASE_URL's server unless --database-url names one. */
async function scratchDatabase(options: Options): Promise<{ url: string; drop: () => void }> {
  if (options.databaseUrl) return { url: options.databaseUrl, drop: () => {} };
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    throw new Error(
      "set --database-url or TEST_DATABASE_URL (several servers share one PostgreSQL database, as GoTrue's containers do)",
    );
  }
  const name = `gotrue_suites_${process.pid}`;
  const admin = new URL(server);
  const psql = (sql: string) =>
    run("psql", [admin.toString(), "-q", "-c", sql], ROOT, { ...process.env });
  psql(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`drop database if exists ${name} with (force)`) };
}

interface JestResults {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

function firstLine(message: string | undefined): string {
  const lines = (message ?? "")
    .replaceAll(ANSI_COLOUR, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("at "));
  return lines.slice(0, 3).join(" | ").slice(0, 300);
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const suite = detectSuite(options.checkout);
  console.log(`suite: ${suite.kind} at ${suite.runDirectory}`);
  installSuite(suite);
  // The CLI suite's own first step (its project.json): the RSA key its clients.ts loads.
  const signingKeys = path.join(suite.packageDirectory, "test/supabase/signing_keys.json");
  const generateKeys = path.join(suite.packageDirectory, "test/generate-signing-keys.js");
  if (suite.kind === "supabase-js cli" && !existsSync(signingKeys) && existsSync(generateKeys)) {
    run(process.execPath, [generateKeys], suite.packageDirectory);
  }

  const secret = randomBytes(36).toString("base64url");
  const database = await scratchDatabase(options);
  const servers: ChildProcess[] = [];
  const originalClients = readFileSync(suite.clients, "utf8");
  try {
    const urls = new Map<string, string>();
    for (const [index, instance] of suite.instances.entries()) {
      const port = options.portBase + index;
      const child = spawn(
        process.execPath,
        [...process.execArgv, path.join(ROOT, "bench/gotrue-suites-server.ts")],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            ...profileEnv(options.product),
            ...(options.product ? {} : instance.env),
            ...(suite.keysFile ? { GOTRUE_JWT_KEYS: readFileSync(suite.keysFile, "utf8") } : {}),
            DATABASE_URL: database.url,
            PORT: String(port),
            PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
            AUTH_SECRET: secret,
            AUTH_REDIRECT_URLS: suite.redirectUrls,
            FINDER_INDEX: "false",
            // The first server migrates; the others find the schema in place.
            GOTRUE_SUITES_MIGRATE: index === 0 ? "true" : "false",
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      servers.push(child);
      await waitForReady(child, instance.name);
      urls.set(instance.name, `http://127.0.0.1:${port}/auth/v1`);
    }
    writeFileSync(suite.clients, suite.rewrite(originalClients, urls, secret));
    const outputFile = options.json ?? path.join(tmpdir(), `gotrue-suites-${process.pid}.json`);
    const jest = existsSync(path.join(suite.runDirectory, "node_modules/.bin/jest"))
      ? path.join(suite.runDirectory, "node_modules/.bin/jest")
      : path.join(suite.packageDirectory, "node_modules/.bin/jest");
    spawnSync(
      jest,
      [
        ...suite.jestArguments,
        "--coverage=false",
        "--json",
        `--outputFile=${outputFile}`,
        ...(options.filter ? ["-t", options.filter] : []),
      ],
      { cwd: suite.runDirectory, stdio: ["ignore", "ignore", "inherit"], env: process.env },
    );
    const results = JSON.parse(readFileSync(outputFile, "utf8")) as JestResults;
    console.log(
      `tests ${results.numTotalTests}  passed ${results.numPassedTests}  failed ${results.numFailedTests}  skipped ${results.numPendingTests}`,
    );
    for (const file of results.testResults) {
      const relative = path.relative(suite.runDirectory, file.name);
      if (file.assertionResults.length === 0 && file.message) {
        console.log(`FILE ${relative}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status !== "failed") continue;
        console.log(`FAIL ${relative} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      }
    }
  } finally {
    writeFileSync(suite.clients, originalClients);
    for (const child of servers) child.kill("SIGTERM");
    await Promise.all(
      servers.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) resolve();
            else child.once("exit", () => resolve());
          }),
      ),
    );
    database.drop();
  }
}

await main();
