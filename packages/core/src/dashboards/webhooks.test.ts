import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  assertWebhookUrl,
  webhookSignature,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
} from "./webhooks.ts";

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

describe("assertWebhookUrl", () => {
  const publicResolver = async () => [{ address: "93.184.215.14", family: 4 }];

  it("refuses http:// on a public host with the message that asks for https://", async () => {
    await expect(
      assertWebhookUrl("http://crm.example.com/hooks", {
        allowPrivate: false,
        resolver: publicResolver,
      }),
    ).rejects.toMatchObject({ errors: { webhook_url: [WEBHOOK_MESSAGES.badUrl] } });
    await expect(
      assertWebhookUrl("http://crm.example.com/hooks", {
        allowPrivate: true,
        resolver: publicResolver,
      }),
    ).rejects.toMatchObject({ errors: { webhook_url: [WEBHOOK_MESSAGES.badUrl] } });
  });

  it("accepts https:// on a public host, and a local http receiver where private ones are allowed", async () => {
    await expect(
      assertWebhookUrl("https://crm.example.com/hooks", {
        allowPrivate: false,
        resolver: publicResolver,
      }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertWebhookUrl("http://127.0.0.1:9000/hooks", { allowPrivate: true }),
    ).resolves.toBeInstanceOf(URL);
  });
});
