// `npm run lint`'s import-circle check (docs/decisions/021-honest-packages.md): prints every circle
// among the modules of the given tsconfigs (by default the repository's two) and exits with 1 if
// there is one.
//   node scripts/check-import-cycles.ts [tsconfig.json ...]
import { findImportCycles } from "./import-cycles.ts";

const tsconfigs = process.argv.slice(2);
const cycles = findImportCycles(
  tsconfigs.length > 0 ? tsconfigs : ["tsconfig.json", "apps/web/tsconfig.json"],
);
for (const { circle, modules } of cycles) {
  const others = modules.length - circle.length;
  process.stderr.write(
    `Import circle: ${[...circle, circle[0]].join(" -> ")}` +
      (others > 0 ? ` (and ${others} more module(s) in the same knot)` : "") +
      "\n",
  );
}
if (cycles.length > 0) {
  process.stderr.write(
    `${cycles.length} import circle(s), type-only imports included: move what both sides need into a module of its own.\n`,
  );
  process.exit(1);
}
