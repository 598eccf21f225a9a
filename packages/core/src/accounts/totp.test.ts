import { describe, expect, it } from "vitest";

import { openFactorSecret, sealFactorSecret } from "./mfa-secret.ts";
import {
  TOTP_PERIOD_SECONDS,
  checkTotpCode,
  createTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from "./totp.ts";

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// The middle of a step, so ±1 step never straddles a boundary by accident.
const NOW = 1_790_000_000 * 1000 + STEP_MS / 2 - ((1_790_000_000 * 1000) % STEP_MS);

describe("TOTP codes", () => {
  const secret = createTotpSecret();

  it("makes 160-bit base32 secrets and an otpauth URI apps read", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri({ secret, issuer: "StudyAtlas", account: "ada@example.com" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/StudyAtlas:ada@example.com");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
  });

  it("matches RFC 6238's SHA-1 test vector (59 s → 94287082, 6 digits 287082)", () => {
    // The RFC's key is the ASCII "12345678901234567890", base32-encoded.
    const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(rfcSecret, 59_000)).toBe("287082");
    expect(
      checkTotpCode({ secret: rfcSecret, code: "287082", now: 59_000, lastStep: null }),
    ).toEqual({ ok: true, step: 1 });
  });

  it("accepts the current step and one step either side, not two", () => {
    const step = totpStep(NOW);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(secret, NOW + offset * STEP_MS);
      expect(checkTotpCode({ secret, code, now: NOW, lastStep: null })).toEqual({
        ok: true,
        step: step + offset,
      });
    }
    for (const offset of [-2, 2]) {
      const code = totpCode(secret, NOW + offset * STEP_MS);
      // A code of another step may collide by chance (1 in a million); skip that case.
      if ([-1, 0, 1].some((near) => totpCode(secret, NOW + near * STEP_MS) === code)) continue;
      expect(checkTotpCode({ secret, code, now: NOW, lastStep: null })).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
  });

  it("refuses a code whose step was already accepted, or an earlier one, inside its window", () => {
    const step = totpStep(NOW);
    const code = totpCode(secret, NOW);
    expect(checkTotpCode({ secret, code, now: NOW, lastStep: step })).toEqual({
      ok: false,
      reason: "reused",
    });
    // The previous step's code is still inside the window, but older than what was accepted.
    const previous = totpCode(secret, NOW - STEP_MS);
    expect(checkTotpCode({ secret, code: previous, now: NOW, lastStep: step })).toEqual({
      ok: false,
      reason: "reused",
    });
    // The next step's code is newer: accepted.
    const next = totpCode(secret, NOW + STEP_MS);
    expect(checkTotpCode({ secret, code: next, now: NOW, lastStep: step })).toEqual({
      ok: true,
      step: step + 1,
    });
  });

  it("refuses anything that is not six digits, and another secret's code", () => {
    for (const code of ["", "12345", "1234567", "abcdef", "12 34 5"]) {
      expect(checkTotpCode({ secret, code, now: NOW, lastStep: null }).ok).toBe(false);
    }
    const other = createTotpSecret();
    const code = totpCode(other, NOW);
    if (code !== totpCode(secret, NOW)) {
      expect(checkTotpCode({ secret, code, now: NOW, lastStep: null }).ok).toBe(false);
    }
  });
});

describe("factor secrets at rest", () => {
  const factorId = "4f1c2a9e-8b0d-4c35-9a53-0d5cbbd1a001";

  it("seals a secret so the stored value does not contain it, and opens it again", () => {
    const secret = createTotpSecret();
    const sealed = sealFactorSecret("server key", factorId, secret);
    expect(sealed).not.toContain(secret);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealFactorSecret("server key", factorId, secret)).not.toBe(sealed);
    expect(openFactorSecret("server key", factorId, sealed)).toBe(secret);
  });

  it("cannot be opened under another key, for another factor, or after tampering", () => {
    const sealed = sealFactorSecret("server key", factorId, createTotpSecret());
    expect(openFactorSecret("another key", factorId, sealed)).toBeUndefined();
    expect(
      openFactorSecret("server key", factorId.replace("a001", "a002"), sealed),
    ).toBeUndefined();
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString("base64url");
    expect(openFactorSecret("server key", factorId, parts.join("."))).toBeUndefined();
    expect(openFactorSecret("server key", factorId, "garbage")).toBeUndefined();
  });
});
