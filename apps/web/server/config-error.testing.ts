// The ConfigError that loadConfig throws for an environment, for the configuration tests.
import { expect } from "vitest";

import { ConfigError, loadConfig } from "./config.ts";

/** The error loadConfig throws for this environment; fails the test when it accepts it. */
export function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}
