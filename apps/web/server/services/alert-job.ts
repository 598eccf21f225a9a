// The alert run on the scheduler (docs/decisions/053-saved-searches-and-alerts.md): every process
// offers it every ALERTS_INTERVAL_SECONDS; the PostgreSQL lease lets one of them run it. The
// digests are recorded in the outbox inside the run's transactions, then sent over SMTP here, a
// batch at a time as each transaction commits.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

import type { FastifyBaseLogger as Logger } from "fastify";

import { runAlerts } from "@studyatlas/core/alerts/alert-run.ts";
import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import type { Database } from "@studyatlas/db/client.ts";

import type { AppConfig } from "../config.ts";
import type { Scheduler } from "../jobs.ts";
import { createRecordedMailSender } from "./mail.ts";

export const ALERTS_JOB = "alerts";

export function scheduleAlerts(options: {
  db: Database;
  config: AppConfig;
  log: Logger;
  scheduler: Scheduler;
  finderIndex: FinderIndex;
}): void {
  const { db, config, log, scheduler, finderIndex } = options;
  // A restarted process is a new holder: it waits for a lease its predecessor left behind.
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const deliver = createRecordedMailSender(db, config.mail, log);
  scheduler.schedule(ALERTS_JOB, { everyMs: config.alertsIntervalMs }, async () => {
    const result = await runAlerts(db, {
      now: new Date(),
      holder,
      publicBaseUrl: config.publicBaseUrl,
      finder: finderIndex,
      // Each batch is delivered once committed, so the run never holds every digest at once.
      onMails: async (mails) => {
        for (const mail of mails) await deliver(mail.id, mail.message);
      },
    });
    if (result.recorded > 0) log.info({ mails: result.recorded }, "Alerts sent");
  });
}
