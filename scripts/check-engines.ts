// `npm install`'s last step (the root `postinstall`; README "Run it", ADR 046): the one line a
// newcomer reads after installing. npm checks every package's `engines` against the Node that
// runs npm itself (the machine's, which may be 20) and warned about each package that wants a
// newer one, though none of them ever runs there: every npm script puts node_modules/.bin first
// on PATH and runs on the project's pinned Node (the `node` package). So `.npmrc` keeps npm's
// warnings out of the install (`loglevel=error`) and this script, run by that pinned Node, does
// the check that matters: every installed package's `engines.node` against the Node it will run
// on. A package that refuses that Node is named on standard error (the install still succeeds).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import semver from "semver";

interface LockedPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

export interface EngineCheck {
  checked: number;
  refused: Array<{ name: string; wants: string }>;
}

/** Each installed package of the lock file whose `engines.node` does not accept `nodeVersion`. */
export function checkEngines(
  packages: Record<string, LockedPackage>,
  nodeVersion: string,
  installed: (location: string) => boolean = () => true,
): EngineCheck {
  const result: EngineCheck = { checked: 0, refused: [] };
  for (const [location, entry] of Object.entries(packages)) {
    const wants = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!location.includes("node_modules/") || !wants || !installed(location)) continue;
    result.checked += 1;
    if (!semver.satisfies(nodeVersion, wants, { includePrerelease: true }))
      result.refused.push({
        name: location.slice(location.lastIndexOf("node_modules/") + 13),
        wants,
      });
  }
  return result;
}

/** The Node that ran npm, from the user agent npm gives its scripts (`npm/11.6.0 node/v20.19.0 …`). */
export function npmNode(userAgent: string | undefined): string | undefined {
  return /\bnode\/(v[\d.]+)/.exec(userAgent ?? "")?.[1];
}

export function summaryLine(
  check: EngineCheck,
  runsOn: string,
  npmRanOn: string | undefined,
): string {
  if (check.refused.length)
    return `Installed, but ${check.refused.length} of ${check.checked} packages do not accept the project's Node ${runsOn}: ${check.refused.map((item) => `${item.name} (${item.wants})`).join(", ")}`;
  const npm = npmRanOn && npmRanOn !== runsOn ? `npm ran on Node ${npmRanOn}, but every` : "Every";
  return `Installed. ${npm} npm script runs on the project's own Node ${runsOn}, which all ${check.checked} packages' engines accept.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockedPackage>;
  };
  const check = checkEngines(lock.packages, process.version, (location) =>
    existsSync(path.join(root, location, "package.json")),
  );
  const line = summaryLine(check, process.version, npmNode(process.env.npm_config_user_agent));
  if (check.refused.length) console.error(line);
  else console.log(line);
}
