// Rate limit of newsletter subscriptions (docs/security.md), counted by the accounts' PostgreSQL
// limiter (accounts/rate-limit.ts).
import { NEWSLETTER_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import type { RateLimitRule } from "../accounts/rate-limit.ts";

/** Subscriptions (and so welcome e-mails) per network per hour. */
export const NEWSLETTER_IP_LIMIT = {
  name: "newsletter-ip",
  max: 20,
  windowMs: 60 * 60_000,
  message: NEWSLETTER_MESSAGES.tooMany,
} as const satisfies RateLimitRule;
