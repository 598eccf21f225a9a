import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import { webhookSignature, WEBHOOK_MAX_ATTEMPTS } from "./webhooks.ts";

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
