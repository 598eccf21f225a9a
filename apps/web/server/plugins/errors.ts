// The one error path of the API (docs/decisions/004-api-conventions.md,
// 022-one-home-per-feature.md).
// Every error body is built by `apiError`: {code, message, detail, errors?}. `detail` and
// `message` carry the same text because the spec's clients read one or the other
// (docs/spec/accounts-and-details.md §8). Domain errors map to a status through one table; request
// validation (Fastify, from each route's zod schema) keeps the spec's own message as the detail of
// a body error. Never a 500 for bad input.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

import {
  DomainError,
  InvalidParameterError,
  type DomainErrorKind,
  type FieldErrors,
} from "@studyatlas/core/errors.ts";
import { sqlState } from "@studyatlas/core/transactions.ts";
import type { ApiError } from "@studyatlas/schemas/catalogue.ts";

/** The only builder of error JSON. */
export function apiError(code: string, message: string, errors?: FieldErrors): ApiError {
  return { code, message, detail: message, ...(errors ? { errors } : {}) };
}

/** The HTTP status of each kind of domain error: the one place statuses meet the domain. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * An error only the HTTP layer knows of (a file too large for the upload limit, an unsupported
 * image type, a feature this server is not configured for). Answered through the same builder.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: FieldErrors | undefined;
  constructor(statusCode: number, code: string, message: string, errors?: FieldErrors) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

const WHERE_LABEL: Record<string, string> = {
  querystring: "query parameter",
  params: "path parameter",
  headers: "header",
};

/**
 * A failed schema validation. For a body the first message is the detail as written (the spec's
 * field messages, such as 'Enter a valid email address.'); for a query or path parameter the
 * detail names the parameter.
 */
function validationBody(error: FastifyError): ApiError {
  const errors: FieldErrors = {};
  let first = "";
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = WHERE_LABEL[error.validationContext ?? "body"];
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, "").split("/")[0] || "request";
      const text = issue.message ?? "is invalid";
      (errors[path] ??= []).push(text);
      if (!first) first = where ? `Invalid ${where} '${path}': ${text}` : text;
    }
  }
  return apiError("invalid_parameter", first || error.message, errors);
}

function domainErrorBody(error: DomainError): ApiError {
  if (error instanceof InvalidParameterError) {
    return apiError(
      error.code,
      `Invalid query parameter '${error.parameter}': ${error.message}`,
      error.errors,
    );
  }
  return apiError(error.code, error.message, error.errors);
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…: a NUL byte, a number out of range, a
 * string too long, an invalid encoding): the input could not be stored or compared, which is the
 * caller's mistake, not the server's.
 */
export function isDataError(error: unknown): boolean {
  return /^22[0-9A-Z]{3}$/.test(sqlState(error) ?? "");
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);

/**
 * The database is out of a resource: SQLSTATE class 53 (53100 disk_full, 53200 out_of_memory,
 * 53300 too_many_connections, ...) and 58030 io_error. Its statement was rolled back, so nothing
 * was stored; it may work again once the operator frees the resource.
 */
export function isResourceError(error: unknown): boolean {
  const state = sqlState(error) ?? "";
  return /^53[0-9A-Z]{3}$/.test(state) || state === "58030";
}

/**
 * The database could not be reached or could not work for a moment (a restart, a failover, a
 * network blip, a full disk): the connection classes 08 and 57P0x of SQLSTATE, a resource failure
 * (`isResourceError`), a refused or reset socket, a connection ended mid-query. The request was
 * not carried out; the caller may send it again.
 */
export function isUnavailableError(error: unknown): boolean {
  if (isResourceError(error)) return true;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (/^08|^57P0/.test(code) || CONNECTION_CODES.has(code))) {
      return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|connection (?:ended|closed)|is not queryable|Client was closed|timeout exceeded when trying to connect/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a moment.";
export const CANNOT_SAVE_MESSAGE =
  "The service cannot save changes right now. Please try again later.";

/**
 * The 503 of a database that is away or out of a resource: its message, and the seconds after
 * which the client may try again (a resource takes an operator; a reconnection a moment).
 * The watchdog hears of it, so that /api/health fails at once (services/database-watchdog.ts).
 */
export function unavailableAnswer(
  error: unknown,
  request: FastifyRequest,
): { message: string; retryAfterSeconds: number } {
  // A client that went away mid-body (a reset, a request timeout) is not the database's failure.
  if (!request.raw.destroyed) request.server.databaseWatchdog?.reportFailure(error);
  return isResourceError(error)
    ? { message: CANNOT_SAVE_MESSAGE, retryAfterSeconds: 30 }
    : { message: UNAVAILABLE_MESSAGE, retryAfterSeconds: 2 };
}

/** Sends `error` as the API's JSON error; what is not a caller's mistake is logged as a 500. */
export function sendApiError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send(validationBody(error));
  }
  if (error instanceof DomainError) {
    return reply.code(STATUS_OF_KIND[error.kind]).send(domainErrorBody(error));
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send(apiError(error.code, error.message, error.errors));
  }
  if (isUnavailableError(error)) {
    request.log.warn({ err: error }, "database unavailable");
    const { message, retryAfterSeconds } = unavailableAnswer(error, request);
    return reply
      .code(503)
      .header("retry-after", String(retryAfterSeconds))
      .send(apiError("service_unavailable", message));
  }
  if (isDataError(error)) {
    return reply
      .code(400)
      .send(apiError("invalid_input", "This request contains a value that cannot be stored."));
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
    const code = fastifyError.code?.startsWith("FST_ERR_CTP_") ? "invalid_body" : "bad_request";
    return reply.code(status).send(apiError(code, fastifyError.message ?? "Bad request."));
  }
  request.log.error({ err: error }, "request failed");
  return reply
    .code(500)
    .send(apiError("server_error", "Something went wrong on our side. Please try again."));
}

export function registerApiErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(error, request, reply),
  );

  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .send(
        apiError("not_found", `No API endpoint ${request.method} ${request.url.split("?")[0]}.`),
      );
  });
}
