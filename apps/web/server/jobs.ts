// Every repeating job of a process, in one scheduler over croner: each is named, never overlaps
// itself (a slow run is not joined by the next), has its failures logged and its runs counted
// (docs/metrics.md), and stops when the scheduler stops (the app's onClose; the cluster primary's
// stop). Timers are unreferenced, so a job never keeps a process alive by itself. croner ticks on
// whole seconds.
import { Cron } from "croner";

import type { FastifyBaseLogger as Logger } from "fastify";

export interface JobSchedule {
  /** Time between the starts of two runs, in milliseconds (rounded to whole seconds, at least 1). */
  everyMs: number;
  /** Also run at once; otherwise the first run is one interval away. */
  runAtStart?: boolean;
}

/** Told of every run of every job (metrics/metrics.ts counts them). */
export interface JobObserver {
  ran(job: string, outcome: "success" | "failure", seconds: number): void;
}

export interface Scheduler {
  /** Runs `run` on `schedule` under `name` (unique in this scheduler) until stopped. */
  schedule(name: string, schedule: JobSchedule, run: () => unknown): void;
  /** The names of the jobs scheduled and not stopped. */
  running(): string[];
  /** Stops one job, or every job; a run in progress finishes on its own. */
  stop(name?: string): void;
}

/** Whole seconds, as croner counts them. */
export function intervalSeconds(everyMs: number): number {
  return Math.max(1, Math.round(everyMs / 1000));
}

export function createScheduler(log: Pick<Logger, "error">, observer?: JobObserver): Scheduler {
  const jobs = new Map<string, Cron>();
  return {
    schedule(name, schedule, run) {
      if (jobs.has(name)) throw new Error(`A job named ${name} is already scheduled`);
      const seconds = intervalSeconds(schedule.everyMs);
      const job = new Cron(
        "* * * * * *",
        {
          interval: seconds,
          ...(schedule.runAtStart ? {} : { startAt: new Date(Date.now() + seconds * 1000) }),
          protect: true,
          unref: true,
          catch: (error) => log.error({ err: error, job: name }, `The job ${name} failed`),
        },
        async () => {
          const started = performance.now();
          try {
            await run();
          } catch (error) {
            observer?.ran(name, "failure", (performance.now() - started) / 1000);
            throw error;
          }
          observer?.ran(name, "success", (performance.now() - started) / 1000);
        },
      );
      jobs.set(name, job);
    },
    running: () => [...jobs].filter(([, job]) => job.isRunning()).map(([name]) => name),
    stop(name) {
      for (const [jobName, job] of jobs) {
        if (name !== undefined && jobName !== name) continue;
        job.stop();
        jobs.delete(jobName);
      }
    },
  };
}
