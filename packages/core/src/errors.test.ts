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
