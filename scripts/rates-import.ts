// `npm run rates:import [-- <url or file>]`: the European Central Bank's daily reference rates
// (eurofxref-daily.xml or eurofxref.csv) into the catalogue's currencies, with their date and
// source, and every programme's USD fee recomputed (docs/decisions/051-total-cost-and-rates.md).
// Without an argument it reads RATES_URL, else the ECB's own daily XML. The database is the one
// the server uses (DATABASE_URL, or PGlite's data directory: stop a PGlite server first).
import { importRates, readRatesSource } from "../packages/core/src/cost/rates-import.ts";
import { openDatabaseTarget } from "../packages/db/src/cli/database-target.ts";

const ECB_DAILY_XML = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";

async function main(args: readonly string[]): Promise<number> {
  if (args.includes("--help") || args.length > 1) {
    process.stdout.write(
      "Usage: npm run rates:import [-- <url or file>]\n" +
        `  Reads the ECB's daily rates (XML or CSV) from the URL or file; by default RATES_URL, else ${ECB_DAILY_XML}.\n`,
    );
    return args.includes("--help") ? 0 : 2;
  }
  const location = args[0] ?? (process.env.RATES_URL?.trim() || ECB_DAILY_XML);
  let text: string;
  try {
    text = await readRatesSource(location);
  } catch (error) {
    process.stderr.write(`rates:import: cannot read ${location}: ${(error as Error).message}\n`);
    return 1;
  }
  const target = await openDatabaseTarget("rates:import", 2);
  if (!target) return 2;
  try {
    const result = await importRates(target.handle.db, text);
    process.stdout.write(
      `Rates of ${result.date} (${result.source}) into ${target.label}: ${result.updated.length} currencies updated` +
        ` (${result.updated.join(", ") || "none newer than the stored rates"}); ` +
        `${result.kept.length} kept their own rate and date; ${result.programmes} programmes' USD fees recomputed.\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`rates:import: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await target.handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
