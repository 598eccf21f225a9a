// Errors the domain raises for the caller's mistakes; the server maps them to 4xx JSON bodies.
// The server (plain Node) and the built app (bundled by Vite) load separate copies of this module,
// and an error raised through one copy is caught by code compiled against the other (for example
// a page loader calling the server's cached catalogue). So `instanceof` checks a brand shared
// through Symbol.for rather than the class object itself.

const INVALID_PARAMETER = Symbol.for("studyatlas.error.invalid-parameter");
const NOT_FOUND = Symbol.for("studyatlas.error.not-found");

function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && brand in value;
}

/** A request parameter that is well-formed but names something that does not exist. */
export class InvalidParameterError extends Error {
  readonly parameter: string;
  readonly [INVALID_PARAMETER] = true;
  constructor(parameter: string, message: string) {
    super(message);
    this.name = "InvalidParameterError";
    this.parameter = parameter;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, INVALID_PARAMETER);
  }
}

/** The resource asked for does not exist (or is not visible to the caller). */
export class NotFoundError extends Error {
  readonly [NOT_FOUND] = true;
  constructor(message = "Not found.") {
    super(message);
    this.name = "NotFoundError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, NOT_FOUND);
  }
}
