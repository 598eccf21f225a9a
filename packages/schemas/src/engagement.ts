// Wishlist, newsletter and contact payloads and answers (docs/spec/discovery.md §3, §7;
// docs/spec/accounts-and-details.md §3, §7), built on the zod-free rules of engagement-rules.ts.
import { z } from "zod";

import { CourseListItemSchema } from "./catalogue.ts";
import {
  CONTACT_MESSAGES,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_NAME_MAX_LENGTH,
  WISHLIST_MESSAGES,
  isValidContactEmail,
  isValidNewsletterEmail,
} from "./engagement-rules.ts";
import { MAX_INT4 } from "./limits.ts";

/** A programme id as JSON number or numeric string (form posts send strings). */
const CourseIdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: WISHLIST_MESSAGES.courseRequired,
  })
  .pipe(
    z
      .number({ error: WISHLIST_MESSAGES.courseRequired })
      .int()
      .min(1, WISHLIST_MESSAGES.courseRequired)
      .max(MAX_INT4, WISHLIST_MESSAGES.courseRequired),
  );

/** The spec's clients name the owner by e-mail; we only accept the caller's own (or none). */
const OwnerEmailSchema = z.string().trim().max(320).optional();

export const WishlistListQuerySchema = z.object({ email: OwnerEmailSchema });

/** docs/spec/discovery.md §3: "Create takes user (e-mail) and course (id)". */
export const WishlistCreateSchema = z.object({
  user: OwnerEmailSchema,
  email: OwnerEmailSchema,
  course: CourseIdSchema,
});

/** docs/spec/discovery.md §3: "Delete takes email and course" (body; the query is accepted too). */
export const WishlistDeleteSchema = z.object({
  email: OwnerEmailSchema,
  user: OwnerEmailSchema,
  course: CourseIdSchema,
});

/** docs/spec/discovery.md §3: "a wrapper whose course field holds the course". */
export const WishlistEntrySchema = z.object({
  created_at: z.string(),
  course: CourseListItemSchema,
});
export type WishlistEntry = z.output<typeof WishlistEntrySchema>;

export const WishlistListSchema = z.object({
  count: z.number().int(),
  results: z.array(WishlistEntrySchema),
});

export const WishlistCreatedSchema = WishlistEntrySchema.extend({
  created: z.boolean(),
  message: z.string(),
});

export const WishlistDeletedSchema = z.object({
  course: z.number().int(),
  removed: z.boolean(),
  message: z.string(),
});

const requiredName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NEWSLETTER_NAME_MAX_LENGTH, NEWSLETTER_MESSAGES.nameTooLong);

/** docs/spec/discovery.md §7 POST subscription/add: email, first_name, last_name. */
export const SubscriptionSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.invalidEmail })
    .trim()
    .refine(isValidNewsletterEmail, NEWSLETTER_MESSAGES.invalidEmail),
  first_name: requiredName(NEWSLETTER_MESSAGES.firstNameRequired),
  last_name: requiredName(NEWSLETTER_MESSAGES.lastNameRequired),
});

export const SubscriptionAnswerSchema = z.object({
  status: z.literal("subscribed"),
  message: z.string(),
  detail: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const UnsubscribeSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, NEWSLETTER_MESSAGES.invalidUnsubscribeLink)
    .max(200, NEWSLETTER_MESSAGES.invalidUnsubscribeLink),
});

export const UnsubscribeAnswerSchema = z.object({
  status: z.enum(["unsubscribed", "already_unsubscribed"]),
  message: z.string(),
  detail: z.string(),
});

const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: CONTACT_MESSAGES.fillAllFields })
    .trim()
    .min(1, CONTACT_MESSAGES.fillAllFields)
    .max(max, tooLong);

/** docs/spec/accounts-and-details.md §7 POST account/create_contact: name, email, message. */
export const ContactSchema = z.object({
  name: requiredText(CONTACT_NAME_MAX_LENGTH, CONTACT_MESSAGES.nameTooLong),
  email: requiredText(320, CONTACT_MESSAGES.invalidEmail).refine(
    isValidContactEmail,
    CONTACT_MESSAGES.invalidEmail,
  ),
  message: requiredText(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
});

export type ContactForm = z.input<typeof ContactSchema>;

/**
 * docs/spec/accounts-and-details.md §5 Contact: the one message the form shows, or undefined when
 * it can be sent. An empty field wins over every other problem ('Please fill in all fields.').
 */
export function contactFormError(form: ContactForm): string | undefined {
  const result = ContactSchema.safeParse(form);
  if (result.success) return undefined;
  const messages = result.error.issues.map((issue) => issue.message);
  return messages.find((text) => text === CONTACT_MESSAGES.fillAllFields) ?? messages[0];
}

export const ContactAnswerSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  detail: z.string(),
});
