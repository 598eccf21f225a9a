// Work a route does once its answer has gone out (docs/security.md, enumeration): the e-mail of a password
// reset or a verification resend, so that a known and an unknown address answer in the same time.
// A failure is logged; the caller already has its answer, which never depended on it.
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    afterResponse: (() => Promise<void>)[] | null;
  }
}

/** Runs `work` after the response to `request` has been sent. */
export function runAfterResponse(request: FastifyRequest, work: () => Promise<void>): void {
  (request.afterResponse ??= []).push(work);
}

export function registerAfterResponse(app: FastifyInstance): void {
  app.decorateRequest("afterResponse", null);
  app.addHook("onResponse", async (request) => {
    for (const work of request.afterResponse ?? []) {
      try {
        await work();
      } catch (error) {
        request.log.error({ err: error }, "work after the response failed");
      }
    }
  });
}
