import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { DATA_DIR_LOCK_FILE, DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "studyatlas-lock-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The id of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

describe("one process per PGlite data directory (ADR 048)", () => {
  it("writes this process's id, and removes it when given back", () => {
    const directory = dataDir();
    const release = lockDataDir(directory);
    const file = path.join(directory, DATA_DIR_LOCK_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a directory another live process holds, naming it", () => {
    const directory = dataDir();
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(path.join(directory, DATA_DIR_LOCK_FILE), `${process.ppid}\n`);
    expect(() => lockDataDir(directory)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(directory)).toThrow(
      `The PGlite data directory ${directory} is in use by process ${process.ppid}`,
    );
  });

  it("takes over the lock of a process that has ended (killed, or inside a restored backup)", () => {
    const directory = dataDir();
    const file = path.join(directory, DATA_DIR_LOCK_FILE);
    writeFileSync(file, `${endedPid()}\n`);
    const release = lockDataDir(directory);
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    // A restored backup brings its own ended holder along: giving back still removes it.
    writeFileSync(file, `${endedPid()}\n`);
    release();
    expect(existsSync(file)).toBe(false);
  });
});
