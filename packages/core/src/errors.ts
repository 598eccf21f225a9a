// Errors the domain raises for the caller's mistakes; the server maps them to 4xx JSON bodies.

/** A request parameter that is well-formed but names something that does not exist. */
export class InvalidParameterError extends Error {
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super(message);
    this.name = "InvalidParameterError";
    this.parameter = parameter;
  }
}

/** The resource asked for does not exist (or is not visible to the caller). */
export class NotFoundError extends Error {
  constructor(message = "Not found.") {
    super(message);
    this.name = "NotFoundError";
  }
}
