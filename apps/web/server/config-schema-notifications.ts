// The environment of the student's notifications (docs/decisions/057-student-loop.md): the quiet
// period before unread replies are e-mailed, how often the notification job runs, and the VAPID
// keys of Web Push (both keys or neither; without them Web Push is off).
import { z } from "zod";

import { positiveCount } from "./config-fields.ts";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** A VAPID key: URL-safe base64 without padding (`npx web-push generate-vapid-keys`). */
const vapidKey = (length: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${length}}$`),
        `must be a URL-safe base64 key of ${length} characters (npx web-push generate-vapid-keys)`,
      )
      .optional(),
  );

export const NotificationEnvShape = {
  /** How long a student's chats must be quiet before unread replies are e-mailed (10 minutes). */
  NOTIFY_REPLY_QUIET_MS: positiveCount
    .pipe(
      z
        .number()
        .min(10_000, "must be from 10000 to 86400000")
        .max(86_400_000, "must be from 10000 to 86400000"),
    )
    .default(600_000),
  /** How often each process looks for notifications to send. */
  NOTIFY_EVERY_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 3600000")
        .max(3_600_000, "must be from 1000 to 3600000"),
    )
    .default(30_000),
  VAPID_PUBLIC_KEY: vapidKey(87),
  VAPID_PRIVATE_KEY: vapidKey(43),
  /** Who the push services may contact about our pushes (a mailto: or https: address). */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: address")
      .optional(),
  ),
};

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface NotificationConfig {
  replyQuietMs: number;
  everyMs: number;
  /** Unset: Web Push is off. */
  vapid?: VapidConfig;
}

/** The notifications' configuration; a lone VAPID key is refused, naming the missing one. */
export function notificationConfigOf(
  value: {
    NOTIFY_REPLY_QUIET_MS: number;
    NOTIFY_EVERY_MS: number;
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
    SUPPORT_EMAIL: string;
  },
  fail: (message: string) => never,
): NotificationConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = value;
  if (publicKey && !privateKey)
    fail("Invalid VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY");
  if (privateKey && !publicKey)
    fail("Invalid VAPID_PUBLIC_KEY: must be set with VAPID_PRIVATE_KEY");
  return {
    replyQuietMs: value.NOTIFY_REPLY_QUIET_MS,
    everyMs: value.NOTIFY_EVERY_MS,
    ...(publicKey && privateKey
      ? {
          vapid: {
            publicKey,
            privateKey,
            subject: value.VAPID_SUBJECT ?? `mailto:${value.SUPPORT_EMAIL}`,
          },
        }
      : {}),
  };
}
