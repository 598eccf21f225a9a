// Errors the account functions raise for the caller's mistakes; the API maps them to their HTTP
// status with the JSON error shape of server/plugins/errors.ts.

export class AccountError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: number, code: string, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = "AccountError";
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}
