// The one logger of every process: pino, as Fastify's logger (app.ts) and, before an app exists
// or where none does (the start, the cluster primary), as the process's own (index.ts). Both take
// their options here, so every line, from a route, a loader (the load context's request logger,
// app/context.ts) or core (which takes a logger parameter), is serialised and redacted alike
// (log-redaction.ts).
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

import {
  REDACTED_PATHS,
  REDACTION_CENSOR,
  serializeError,
  serializeRequest,
} from "./log-redaction.ts";

export type { Logger } from "pino";

/** pino's options for a level: our serializers and redaction. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: REDACTION_CENSOR },
  };
}

/**
 * The process's logger where no app logs: its lines go to standard output, except errors, which
 * go to standard error, where a supervisor (or a terminal) looks for failures.
 */
export function createProcessLogger(level: string, stream?: DestinationStream): Logger {
  if (stream) return pino(loggerOptions(level), stream);
  const streams = pino.multistream(
    [
      { level: "trace", stream: process.stdout },
      { level: "error", stream: process.stderr },
    ],
    { dedupe: true },
  );
  return pino(loggerOptions(level), streams);
}
