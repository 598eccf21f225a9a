// Route bodies carry their zod schema for the OpenAPI document but are validated in the handlers
// with `parse` (account.ts), so that the error detail is the spec's own message — the same
// arrangement as the account routes. Call inside the routes' own plugin (encapsulated).
import type { FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

export function documentBodiesOnly(app: FastifyInstance): void {
  app.setValidatorCompiler((route) =>
    route.httpPart === "body"
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
  );
}
