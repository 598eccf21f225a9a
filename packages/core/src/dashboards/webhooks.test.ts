import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import { isPrivateAddress, webhookSignature, WEBHOOK_MAX_ATTEMPTS } from "./webhooks.ts";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fd12::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "224.0.0.1",
  ])("%s is not public", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:1.1.1.1"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("webhookSignature", () => {
  it("signs the timestamp and the body with HMAC-SHA256", () => {
    const expected = createHmac("sha256", "s3cret").update('1700000000.{"a":1}').digest("hex");
    expect(webhookSignature("s3cret", 1_700_000_000, '{"a":1}')).toBe(
      `t=1700000000,v1=${expected}`,
    );
  });

  it("gives up after six attempts", () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
  });
});
