// The memory of the bench server's processes, read from /proc by whichever process answers
// `/bench/index`: with --workers N, every worker (the primary's children) and the primary, so the
// figure is each process's own RSS, not the answering worker's alone (ADR 020).
import cluster from "node:cluster";
import { readFileSync } from "node:fs";

import { childProcessIds } from "../apps/web/server/process-tree.ts";

export interface ProcessMemory {
  pid: number;
  role: "server" | "worker" | "primary";
  /** Resident set size in bytes. */
  rss: number;
}

function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined; // ended meanwhile
  }
}

/** This process's RSS alone; or, in a worker, every worker's and the primary's. */
export function serverProcessMemory(): ProcessMemory[] {
  if (!cluster.isWorker)
    return [{ pid: process.pid, role: "server", rss: process.memoryUsage().rss }];
  const processes: ProcessMemory[] = [];
  for (const pid of childProcessIds(process.ppid)) {
    const rss = residentBytes(pid);
    if (rss !== undefined) processes.push({ pid, role: "worker", rss });
  }
  const primary = residentBytes(process.ppid);
  if (primary !== undefined) processes.push({ pid: process.ppid, role: "primary", rss: primary });
  return processes;
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** "RSS 310 MiB", or "RSS per worker 310, 305 MiB (primary 62 MiB; 677 MiB in all)". */
export function memoryLine(processes: readonly ProcessMemory[]): string {
  const workers = processes.filter((entry) => entry.role === "worker");
  if (workers.length === 0) return `RSS ${mib(processes[0]?.rss ?? 0)} MiB`;
  const primary = processes.find((entry) => entry.role === "primary")?.rss ?? 0;
  const total = workers.reduce((sum, entry) => sum + entry.rss, primary);
  return `RSS per worker ${workers.map((entry) => mib(entry.rss)).join(", ")} MiB (primary ${mib(primary)} MiB; ${mib(total)} MiB in all)`;
}
