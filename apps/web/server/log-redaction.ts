// What the logs must never hold (issue 15 item 15): the secrets of e-mailed links (verification,
// password reset, unsubscribe, the auth service's verify links and Google callbacks) that travel in URLs, and the parameters of a failed database query
// (a password hash, an e-mail address, a token hash). Used as the logger's serializers.
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

/** A failed query's message ends with its parameters ("params: …"): they are cut off. */
export function redactErrorText(text: string): string {
  return text.replace(/(\bparams:)[\s\S]*$/, `$1 ${REDACTED}`);
}

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
