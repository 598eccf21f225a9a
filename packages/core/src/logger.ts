// The logger core functions take: the server hands in its pino logger (Fastify's, or a request's
// child, which carries the request id), so a core line goes through the server's redaction
// (apps/web/server/log-redaction.ts) like every other. Core never writes to the console.
export interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
