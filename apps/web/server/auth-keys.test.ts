import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";

import { verifyServiceRoleKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { authKeysFor, formatAuthKeys, NO_SECRET_IN_PRODUCTION } from "./auth-keys.ts";
import { ConfigError, loadConfig } from "./config.ts";

const SECRET = "auth-keys-test-secret-0123456789abcdefghij";

describe("npm run auth:keys", () => {
  it("signs an anon key and a service-role key with AUTH_SECRET", async () => {
    const config = loadConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET });
    const keys = await authKeysFor(config, () => Promise.reject(new Error("not asked")));
    expect(decodeJwt(keys.anonKey)).toMatchObject({ role: "anon", iss: "supabase" });
    expect(decodeJwt(keys.serviceRoleKey)).toMatchObject({ role: "service_role" });
    expect(await verifyServiceRoleKey(SECRET, keys.serviceRoleKey)).toBe("ok");
    expect(await verifyServiceRoleKey(SECRET, keys.anonKey)).toBe("not_admin");
    expect(await verifyServiceRoleKey(`${SECRET}x`, keys.serviceRoleKey)).toBe("invalid");
    expect(formatAuthKeys(keys, "https://example.com")).toContain(
      `SUPABASE_SERVICE_ROLE_KEY=${keys.serviceRoleKey}`,
    );
  });

  it("refuses in production when AUTH_SECRET is unset", async () => {
    const config = loadConfig({ NODE_ENV: "production" });
    await expect(authKeysFor(config, () => Promise.resolve(SECRET))).rejects.toThrow(
      new ConfigError(NO_SECRET_IN_PRODUCTION),
    );
  });

  it("uses the database-kept key outside production", async () => {
    const config = loadConfig({ NODE_ENV: "development" });
    const keys = await authKeysFor(config, () => Promise.resolve(SECRET));
    expect(keys.source).toBe("database");
    expect(await verifyServiceRoleKey(SECRET, keys.serviceRoleKey)).toBe("ok");
  });
});
