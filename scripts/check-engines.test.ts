// The install's one line (scripts/check-engines.ts): engines checked against the project's Node.
import { existsSync, readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { checkEngines, npmNode, summaryLine } from "./check-engines.ts";

describe("checkEngines", () => {
  const packages = {
    "": { engines: { node: ">=24 <25" } },
    "node_modules/vitest": { engines: { node: "^22.12.0 || ^24.0.0 || >=26.0.0" } },
    "node_modules/old": { engines: { node: ">= 0.8" } },
    "node_modules/a/node_modules/future": { engines: { node: ">=26" } },
    "node_modules/no-engines": {},
    "node_modules/legacy-array": { engines: ["node >= 0.4"] },
  };

  it("checks every installed package's engines.node against the given Node", () => {
    expect(checkEngines(packages, "v24.9.0")).toEqual({
      checked: 3,
      refused: [{ name: "future", wants: ">=26" }],
    });
    expect(checkEngines(packages, "v20.20.2").refused.map((item) => item.name)).toEqual([
      "vitest",
      "future",
    ]);
    expect(checkEngines(packages, "v24.9.0", (location) => !location.includes("future"))).toEqual({
      checked: 2,
      refused: [],
    });
  });

  it("finds every installed package of our lock file content with the pinned Node", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { version?: string }>;
    };
    const pinned = `v${lock.packages["node_modules/node"]?.version}`;
    // Optional packages for other platforms (a Windows build of sharp) are not installed here.
    const check = checkEngines(lock.packages as never, pinned, (location) =>
      existsSync(`${location}/package.json`),
    );
    expect(check.checked).toBeGreaterThan(100);
    expect(check.refused).toEqual([]);
  });
});

describe("the install's line", () => {
  it("reads the Node that ran npm from its user agent", () => {
    expect(npmNode("npm/11.19.1 node/v20.20.2 linux x64 workspaces/false")).toBe("v20.20.2");
    expect(npmNode(undefined)).toBeUndefined();
  });

  it("says why npm's engine warnings were harmless, in one line", () => {
    const line = summaryLine({ checked: 412, refused: [] }, "v24.9.0", "v20.20.2");
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toBe(
      "Installed. npm ran on Node v20.20.2, but every npm script runs on the project's own Node v24.9.0, which all 412 packages' engines accept.",
    );
    expect(summaryLine({ checked: 412, refused: [] }, "v24.9.0", "v24.9.0")).toBe(
      "Installed. Every npm script runs on the project's own Node v24.9.0, which all 412 packages' engines accept.",
    );
    expect(
      summaryLine(
        { checked: 2, refused: [{ name: "future", wants: ">=26" }] },
        "v24.9.0",
        undefined,
      ),
    ).toBe(
      "Installed, but 1 of 2 packages do not accept the project's Node v24.9.0: future (>=26)",
    );
  });
});
