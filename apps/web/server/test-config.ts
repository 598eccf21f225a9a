// The configuration of a test server: the defaults of an empty environment in test mode, on
// http://localhost, with the log silenced, and the given overrides on top. Tests never read the
// real environment for the app's settings.
import { loadConfig, type AppConfig } from "./config.ts";

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      PUBLIC_BASE_URL: "http://localhost",
      LOG_LEVEL: "silent",
    }),
    ...overrides,
  };
}
