// The production front end for the integration tests that render pages: built once when no build
// is there. Several test files may ask at the same moment (vitest runs them in parallel workers),
// and two builds writing the same directory fail, so the build runs under an exclusive file lock
// (util-linux `flock`): the first builds, the others wait for it and find the build done.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { WEB_ROOT } from "../../server/app.ts";

export function ensureBuiltFrontEnd(): void {
  if (existsSync(path.join(WEB_ROOT, "build/server/index.js"))) return;
  const lock = path.join(
    os.tmpdir(),
    `studyatlas-build-${createHash("sha256").update(WEB_ROOT).digest("hex").slice(0, 16)}.lock`,
  );
  const built = spawnSync(
    "flock",
    [lock, "sh", "-c", "test -f build/server/index.js || npm run build"],
    { cwd: WEB_ROOT, stdio: "inherit" },
  );
  if (built.status !== 0) throw new Error("The front end did not build.");
}
