// A dependency-free progress display for long seeds, written to stderr. On a terminal it redraws
// one line a few times per second; otherwise (CI logs, pipes) it prints a plain line at most once
// per second and on every phase change.

import { formatThousands } from "./text.ts";

export interface ProgressBarOptions {
  stream?: NodeJS.WriteStream;
  /** Minimum milliseconds between redraws on a terminal. */
  interval?: number;
  now?: () => number;
}

export interface ProgressBar {
  update(label: string, done: number, total: number): void;
  /** Prints a message on its own line (clearing the bar first). */
  log(message: string): void;
  done(): void;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--";
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
}

/** One progress line: label, bar (terminal only), counts, percentage, rate and ETA. */
export function renderProgressLine(
  label: string,
  done: number,
  total: number,
  elapsedSeconds: number,
  width = 28,
  withBar = true,
): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const eta = rate > 0 ? (total - done) / rate : Number.NaN;
  const filled = Math.round(ratio * width);
  const bar = withBar ? ` [${"#".repeat(filled)}${".".repeat(width - filled)}]` : "";
  return `${label.padEnd(8)}${bar} ${formatThousands(done)}/${formatThousands(total)} ${(ratio * 100).toFixed(1).padStart(5)}%  ${formatThousands(rate)}/s  ETA ${formatDuration(eta)}`;
}

export function createProgressBar(options: ProgressBarOptions = {}): ProgressBar {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const interval = options.interval ?? (tty ? 200 : 1000);
  let phaseStart = now();
  let lastDraw = -Infinity;
  let lastLabel = "";
  let drawn = false;

  const clear = () => {
    if (tty && drawn) stream.write("\r\x1b[2K");
    drawn = false;
  };

  return {
    update(label, done, total) {
      const t = now();
      const phaseChanged = label !== lastLabel;
      if (phaseChanged) {
        if (tty && drawn) stream.write("\n");
        drawn = false;
        phaseStart = t;
        lastLabel = label;
      }
      const finished = done >= total;
      if (!phaseChanged && !finished && t - lastDraw < interval) return;
      lastDraw = t;
      const line = renderProgressLine(label, done, total, (t - phaseStart) / 1000, 28, tty);
      if (tty) {
        stream.write(`\r\x1b[2K${line}`);
        drawn = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    log(message) {
      clear();
      stream.write(`${message}\n`);
    },
    done() {
      if (tty && drawn) stream.write("\n");
      drawn = false;
    },
  };
}
