import { describe, expect, it } from "vitest";

import { parseSeedArguments } from "./cli-arguments.ts";

describe("db:seed flags", () => {
  it("defaults to 6000 courses, 450 schools, seed 42", () => {
    expect(parseSeedArguments([])).toEqual({
      courses: 6000,
      schools: 450,
      seed: 42,
      reset: false,
      help: false,
      demoAccounts: true,
    });
  });

  it("leaves the demo accounts out with --no-demo-accounts, or when they are off by default", () => {
    expect(parseSeedArguments(["--no-demo-accounts"]).demoAccounts).toBe(false);
    expect(parseSeedArguments([], false).demoAccounts).toBe(false);
    expect(() => parseSeedArguments(["--no-demo-accounts=1"])).toThrow("takes no value");
  });

  it("reads numbers after the flag or with =, and --reset", () => {
    expect(
      parseSeedArguments(["--courses", "1000000", "--schools=8000", "--seed", "7", "--reset"]),
    ).toEqual({
      courses: 1_000_000,
      schools: 8000,
      seed: 7,
      reset: true,
      help: false,
      demoAccounts: true,
    });
    expect(parseSeedArguments(["--courses", "1_000"]).courses).toBe(1000);
  });

  it("names the flag in every error", () => {
    expect(() => parseSeedArguments(["--cources", "5"])).toThrow("unknown flag --cources");
    expect(() => parseSeedArguments(["--courses", "abc"])).toThrow(
      "--courses must be a non-negative integer, got 'abc'",
    );
    expect(() => parseSeedArguments(["--schools", "-3"])).toThrow(
      "--schools must be a non-negative integer",
    );
    expect(() => parseSeedArguments(["--seed"])).toThrow("--seed needs a number");
    expect(() => parseSeedArguments(["--courses", "1.5"])).toThrow("--courses");
    expect(() => parseSeedArguments(["--reset=yes"])).toThrow("--reset takes no value");
    expect(() => parseSeedArguments(["--courses", "99999999999"])).toThrow(
      "--courses is too large",
    );
    expect(() => parseSeedArguments(["--courses", "5", "--schools", "0"])).toThrow("--schools");
  });
});
