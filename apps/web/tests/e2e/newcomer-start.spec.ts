// A newcomer's first run (README "Run it" and "Accounts", docs/decisions/046-loopback-mailbox.md):
// the README's first command on a fresh clone of the repository with no environment but a free
// PORT, then, in Chromium, a partner signs up, reads the verification e-mail at /dev/mailbox as
// the start banner says, follows its link and signs in. The same mailbox answers 404 to this
// machine's non-loopback address.
//
// What is reused to keep the cost of CI low (about 1–2 minutes): the checkout's installed
// packages (the clone's node_modules holds a link to each of them, and links its own workspaces)
// and the web build the end-to-end tier has just made (`npm run test:e2e` builds first), so
// `npm install` is not run again (the clean install is measured apart: ADR 046) and `npm start`
// finds its build fresh. Everything else is the clone's own: sources, start script, ./data.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { PASSWORD, uniqueEmail } from "./support/accounts.ts";

const REPOSITORY = fileURLToPath(new URL("../../../../", import.meta.url));
const WORKSPACES: Record<string, string> = {
  core: "packages/core",
  db: "packages/db",
  schemas: "packages/schemas",
  web: "apps/web",
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The clone's node_modules: a link to each installed package, its own workspaces linked in. */
function linkInstalledPackages(clone: string): void {
  const installed = path.join(REPOSITORY, "node_modules");
  const modules = path.join(clone, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(installed)) {
    if (entry === "@studyatlas") continue;
    symlinkSync(path.join(installed, entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, "@studyatlas"));
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    symlinkSync(path.join(clone, folder), path.join(modules, "@studyatlas", name));
  }
}

/** A non-loopback IPv4 address of this machine, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

let clone: string;
let server: ChildProcess | undefined;
let output = "";

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    // npm, the start script's supervisor and the server: one process group, started here.
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  if (clone) rmSync(clone, { recursive: true, force: true });
});

test("a fresh clone: `npm start`, a partner signs up, reads the e-mail at /dev/mailbox and signs in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const build = path.join(REPOSITORY, "apps/web/build");
  expect(existsSync(path.join(build, "server/index.js")), "run `npm run build` first").toBe(true);

  clone = mkdtempSync(path.join(tmpdir(), "studyatlas-newcomer-"));
  execFileSync("git", ["clone", "--quiet", "--local", REPOSITORY, clone]);
  linkInstalledPackages(clone);
  // Copied after the clone, so the build is newer than every source and `npm start` keeps it.
  cpSync(build, path.join(clone, "apps/web/build"), { recursive: true });

  const port = await freePort();
  const base = `http://localhost:${port}`;
  // No environment but what a shell gives, PATH (without the test runner's node_modules/.bin)
  // and HOME, and the free port.
  const shellPath = (process.env.PATH ?? "/usr/bin:/bin")
    .split(path.delimiter)
    .filter((folder) => !folder.includes("node_modules"))
    .join(path.delimiter);
  server = spawn("npm", ["start"], {
    cwd: clone,
    env: { PATH: shellPath, HOME: process.env.HOME ?? clone, PORT: String(port) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes("StudyAtlas is serving") || server?.exitCode !== null, {
      timeout: 180_000,
      intervals: [500],
    })
    .toBe(true);
  expect(server.exitCode, output.slice(-3000)).toBeNull();
  // The start banner says where the e-mails are read.
  expect(output).toContain(
    `E-mails are kept in the outbox (no SMTP_URL): read them at ${base}/dev/mailbox (from this machine only)`,
  );
  expect(output, "the build was reused").not.toContain("Building the web app");

  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    const email = uniqueEmail("newcomer");
    const organisation = `Newcomer College ${Date.now().toString(36)}`;
    await page.goto("/dashboard/partner/register");
    await page.getByLabel("First name").fill("Nia");
    await page.getByLabel("Last name").fill("Newcomer");
    await page.getByLabel("Organisation").fill(organisation);
    await page.getByLabel("Work e-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Almost done! We have sent a link")).toBeVisible();

    // The mailbox, as the banner says; the e-mail goes out just after the answer.
    await expect
      .poll(
        async () => {
          await page.goto("/dev/mailbox");
          return page.getByRole("row").filter({ hasText: email }).count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await page
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("link", { name: "Verify your StudyAtlas e-mail address" })
      .click();
    await expect(
      page.getByRole("heading", { name: "Verify your StudyAtlas e-mail address" }),
    ).toBeVisible();
    await page.getByRole("link", { name: /\/verify-email\// }).click();
    await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();

    // Signing in, in a browser of its own: the partner's dashboard, waiting for approval.
    const other = await browser.newContext({ baseURL: base });
    try {
      const door = await other.newPage();
      await door.goto("/dashboard/partner/login");
      await door.getByLabel("Email").fill(email);
      await door.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await door.getByRole("button", { name: "Sign In" }).click();
      await door.waitForURL("**/dashboard/partner");
      await expect(door.getByRole("heading", { level: 1 })).toHaveText(organisation);
      await expect(door.getByText("waiting for approval")).toBeVisible();
    } finally {
      await other.close();
    }
  } finally {
    await context.close();
  }

  // From this machine's outside address the mailbox does not exist.
  const outside = outsideAddress();
  if (outside) {
    const response = await fetch(`http://${outside}:${port}/dev/mailbox`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Verify your StudyAtlas");
  }
});
