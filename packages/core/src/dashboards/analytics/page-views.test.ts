import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { visitorHash } from "./page-views.ts";

describe("visitorHash", () => {
  const salt = randomBytes(32);
  const ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0";

  it("is the same for one visitor within a day and a 32-byte digest", () => {
    const first = visitorHash(salt, "203.0.113.7", ua);
    expect(first).toHaveLength(32);
    expect(visitorHash(salt, "203.0.113.7", ua).equals(first)).toBe(true);
  });

  it("differs with another address, browser or day's salt", () => {
    const first = visitorHash(salt, "203.0.113.7", ua);
    expect(visitorHash(salt, "203.0.113.8", ua).equals(first)).toBe(false);
    expect(visitorHash(salt, "203.0.113.7", `${ua} Edg`).equals(first)).toBe(false);
    expect(visitorHash(randomBytes(32), "203.0.113.7", ua).equals(first)).toBe(false);
  });

  it("keeps its parts apart: moving characters between address and browser changes it", () => {
    expect(visitorHash(salt, "1.2.3.4", "5x").equals(visitorHash(salt, "1.2.3.45", "x"))).toBe(
      false,
    );
  });

  it("contains neither the address nor the browser", () => {
    const hash = visitorHash(salt, "203.0.113.7", ua);
    expect(hash.includes(Buffer.from("203.0.113.7"))).toBe(false);
    expect(hash.toString("latin1")).not.toContain("Mozilla");
  });
});
