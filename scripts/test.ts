// `npm test`: every tier, in order of speed: lint and types, unit, integration on PGlite,
// integration on PostgreSQL (when TEST_DATABASE_URL is set), end-to-end in Chromium.
// The end-to-end tier needs Debian's Chromium; without it the run fails unless SKIP_E2E=1.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

interface Tier {
  name: string;
  command: string[];
  skip?: string;
}

const tiers: Tier[] = [
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "unit", command: ["vitest", "run", "--project", "unit"] },
  { name: "integration (PGlite)", command: ["vitest", "run", "--project", "integration"] },
  {
    name: "integration (PostgreSQL)",
    command: ["vitest", "run", "--project", "integration-postgres"],
    ...(process.env.TEST_DATABASE_URL ? {} : { skip: "TEST_DATABASE_URL is not set" }),
  },
  {
    name: "end-to-end (Chromium)",
    command: ["npm", "run", "test:e2e"],
    ...(process.env.SKIP_E2E === "1" ? { skip: "SKIP_E2E=1" } : {}),
  },
];

const summary: string[] = [];
for (const tier of tiers) {
  if (tier.skip) {
    summary.push(`- ${tier.name}: skipped (${tier.skip})`);
    continue;
  }
  if (tier.name.startsWith("end-to-end") && !existsSync(CHROMIUM)) {
    console.error(
      `The end-to-end tier needs Chromium at ${CHROMIUM}: run 'apt-get install -y chromium' (or set SKIP_E2E=1 to skip it).`,
    );
    process.exit(1);
  }
  console.log(`\n=== ${tier.name}: ${tier.command.join(" ")}`);
  const started = performance.now();
  const [command, ...args] = tier.command as [string, ...string[]];
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${tier.name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  summary.push(`- ${tier.name}: passed in ${seconds} s`);
}
console.log(`\nAll tiers:\n${summary.join("\n")}`);
