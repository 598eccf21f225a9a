// JSON bodies for the API and the auth service. Some of the spec's clients POST `application/json`
// with an empty body (account/logout), so an empty body parses as `{}` instead of failing.
// A body nested deeper than MAX_JSON_DEPTH is refused before it is parsed: every later step that
// walks a value recursively (zod, JSON.stringify for a size rule or a column) would otherwise
// overflow the stack and answer 500 (docs/security.md V1, ASVS 5.0 1.3.x resource limits).
import type { FastifyInstance } from "fastify";

/** Objects and arrays inside one another: no body of the API or of GoTrue's comes near it. */
export const MAX_JSON_DEPTH = 32;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether `text` opens more than `limit` objects or arrays inside one another, counted in one
 * pass without recursion (brackets inside strings do not count). Malformed text is left to
 * JSON.parse to refuse.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

function bodyError(message: string, code: string): Error {
  const error = new Error(message) as Error & { statusCode: number; code: string };
  error.statusCode = 400;
  // Fastify's content-type parser prefix: both error handlers answer it as a malformed body.
  error.code = code;
  return error;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: JSON_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") {
        done(null, {});
        return;
      }
      if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
        done(
          bodyError(
            `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`,
            "FST_ERR_CTP_JSON_TOO_DEEP",
          ),
          undefined,
        );
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          bodyError("The request body is not valid JSON.", "FST_ERR_CTP_INVALID_JSON_BODY"),
          undefined,
        );
      }
    },
  );
}
