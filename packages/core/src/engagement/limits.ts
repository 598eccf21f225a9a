// Rate limits of the newsletter and the contact form (engineering guide §5), counted by the
// accounts' PostgreSQL limiter (accounts/rate-limit.ts).
import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import type { RateLimitRule } from "../accounts/rate-limit.ts";

const HOUR = 60 * 60_000;

export const ENGAGEMENT_LIMITS = {
  /** Subscriptions (and so welcome e-mails) per network per hour. */
  newsletterIp: {
    name: "newsletter-ip",
    max: 20,
    windowMs: HOUR,
    message: NEWSLETTER_MESSAGES.tooMany,
  },
  /** Contact messages per sender address per hour. */
  contactAddress: {
    name: "contact-address",
    max: 3,
    windowMs: HOUR,
    message: CONTACT_MESSAGES.tooManyFromAddress,
  },
  /** Contact messages per network per hour, whatever addresses they give. */
  contactIp: {
    name: "contact-ip",
    max: 20,
    windowMs: HOUR,
    message: CONTACT_MESSAGES.tooManyFromNetwork,
  },
} as const satisfies Record<string, RateLimitRule>;
