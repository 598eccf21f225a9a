// The student's notifications on the scheduler (docs/decisions/057-student-loop.md): every process
// runs the job; the rows of work are claimed under SKIP LOCKED in packages/core, so two processes
// on one PostgreSQL never send one e-mail twice.
import type { FastifyBaseLogger as Logger } from "fastify";

import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import {
  sendReplyDigests,
  sendStatusNotices,
} from "@studyatlas/core/applications/notifications.ts";
import type { Database } from "@studyatlas/db/client.ts";

import type { NotificationConfig } from "../config-schema-notifications.ts";
import type { Scheduler } from "../jobs.ts";
import { createPushSender } from "./web-push.ts";

export const NOTIFICATIONS_JOB = "student-notifications";

export function scheduleNotifications(
  scheduler: Scheduler,
  options: {
    db: Database;
    mailer: Mailer;
    config: NotificationConfig;
    publicBaseUrl: string;
    log: Logger;
  },
): void {
  const { db, mailer, config, publicBaseUrl, log } = options;
  const push = createPushSender(config.vapid, log);
  scheduler.schedule(NOTIFICATIONS_JOB, { everyMs: config.everyMs }, async () => {
    const deps = { mailer, publicBaseUrl, now: new Date(), quietMs: config.replyQuietMs, push };
    await sendReplyDigests(db, deps);
    await sendStatusNotices(db, deps);
  });
}
