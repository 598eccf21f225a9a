// Leases of scheduled jobs that one process of many should run (the daily exchange-rate import,
// docs/decisions/051-total-cost-and-rates.md; the alert run, ADR 053): a process takes a job by moving `leased_until` ahead
// in one conditional update, so of several processes (or machines on one database) only one runs it.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  /** Until when the process that took the job holds it; a process that dies frees it then. */
  leasedUntil: timestamp("leased_until", { withTimezone: true }).notNull(),
  /** Who holds it, for jobs whose holder renews its own lease (the alert run, ADR 053). */
  holder: text("holder"),
  /** When the job last finished without error; the next run is due a period after. */
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
});
