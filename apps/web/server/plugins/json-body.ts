// JSON bodies for the API. Some of the spec's clients POST `application/json` with an empty body
// (account/logout), so an empty body parses as `{}` instead of failing.
import type { FastifyInstance } from "fastify";

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") {
        done(null, {});
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        const error = new Error("The request body is not valid JSON.") as Error & {
          statusCode: number;
          code: string;
        };
        error.statusCode = 400;
        error.code = "FST_ERR_CTP_INVALID_JSON_BODY";
        done(error, undefined);
      }
    },
  );
}
