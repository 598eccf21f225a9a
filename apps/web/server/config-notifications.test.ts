// The notifications' configuration (docs/decisions/057-student-loop.md, README "Configuration"):
// the quiet period, the job's interval and the VAPID keys of Web Push, both or neither.
import { describe, expect, it } from "vitest";

import { ConfigError, loadConfig } from "./config.ts";

const PUBLIC_KEY = `B${"a".repeat(86)}`;
const PRIVATE_KEY = "p".repeat(43);

describe("notification settings", () => {
  it("defaults to a 10-minute quiet period, a run every 30 s and no Web Push", () => {
    expect(loadConfig({}).notifications).toEqual({ replyQuietMs: 600_000, everyMs: 30_000 });
  });

  it("reads the VAPID keys, with the support address as the subject unless given", () => {
    const keys = { VAPID_PUBLIC_KEY: PUBLIC_KEY, VAPID_PRIVATE_KEY: PRIVATE_KEY };
    expect(loadConfig({ ...keys, SUPPORT_EMAIL: "help@example.com" }).notifications.vapid).toEqual({
      publicKey: PUBLIC_KEY,
      privateKey: PRIVATE_KEY,
      subject: "mailto:help@example.com",
    });
    const subject = "https://studyatlas.example/contact-us";
    expect(loadConfig({ ...keys, VAPID_SUBJECT: subject }).notifications.vapid?.subject).toBe(
      subject,
    );
  });

  it("refuses one VAPID key without the other, naming the missing one", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC_KEY })).toThrow(
      new ConfigError("Invalid VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY"),
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: PRIVATE_KEY })).toThrow(
      new ConfigError("Invalid VAPID_PUBLIC_KEY: must be set with VAPID_PRIVATE_KEY"),
    );
  });

  it("refuses malformed keys, subjects and intervals", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: PRIVATE_KEY })).toThrow(
      /^Invalid VAPID_PUBLIC_KEY: must be a URL-safe base64 key of 87 characters/,
    );
    expect(() =>
      loadConfig({
        VAPID_PUBLIC_KEY: PUBLIC_KEY,
        VAPID_PRIVATE_KEY: PRIVATE_KEY,
        VAPID_SUBJECT: "http://x",
      }),
    ).toThrow("Invalid VAPID_SUBJECT: must be a mailto: or https: address");
    expect(() => loadConfig({ NOTIFY_REPLY_QUIET_MS: "5" })).toThrow(
      "Invalid NOTIFY_REPLY_QUIET_MS: must be from 10000 to 86400000",
    );
    expect(() => loadConfig({ NOTIFY_EVERY_MS: "ten" })).toThrow(
      "Invalid NOTIFY_EVERY_MS: must be a whole number",
    );
  });
});
