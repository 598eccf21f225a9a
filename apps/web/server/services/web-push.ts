// Web Push (docs/decisions/057-student-loop.md): a notification to every browser a student opted
// in from /settings, signed with the VAPID keys of the configuration (VAPID_PUBLIC_KEY,
// VAPID_PRIVATE_KEY, VAPID_SUBJECT). A subscription the push service says is gone (404, 410) is
// forgotten; any other failure is logged and never fails the e-mail it accompanies.
import webPush from "web-push";

import type { FastifyBaseLogger as Logger } from "fastify";

import type { PushSender } from "@studyatlas/core/applications/notifications.ts";
import {
  forgetPushSubscription,
  pushSubscriptionsOf,
} from "@studyatlas/core/applications/push-subscriptions.ts";

import type { VapidConfig } from "../config-schema-notifications.ts";

export function createPushSender(
  vapid: VapidConfig | undefined,
  log: Logger,
): PushSender | undefined {
  if (!vapid) return undefined;
  const options = {
    vapidDetails: {
      subject: vapid.subject,
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
    },
    TTL: 24 * 3600,
    timeout: 10_000,
  };
  return {
    async send(db, userId, payload) {
      for (const subscription of await pushSubscriptionsOf(db, userId)) {
        try {
          await webPush.sendNotification(subscription, JSON.stringify(payload), options);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await forgetPushSubscription(db, userId, subscription.endpoint);
          } else {
            log.warn({ err: error, userId }, "Web Push delivery failed");
          }
        }
      }
    },
  };
}
