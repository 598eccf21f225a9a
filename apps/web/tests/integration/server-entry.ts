// The real server entry (apps/web/server/index.ts) as a child process, for the tests that need
// what only a process has: its signals, its exit, its workers.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { WEB_ROOT } from "../../server/app.ts";

const ENTRY = path.join(WEB_ROOT, "server/index.ts");

export interface Server {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startEntry(env: Record<string, string>): Server {
  let stdout = "";
  let stderr = "";
  const child = spawn(process.execPath, [ENTRY], {
    cwd: WEB_ROOT,
    // Only what the server needs: the test runner's own variables stay out.
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Waits for the entry's "serving" line; throws with its stderr if it exits or takes too long. */
export async function waitUntilServing(server: Server, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes("StudyAtlas is serving")) {
    if (server.child.exitCode !== null)
      throw new Error(`The server exited during start-up:\n${server.stderr()}`);
    if (Date.now() > deadline)
      throw new Error(`The server did not start within ${timeoutMs / 1000} s:\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
