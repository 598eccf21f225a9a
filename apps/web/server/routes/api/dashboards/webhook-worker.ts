// Delivers lead webhooks (packages/core/src/dashboards/webhooks.ts) from this process: every
// few seconds (the "webhook-delivery" job of the process's scheduler, server/jobs.ts), and at once
// when a route queues one (`kick`). Every process runs one; the rows' leases keep two processes
// from posting the same delivery.
import type { FastifyBaseLogger as Logger } from "fastify";
import { deliverDueWebhooks } from "@studyatlas/core/dashboards/webhooks.ts";
import type { Database } from "@studyatlas/db/client.ts";

import type { Scheduler } from "../../../jobs.ts";

export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

export interface WebhookWorker {
  kick(): void;
  /** Resolves when the current round (if any) is over. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function createWebhookWorker(options: {
  db: Database;
  log: Logger;
  allowPrivate: boolean;
  scheduler: Scheduler;
  intervalMs?: number;
}): WebhookWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = async () => {
    do {
      again = false;
      try {
        // Keep going while full batches come back.
        while (
          (await deliverDueWebhooks(options.db, {
            allowPrivate: options.allowPrivate,
            log: options.log,
          })) >= 20
        );
      } catch (error) {
        options.log.warn({ err: error }, "webhook delivery round failed; the next round retries");
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = undefined;
    });
  };
  options.scheduler.schedule(WEBHOOK_DELIVERY_JOB, { everyMs: options.intervalMs ?? 5000 }, kick);
  return {
    kick,
    settled: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      options.scheduler.stop(WEBHOOK_DELIVERY_JOB);
      await running;
    },
  };
}
