// Rate limits of the contact form (docs/security.md), counted by the accounts' PostgreSQL limiter
// (accounts/rate-limit.ts).
import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import type { RateLimitRule } from "../accounts/rate-limit.ts";

const HOUR = 60 * 60_000;

export const CONTACT_LIMITS = {
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
