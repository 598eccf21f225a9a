// The one logger of every process: pino, as Fastify's logger (app.ts) and, before an app exists
// or where none does (the start, the cluster primary), as the process's own (index.ts). Both take
// their options here, so every line, from a route, a loader (the load context's request logger,
// app/context.ts) or core (which takes a logger parameter), is serialised and redacted alike
// (log-redaction.ts). On a terminal the lines are printed readable and coloured by pino-pretty,
// in process, after pino has redacted them; anywhere else (a pipe, a file, a log collector) they
// stay JSON, one object a line (LOG_FORMAT, README "Configuration").
import { PinoPretty } from "pino-pretty";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

import {
  REDACTED_PATHS,
  REDACTION_CENSOR,
  serializeError,
  serializeRequest,
} from "./log-redaction.ts";

export type { Logger } from "pino";

/** LOG_FORMAT: `auto` is pretty when standard output is a terminal, JSON otherwise. */
export type LogFormatSetting = "auto" | "json" | "pretty";

export function prettyWanted(setting: LogFormatSetting, stdoutIsTerminal: boolean): boolean {
  return setting === "pretty" || (setting === "auto" && stdoutIsTerminal);
}

/** pino's options for a level: our serializers and redaction. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: REDACTION_CENSOR },
  };
}

interface LoggedRequest {
  method?: string;
  url?: string;
}

/**
 * A request's lines (request-log.ts) as one short line: `GET /path → 200 in 3 ms`. The
 * address is the serialised one, already redacted.
 */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const value = log[messageKey];
  const message = typeof value === "string" ? value : "";
  const req = log.req as LoggedRequest | undefined;
  if (!req?.method) return message;
  const res = log.res as { statusCode?: number } | undefined;
  const time = typeof log.responseTime === "number" ? ` in ${Math.round(log.responseTime)} ms` : "";
  if (message === "request completed")
    return `${req.method} ${req.url ?? ""} → ${res?.statusCode ?? "?"}${time}`;
  if (message === "incoming request") return `${req.method} ${req.url ?? ""}`;
  return `${message} (${req.method} ${req.url ?? ""})`;
}

/**
 * Readable, coloured lines for a terminal. The request's fields are folded into its message;
 * what else a line carries (an error's stack, a mail's address) follows it, indented.
 */
export function prettyStream(
  destination: number | DestinationStream | NodeJS.WritableStream = 1,
  colorize = true,
): DestinationStream {
  return PinoPretty({
    destination,
    colorize,
    sync: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    messageFormat: requestLine,
  });
}

/**
 * The process's logger where no app logs: its lines go to standard output, except errors, which
 * go to standard error, where a supervisor (or a terminal) looks for failures.
 */
export function createProcessLogger(
  level: string,
  options: { pretty?: boolean; stream?: DestinationStream } = {},
): Logger {
  if (options.stream) return pino(loggerOptions(level), options.stream);
  const pretty = options.pretty ?? false;
  const streams = pino.multistream(
    [
      { level: "trace", stream: pretty ? prettyStream(1) : process.stdout },
      { level: "error", stream: pretty ? prettyStream(2) : process.stderr },
    ],
    { dedupe: true },
  );
  return pino(loggerOptions(level), streams);
}
