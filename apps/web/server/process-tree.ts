// The processes a process started, from /proc (Linux): the cluster primary's workers, for the
// benchmark's memory line (bench/process-memory.ts) and the worker test (ADR 020).
import { readdirSync, readFileSync } from "node:fs";

/** The ids of the live processes whose parent is `parent`, ascending. */
export function childProcessIds(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: the name may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === parent && fields[0] !== "Z") children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children.sort((a, b) => a - b);
}
