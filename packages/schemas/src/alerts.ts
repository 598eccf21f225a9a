// Saved searches and alerts (docs/decisions/053-saved-searches-and-alerts.md): the payloads and
// answers of /api/saved-searches and /api/alerts, shared by the settings screen and the server.
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";

export const ALERT_FREQUENCY_VALUES = ["instant", "daily", "weekly", "off"] as const;
export type AlertFrequencyValue = (typeof ALERT_FREQUENCY_VALUES)[number];

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequencyValue, string> = {
  instant: "Instantly",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

export const SAVED_SEARCH_NAME_MAX_LENGTH = 120;
/** A student keeps at most this many saved searches. */
export const SAVED_SEARCHES_PER_USER = 50;

export const ALERT_MESSAGES = {
  saved: "Search saved. We'll e-mail you when new programmes match.",
  renamed: "Saved search renamed.",
  deleted: "Saved search deleted.",
  updated: "Alert updated.",
  nameRequired: "Give the search a name.",
  nameTooLong: `The name can have at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`,
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches. Delete one first.`,
  notFound: "Saved search not found.",
  frequencyInvalid: "Choose instantly, daily, weekly or off.",
  unsubscribed: "You're unsubscribed from this alert.",
  invalidUnsubscribeLink: "This unsubscribe link is not valid.",
} as const;

const NameSchema = z
  .string({ error: ALERT_MESSAGES.nameRequired })
  .trim()
  .min(1, ALERT_MESSAGES.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, ALERT_MESSAGES.nameTooLong);

const FrequencySchema = z.enum(ALERT_FREQUENCY_VALUES, { error: ALERT_MESSAGES.frequencyInvalid });

export const SavedSearchCreateSchema = z.object({
  /** The finder's query string (`programme=postgraduate&country=germany`), without the '?'. */
  query: z.string({ error: "query is required" }).max(2000, "query is too long"),
  name: NameSchema.optional(),
  frequency: FrequencySchema.optional(),
});

export const SavedSearchUpdateSchema = z
  .object({ name: NameSchema.optional(), frequency: FrequencySchema.optional() })
  .refine((body) => body.name !== undefined || body.frequency !== undefined, {
    message: "Send a name or a frequency.",
  });

export const SavedSearchParamsSchema = z.object({
  id: z.coerce
    .number({ error: ALERT_MESSAGES.notFound })
    .int(ALERT_MESSAGES.notFound)
    .min(1, ALERT_MESSAGES.notFound)
    .max(MAX_INT4, ALERT_MESSAGES.notFound),
});

export const SavedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  query: z.string(),
  /** The finder address that runs the search. */
  path: z.string(),
  frequency: FrequencySchema,
  new_matches: z.number(),
  created_at: z.string(),
});
export type SavedSearchView = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({
  results: z.array(SavedSearchSchema),
  wishlist_alerts: z.object({ deadline_reminders: z.boolean(), change_alerts: z.boolean() }),
});

export const SavedSearchAnswerSchema = z.object({
  message: z.string(),
  saved_search: SavedSearchSchema,
});

export const WishlistAlertsUpdateSchema = z
  .object({ deadline_reminders: z.boolean().optional(), change_alerts: z.boolean().optional() })
  .refine((body) => body.deadline_reminders !== undefined || body.change_alerts !== undefined, {
    message: "Send deadline_reminders or change_alerts.",
  });

const TokenSchema = z
  .string({ error: ALERT_MESSAGES.invalidUnsubscribeLink })
  .min(1, ALERT_MESSAGES.invalidUnsubscribeLink)
  .max(200, ALERT_MESSAGES.invalidUnsubscribeLink);

/** One token, or several (a digest's List-Unsubscribe stops every alert it carried). */
export const AlertUnsubscribeSchema = z.object({
  token: z.union([TokenSchema, z.array(TokenSchema).min(1).max(20)], {
    error: ALERT_MESSAGES.invalidUnsubscribeLink,
  }),
});

export const AlertUnsubscribeAnswerSchema = z.object({
  message: z.string(),
  status: z.literal("unsubscribed"),
  alerts: z.array(z.string()),
});
