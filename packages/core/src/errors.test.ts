import { describe, expect, it, vi } from "vitest";

import { InvalidParameterError, NotFoundError } from "./errors.ts";

describe("domain errors", () => {
  it("are recognised by instanceof, also when raised by another copy of the module", async () => {
    // A second module instance, as when the server and the bundled app each load errors.ts.
    vi.resetModules();
    const copy = await import("./errors.ts");
    expect(copy.InvalidParameterError).not.toBe(InvalidParameterError);
    const invalid = new copy.InvalidParameterError("discipline", "Unknown discipline 'x'.");
    expect(invalid instanceof InvalidParameterError).toBe(true);
    expect(invalid instanceof NotFoundError).toBe(false);
    expect(new copy.NotFoundError() instanceof NotFoundError).toBe(true);
    expect(new Error("plain") instanceof InvalidParameterError).toBe(false);
    expect(invalid.parameter).toBe("discipline");
  });
});

describe("domain error kinds", () => {
  it("tell their kind apart, carry a default or given code, and field errors", async () => {
    const { ValidationError, ConflictError, RateLimitedError, DomainError } =
      await import("./errors.ts");
    const taken = new ValidationError("A user with that email already exists.", {
      code: "email_taken",
      errors: { email: ["A user with that email already exists."] },
    });
    expect(taken.kind).toBe("validation");
    expect(taken.code).toBe("email_taken");
    expect(taken.errors).toEqual({ email: ["A user with that email already exists."] });
    expect(taken instanceof DomainError).toBe(true);
    expect(taken instanceof ConflictError).toBe(false);
    // A validation error is not an invalid parameter unless it names one.
    expect(taken instanceof InvalidParameterError).toBe(false);
    expect(
      new InvalidParameterError("country", "Unknown country.") instanceof ValidationError,
    ).toBe(true);
    const limited = new RateLimitedError("Too many attempts.");
    expect(limited.code).toBe("rate_limited");
    expect(limited instanceof NotFoundError).toBe(false);
    expect(new Error("plain") instanceof DomainError).toBe(false);
  });
});
