// The supervisor `npm start` runs the server under (supervisor.ts), on real child processes: a
// crashed server starts again, a server that keeps crashing at once is given up on, and SIGTERM
// and SIGINT reach the server, whose status the supervisor then ends with.
import { EventEmitter } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it, vi } from "vitest";

import { supervise } from "./supervisor.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A scratch file the child writes to, and a script of `body` that runs as the child. */
function childScript(body: string): { script: string; file: string } {
  const folder = mkdtempSync(path.join(tmpdir(), "studyatlas-supervisor-"));
  folders.push(folder);
  const file = path.join(folder, "log");
  writeFileSync(file, "");
  const script = path.join(folder, "child.cjs");
  writeFileSync(
    script,
    `const fs = require("node:fs"); const file = ${JSON.stringify(file)};\n${body}`,
  );
  return { script, file };
}

const read = (file: string) => readFileSync(file, "utf8");

describe("the supervisor", () => {
  it("starts a crashed server again, and ends with its status once it ends cleanly", async () => {
    // Crashes twice, then ends cleanly.
    const { script, file } = childScript(`
      fs.appendFileSync(file, "start\\n");
      const starts = fs.readFileSync(file, "utf8").split("\\n").filter(Boolean).length;
      process.exit(starts < 3 ? 1 : 0);`);
    const lines: string[] = [];
    const code = await supervise({
      command: process.execPath,
      args: [script],
      log: (line) => lines.push(line),
      signals: new EventEmitter(),
      delaysMs: [10, 20],
    });
    expect(code).toBe(0);
    expect(read(file).split("\n").filter(Boolean)).toHaveLength(3);
    expect(lines).toEqual([
      expect.stringContaining("starting it again in 10 ms"),
      expect.stringContaining("starting it again in 20 ms"),
    ]);
  });

  it("gives up after too many crashes in a row soon after starting", async () => {
    const { script, file } = childScript(`fs.appendFileSync(file, "start\\n"); process.exit(3);`);
    const lines: string[] = [];
    const code = await supervise({
      command: process.execPath,
      args: [script],
      log: (line) => lines.push(line),
      signals: new EventEmitter(),
      delaysMs: [5],
      maxRapidCrashes: 4,
    });
    expect(code).toBe(1);
    expect(read(file).split("\n").filter(Boolean)).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/4 times in a row.*giving up/);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`passes ${signal} on to the server and ends with its status, starting no other`, async () => {
      const { script, file } = childScript(`
        process.on(${JSON.stringify(signal)}, () => { fs.appendFileSync(file, "got ${signal}\\n"); process.exit(0); });
        setInterval(() => undefined, 1000);
        fs.appendFileSync(file, "ready\\n");`);
      const signals = new EventEmitter();
      let starts = 0;
      const running = supervise({
        command: process.execPath,
        args: [script],
        log: () => undefined,
        signals,
        delaysMs: [5],
        onStart: () => (starts += 1),
      });
      await vi.waitFor(() => expect(read(file)).toContain("ready"), { timeout: 10_000 });
      signals.emit(signal);
      expect(await running).toBe(0);
      expect(read(file)).toContain(`got ${signal}`);
      expect(starts).toBe(1);
      expect(signals.listenerCount(signal)).toBe(0);
    });
  }
});
