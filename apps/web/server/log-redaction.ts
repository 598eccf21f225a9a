// What the logs must never hold (docs/security.md): the secrets of e-mailed links (verification,
// password reset, unsubscribe, the auth service's verify links and Google callbacks) that travel
// in URLs, the parameters of a failed database query (a password hash, an e-mail address, a token
// hash), and any token, password or cookie an error's text or a logged object carries. Used by
// the one logger of every process (logger.ts), so a line from a route, a loader or core is
// redacted alike.
import type { FastifyRequest } from "fastify";

const REDACTED = "[redacted]";

/** Path segments that are secrets, by the route that carries them. */
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/account\/verify-email\/)[^/?]+\/[^/?]+/,
  /^(\/verify-email\/)[^/?]+\/[^/?]+/,
  /^(\/api\/account\/password_reset_confirm\/)[^/?]+\/[^/?]+/,
];

/** Query parameters that are secrets wherever they appear. */
const SECRET_PARAMS =
  /([?&](?:token|token_hash|user|code|state|refresh|access_token|refresh_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  const origin = /^https?:\/\/[^/?#]*/.exec(url)?.[0] ?? "";
  let redacted = url.slice(origin.length);
  for (const pattern of SECRET_PATHS) {
    redacted = redacted.replace(pattern, `$1${REDACTED}/${REDACTED}`);
  }
  return origin + redacted.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/**
 * Secrets written into a text: `Bearer …`, `password=…` or `"password":"…"` (and tokens, secrets,
 * API keys), a cookie header's value, and our session cookies wherever they appear.
 */
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`],
  [/((?:pass(?:wd|word)?|secret|token|api[_-]?key)(?:"\s*:\s*"|=))[^"&\s,;}]+/gi, `$1${REDACTED}`],
  [/(\b(?:set-)?cookie["']?\s*[:=]\s*["']?)[^\n"']*/gi, `$1${REDACTED}`],
  [/(\b(?:__Host-)?sa_(?:access|refresh|device|signup)=)[^;\s"']+/g, `$1${REDACTED}`],
];

/**
 * An error's text as logged: a failed query's parameters ("params: …", at its end) cut off, and
 * any link secret, bearer token, password or cookie in it replaced.
 */
export function redactErrorText(text: string): string {
  let redacted = text.replace(/(\bparams:)[\s\S]*$/, `$1 ${REDACTED}`);
  for (const [pattern, replacement] of SECRET_TEXT) {
    redacted = redacted.replace(pattern, replacement);
  }
  return redactUrlsIn(redacted);
}

/** Every address in a text with its secrets redacted (redactUrl). */
function redactUrlsIn(text: string): string {
  return text.replace(/(?:https?:\/\/[^\s"'<>]+|\/[^\s"'<>]+)/g, (url) => redactUrl(url));
}

/**
 * Fields of a logged object that are secrets wherever they appear (pino's redaction paths): a
 * request's cookie and authorization headers, and a password, token or cookie passed as details.
 */
export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  ...[
    "password",
    "token",
    "accessToken",
    "refreshToken",
    "cookie",
    "authorization",
    "secret",
  ].flatMap((field) => [field, `*.${field}`]),
];

export const REDACTION_CENSOR = REDACTED;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The request as logged: method, redacted URL and the client's address, no headers. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/** An error as logged, with query parameters removed from its text and its causes. */
export function serializeError(error: Error): SerializedError {
  return serializeAny(error, 0);
}

function serializeAny(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redactErrorText(String(error)), stack: "" };
  }
  const serialized: SerializedError = {
    type: error.name,
    message: redactErrorText(error.message),
    stack: redactErrorText(error.stack ?? ""),
  };
  const { code } = error as { code?: unknown };
  if (typeof code === "string") serialized.code = code;
  if (error.cause !== undefined && depth < 3)
    serialized.cause = serializeAny(error.cause, depth + 1);
  return serialized;
}
