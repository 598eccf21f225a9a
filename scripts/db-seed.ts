// `npm run db:seed`: the demo catalogue (packages/db/src/cli/seed.ts) and, unless
// --no-demo-accounts or DEMO_ACCOUNTS=false, the demo accounts of the README.
import {
  demoAccountsLine,
  ensureDemoAccounts,
} from "../packages/core/src/accounts/demo-accounts.ts";
import { seedDemoDashboards } from "../packages/core/src/dashboards/demo-organisations.ts";
import { runSeedCli } from "../packages/db/src/cli/seed.ts";

process.exitCode = await runSeedCli(process.argv.slice(2), {
  demoAccountsByDefault: process.env.DEMO_ACCOUNTS?.trim().toLowerCase() !== "false",
  async afterSeed(handle, args) {
    if (!args.demoAccounts) return;
    const created = await ensureDemoAccounts(handle.db);
    await seedDemoDashboards(handle.db);
    if (created > 0) {
      process.stdout.write(`${demoAccountsLine()}\n`);
    }
  },
});
