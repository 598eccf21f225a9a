// The daily exchange-rate import when RATES_URL is set (docs/decisions/051-total-cost-and-rates.md):
// every process that does housekeeping checks hourly, and the lease in job_leases lets one of them
// (of several processes or machines on one database) import once a day. The catalogue-change
// notice the currency and programme updates raise renews every process's caches and index.
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import { importRatesWhenDue, RATES_JOB } from "@studyatlas/core/cost/rates-import.ts";

import type { Scheduler } from "./jobs.ts";

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function scheduleRatesImport(
  scheduler: Scheduler,
  database: DatabaseHandle,
  ratesUrl: string | undefined,
  log: { info: (message: string) => void },
): void {
  if (ratesUrl === undefined) return;
  scheduler.schedule(RATES_JOB, { everyMs: CHECK_EVERY_MS, runAtStart: true }, async () => {
    const result = await importRatesWhenDue(database.db, ratesUrl);
    if (result) {
      log.info(
        `Exchange rates of ${result.date} (${result.source}) imported: ${result.updated.length} currencies, ${result.programmes} programmes' USD fees updated`,
      );
    }
  });
}
