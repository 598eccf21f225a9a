// Every API error is JSON with a stable code and a human message (engineering guide §3.11):
// {code, message, detail, errors?}. `detail` and `message` carry the same text because the spec's
// clients read one or the other (accounts-and-details.md §8). Never a 500 for bad input.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

import { AccountError } from "@studyatlas/core/accounts/account-errors.ts";
import { InvalidParameterError, NotFoundError } from "@studyatlas/core/errors.ts";
import type { ApiError } from "@studyatlas/schemas/catalogue.ts";

export function apiError(
  code: string,
  message: string,
  errors?: Record<string, string[]>,
): ApiError {
  return { code, message, detail: message, ...(errors ? { errors } : {}) };
}

const WHERE_LABEL: Record<string, string> = {
  querystring: "query parameter",
  params: "path parameter",
  body: "field",
  headers: "header",
};

function validationBody(error: FastifyError): ApiError {
  const errors: Record<string, string[]> = {};
  let first = "";
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = WHERE_LABEL[error.validationContext ?? "body"] ?? "field";
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, "").split("/")[0] || "request";
      const text = issue.message ?? "is invalid";
      (errors[path] ??= []).push(text);
      if (!first) first = `Invalid ${where} '${path}': ${text}`;
    }
  }
  return apiError("invalid_parameter", first || error.message, errors);
}

export function registerApiErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error));
    }
    if (error instanceof InvalidParameterError) {
      return reply.code(400).send(
        apiError(
          "invalid_parameter",
          `Invalid query parameter '${error.parameter}': ${error.message}`,
          {
            [error.parameter]: [error.message],
          },
        ),
      );
    }
    if (error instanceof AccountError) {
      return reply.code(error.status).send(apiError(error.code, error.message, error.errors));
    }
    if (error instanceof NotFoundError) {
      return reply.code(404).send(apiError("not_found", error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      const code = error.code?.startsWith("FST_ERR_CTP_") ? "invalid_body" : "bad_request";
      return reply.code(status).send(apiError(code, error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .code(500)
      .send(apiError("server_error", "Something went wrong on our side. Please try again."));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .send(
        apiError("not_found", `No API endpoint ${request.method} ${request.url.split("?")[0]}.`),
      );
  });
}
