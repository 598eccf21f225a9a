// The errors the domain raises for what a caller can act on. They say WHAT went wrong (a kind, a
// stable code, a human message and optional per-field messages), never an HTTP status: the server
// maps each kind to its status in one table (apps/web/server/plugins/errors.ts).
//
// The server (plain Node) and the built app (bundled by Vite) load separate copies of this module,
// and an error raised through one copy is caught by code compiled against the other (for example a
// page loader calling the server's cached catalogue). So `instanceof` checks a brand shared through
// Symbol.for rather than the class object itself.

const KIND = Symbol.for("studyatlas.error.kind");
const PARAMETER = Symbol.for("studyatlas.error.parameter");

/** What kind of mistake or refusal; the server maps each to one HTTP status. */
export type DomainErrorKind =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "unavailable";

/** Messages per field (`{ email: ["A user with that email already exists."] }`). */
export type FieldErrors = Record<string, string[]>;

export interface DomainErrorOptions {
  /** A stable, machine-readable code; defaults per kind (`invalid_parameter`, `not_found`, ...). */
  code?: string;
  errors?: FieldErrors;
}

const DEFAULT_CODE: Record<DomainErrorKind, string> = {
  validation: "invalid_parameter",
  unauthenticated: "not_authenticated",
  forbidden: "forbidden",
  not_found: "not_found",
  conflict: "conflict",
  rate_limited: "rate_limited",
  unavailable: "unavailable",
};

function kindOf(value: unknown): DomainErrorKind | undefined {
  if (typeof value !== "object" || value === null || !(KIND in value)) return undefined;
  return (value as { [KIND]: DomainErrorKind })[KIND];
}

/** Any domain error, whichever copy of this module raised it. */
export abstract class DomainError extends Error {
  readonly [KIND]: DomainErrorKind;
  readonly code: string;
  readonly errors: FieldErrors | undefined;
  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this[KIND] = kind;
    this.code = options.code ?? DEFAULT_CODE[kind];
    this.errors = options.errors;
  }
  get kind(): DomainErrorKind {
    return this[KIND];
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) !== undefined;
  }
}

/** The input breaks a rule (a field's message is the spec's text where it gives one). */
export class ValidationError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("validation", message, options);
    this.name = "ValidationError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "validation";
  }
}

/**
 * A request parameter that is well-formed but names something that does not exist (for example
 * `country=Atlantis`). A validation error that names its parameter.
 */
export class InvalidParameterError extends ValidationError {
  readonly [PARAMETER]: string;
  constructor(parameter: string, message: string) {
    super(message, { errors: { [parameter]: [message] } });
    this.name = "InvalidParameterError";
    this[PARAMETER] = parameter;
  }
  get parameter(): string {
    return this[PARAMETER];
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "validation" && PARAMETER in (value as object);
  }
}

/** Nobody is signed in, or the credentials do not prove who the caller is. */
export class UnauthenticatedError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("unauthenticated", message, options);
    this.name = "UnauthenticatedError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "unauthenticated";
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("forbidden", message, options);
    this.name = "ForbiddenError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "forbidden";
  }
}

/** The resource asked for does not exist (or is not visible to the caller). */
export class NotFoundError extends DomainError {
  constructor(message = "Not found.", options?: DomainErrorOptions) {
    super("not_found", message, options);
    this.name = "NotFoundError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "not_found";
  }
}

/** The request contradicts the current state (a duplicate, a token already used). */
export class ConflictError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("conflict", message, options);
    this.name = "ConflictError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "conflict";
  }
}

/** Too many attempts in a window; try again later. */
export class RateLimitedError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("rate_limited", message, options);
    this.name = "RateLimitedError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "rate_limited";
  }
}

/** Something the domain depends on (an identity provider, a required account) is missing or down. */
export class UnavailableError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("unavailable", message, options);
    this.name = "UnavailableError";
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return kindOf(value) === "unavailable";
  }
}
