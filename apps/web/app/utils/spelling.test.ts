// One spelling in our own texts: "programme", except inside the texts the spec
// gives word for word ("Undergraduate Program", "Why Choose a … program from …", ...).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

/** The spec's own texts that say "program" (docs/spec/discovery.md §2, §7; accounts-and-details.md §2). */
const SPEC_TEXTS = [
  "Undergraduate Program",
  "Graduate Program",
  "Featured Undergraduate Programs",
  "Featured Graduate Programs",
  "Related Programs",
  "program from ${schoolName}",
  "Discover online programs and courses from top schools around the world",
  "Explore Online Courses and Programs",
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("spelling", () => {
  it("writes 'programme' everywhere but in the spec's own texts", () => {
    const root = join(import.meta.dirname, "..", "..");
    const offending: string[] = [];
    for (const file of [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "server"))]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
          if (!/\bprograms?\b/i.test(code)) return;
          if (SPEC_TEXTS.some((text) => code.includes(text))) return;
          offending.push(`${file.slice(root.length + 1)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });
});
