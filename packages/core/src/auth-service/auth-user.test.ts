import { describe, expect, it } from "vitest";

import { authUserId, identityIdOf, parseAuthUserId, providersOf } from "./auth-user.ts";
import { bannedUntilOf, sortDirectionOf } from "./admin-users.ts";
import { mergeMetadata } from "./input-rules.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe("auth-service user ids", () => {
  it("write our integer ids as UUIDs auth-js accepts, and read them back", () => {
    expect(authUserId(42)).toBe("00000000-0000-4000-8000-00000000002a");
    for (const id of [1, 316, 65_535, 2_147_483_647]) {
      expect(authUserId(id)).toMatch(UUID);
      expect(parseAuthUserId(authUserId(id))).toBe(id);
    }
    // Tokens signed before ids became UUIDs carry the plain integer.
    expect(parseAuthUserId("42")).toBe(42);
  });

  it("refuse anything else", () => {
    for (const value of [
      "",
      "0",
      "-1",
      "2147483648",
      "00000000-0000-4000-8000-000000000000",
      "00000000-0000-4000-8000-0000800000000",
      "12345678-0000-4000-8000-00000000002a",
      "00000000-0000-4000-8000-00000000002g",
      "42abc",
    ]) {
      expect(parseAuthUserId(value), value).toBeUndefined();
    }
  });

  it("give each derived identity a stable UUID of its own", () => {
    expect(identityIdOf(7, "email")).toMatch(UUID);
    expect(identityIdOf(7, "email")).toBe(identityIdOf(7, "email"));
    expect(identityIdOf(7, "email")).not.toBe(identityIdOf(7, "google"));
    expect(identityIdOf(7, "email")).not.toBe(identityIdOf(8, "email"));
  });

  it("derive identities from a password and a Google subject", () => {
    expect(providersOf({ hasPassword: true, googleSubject: null })).toEqual(["email"]);
    expect(providersOf({ hasPassword: false, googleSubject: null })).toEqual(["email"]);
    expect(providersOf({ hasPassword: true, googleSubject: "g" })).toEqual(["email", "google"]);
    expect(providersOf({ hasPassword: false, googleSubject: "g" })).toEqual(["google"]);
  });
});

describe("GoTrue's parameters", () => {
  it("read ban_duration as a Go duration or none", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(bannedUntilOf("24h", now)?.getTime()).toBe(now + 24 * 3600_000);
    expect(bannedUntilOf("1h30m", now)?.getTime()).toBe(now + 90 * 60_000);
    expect(bannedUntilOf("90s", now)?.getTime()).toBe(now + 90_000);
    expect(bannedUntilOf("none", now)).toBeNull();
    for (const bad of ["", "forever", "-1h", "1d", "h"]) {
      expect(() => bannedUntilOf(bad, now), bad).toThrow("invalid format for ban duration");
    }
  });

  it("read sort as created_at with asc or desc, newest first by default", () => {
    expect(sortDirectionOf(undefined)).toBe("desc");
    expect(sortDirectionOf("created_at")).toBe("desc");
    expect(sortDirectionOf("created_at ASC")).toBe("asc");
    expect(() => sortDirectionOf("email asc")).toThrow("Bad Sort Parameters");
    expect(() => sortDirectionOf("created_at up")).toThrow("Bad Sort Parameters");
  });

  it("merge metadata as GoTrue does: keys set, null removes", () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});
