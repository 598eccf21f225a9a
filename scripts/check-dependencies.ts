// `npm run lint`'s dependency check (docs/decisions/021-honest-packages.md): knip, twice.
// 1. `--strict`: the code each workspace ships imports only what its own `dependencies` list
//    (sibling workspaces included), and lists nothing it does not import.
// 2. the whole tree, tests, benchmarks and scripts included: whatever a file imports is declared by
//    its workspace or by the root, where the tools of tests, benchmarks and scripts live.
// knip.json says where each workspace's entry points are.
//   node scripts/check-dependencies.ts [--directory DIR]   (DIR: another root, for the lint tests)
import { spawnSync } from "node:child_process";
import path from "node:path";

/** knip, a root devDependency. */
const KNIP = path.join(import.meta.dirname, "..", "node_modules", "knip", "bin", "knip.js");

const PASSES = [
  { name: "shipped code against each workspace's dependencies", args: ["--strict"] },
  { name: "every file against its workspace's and the root's declarations", args: [] },
];

const extra = process.argv.slice(2);
let failed = 0;
for (const pass of PASSES) {
  const result = spawnSync(
    process.execPath,
    [KNIP, "--dependencies", "--no-progress", ...pass.args, ...extra],
    { stdio: "inherit" },
  );
  if (result.status !== 0) {
    failed += 1;
    process.stderr.write(`✗ knip, ${pass.name}: see above\n`);
  }
}
process.exit(failed > 0 ? 1 : 0);
