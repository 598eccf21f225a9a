// The small supervisor `npm start` runs the server under (scripts/start.ts; docs/security.md
// "Availability"). The server process ends itself on a fatal failure (a database away for longer
// than DATABASE_OUTAGE_LIMIT_SECONDS, an embedded database whose files failed it:
// services/database-watchdog.ts); the supervisor then starts a fresh one after a growing pause,
// and gives up after MAX_RAPID_CRASHES crashes in a row that each came soon after a start (a
// process that keeps failing at once needs an operator, not a loop). SIGINT and SIGTERM are passed
// on to the server, which closes in order; the supervisor then ends with the server's status.
import { spawn, type ChildProcess } from "node:child_process";
import type { EventEmitter } from "node:events";

/** The pauses before each restart of a series; the last one repeats. */
export const RESTART_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Crashes in a row, each within STABLE_AFTER_MS of its start, after which the supervisor stops. */
export const MAX_RAPID_CRASHES = 5;
/** A process that ran this long before it crashed starts a new series of restarts. */
export const STABLE_AFTER_MS = 60_000;

export interface SupervisorOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Where the supervisor's own lines go (the script's standard error). */
  log: (line: string) => void;
  /** What signals come from (the process; tests pass an emitter). */
  signals?: Pick<EventEmitter, "on" | "off">;
  delaysMs?: readonly number[];
  maxRapidCrashes?: number;
  stableAfterMs?: number;
  /** Told of every server process started (tests). */
  onStart?: (child: ChildProcess) => void;
}

const FORWARDED = ["SIGINT", "SIGTERM"] as const;

/** Runs the server until it ends cleanly, is told to stop, or crashes too often; resolves the exit code. */
export function supervise(options: SupervisorOptions): Promise<number> {
  const delays = options.delaysMs ?? RESTART_DELAYS_MS;
  const maxRapidCrashes = options.maxRapidCrashes ?? MAX_RAPID_CRASHES;
  const stableAfterMs = options.stableAfterMs ?? STABLE_AFTER_MS;
  const signals = options.signals ?? process;
  let child: ChildProcess | undefined;
  let stopping: NodeJS.Signals | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let rapidCrashes = 0;

  return new Promise<number>((resolve) => {
    const forward = (signal: NodeJS.Signals) => {
      stopping ??= signal;
      if (restartTimer) {
        clearTimeout(restartTimer);
        finish(0);
      } else child?.kill(signal);
    };
    const handlers = FORWARDED.map((signal) => [signal, () => forward(signal)] as const);
    for (const [signal, handler] of handlers) signals.on(signal, handler);
    const finish = (code: number) => {
      for (const [signal, handler] of handlers) signals.off(signal, handler);
      resolve(code);
    };

    const start = () => {
      restartTimer = undefined;
      const startedAt = Date.now();
      const current = spawn(options.command, options.args, {
        env: options.env ?? process.env,
        stdio: "inherit",
      });
      child = current;
      options.onStart?.(current);
      let ended = false;
      const exited = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return;
        ended = true;
        child = undefined;
        if (stopping) return finish(code ?? 0);
        if (code === 0) return finish(0);
        crashed(Date.now() - startedAt, code === null ? `signal ${signal}` : `status ${code}`);
      };
      current.on("exit", exited);
      current.on("error", (error) => {
        options.log(`Could not start the server process: ${error.message}`);
        exited(1, null);
      });
    };

    const crashed = (ranMs: number, how: string) => {
      rapidCrashes = ranMs >= stableAfterMs ? 1 : rapidCrashes + 1;
      if (rapidCrashes >= maxRapidCrashes) {
        options.log(
          `The server process ended (${how}) ${rapidCrashes} times in a row soon after starting; giving up.`,
        );
        return finish(1);
      }
      const delay = delays[Math.min(rapidCrashes - 1, delays.length - 1)] ?? 1000;
      options.log(`The server process ended (${how}); starting it again in ${delay} ms.`);
      restartTimer = setTimeout(start, delay);
    };

    start();
  });
}
