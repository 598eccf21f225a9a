// The application ('Apply Here') form and its API (docs/spec/accounts-and-details.md §2 "Apply
// form", §3 "Application (interest) payload", §5 "Application", §7
// academics/course/create_interest, §8 "Application";
// docs/decisions/012-applications-and-live-chat.md). One schema validates the dialog in the browser
// and the payload on the server.
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";

export const APPLICATION_TITLE_OPTIONS = ["Mr", "Mrs", "Miss", "Dr"] as const;
export const APPLICATION_SEX_OPTIONS = ["Male", "Female", "Other"] as const;

export const APPLICATION_MESSAGES = {
  /** §8: the success text, shown in the dialog before it closes. */
  submitted: "Application submitted successfully!",
  /** §8: the fallback when the server gives no message. */
  genericError: "An error occurred. Please try again.",
  required: "This field is required",
  email: "It should be a valid email address!",
  title: "Choose a title: Mr, Mrs, Miss or Dr.",
  sex: "Choose Male, Female or Other.",
  country: "Choose a country from the list.",
  dateOfBirth: "Enter your date of birth.",
  dateOfBirthRange: "Enter a date of birth at least 14 years ago.",
  phone: "Enter a phone number of 6 to 15 digits, with an optional + and the country code.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  course: "Choose a programme to apply to.",
  unknownCourse: "This programme does not exist or is no longer open to applications.",
  duplicate:
    "You have already applied to this programme. Your advisor will reply in your chat about it.",
  noAdvisor:
    "Applications are closed for a moment: no advisor is available to answer you. Please try again later.",
  /** §8: the country list could not load in the dialog. */
  countriesFailed: "Failed to fetch countries. Please try again later.",
} as const;

/** §9: the dialog closes and the student goes to the chat 2000 ms after the success message. */
export const APPLICATION_REDIRECT_MS = 2000;

const MIN_AGE_YEARS = 14;
const MAX_AGE_YEARS = 120;

function requiredText(max: number) {
  return z
    .string({ error: APPLICATION_MESSAGES.required })
    .trim()
    .min(1, APPLICATION_MESSAGES.required)
    .max(max, APPLICATION_MESSAGES.tooLong(max));
}

/** A country id, from a select (string) or JSON (number). */
function countryId() {
  return z
    .union([z.number(), z.string().trim()], { error: APPLICATION_MESSAGES.required })
    .transform((value, ctx) => {
      if (value === "") {
        ctx.addIssue({ code: "custom", message: APPLICATION_MESSAGES.required });
        return z.NEVER;
      }
      const id = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_INT4) {
        ctx.addIssue({ code: "custom", message: APPLICATION_MESSAGES.country });
        return z.NEVER;
      }
      return id;
    });
}

/** Whether `value` is a real calendar date (YYYY-MM-DD) for someone aged 14 to 120 on `today`. */
export function isPlausibleBirthDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const latest = Date.UTC(
    today.getUTCFullYear() - MIN_AGE_YEARS,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  const earliest = Date.UTC(
    today.getUTCFullYear() - MAX_AGE_YEARS,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  return date.getTime() <= latest && date.getTime() >= earliest;
}

/** §3 Application payload: every field required except referral_code (§5). */
export const ApplicationSchema = z.object({
  course: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: APPLICATION_MESSAGES.course,
    })
    .pipe(
      z
        .number()
        .int()
        .min(1, APPLICATION_MESSAGES.course)
        .max(MAX_INT4, APPLICATION_MESSAGES.course),
    ),
  title: z.enum(APPLICATION_TITLE_OPTIONS, { error: APPLICATION_MESSAGES.title }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: requiredText(254).pipe(
    z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, APPLICATION_MESSAGES.email),
  ),
  sex: z.enum(APPLICATION_SEX_OPTIONS, { error: APPLICATION_MESSAGES.sex }),
  country: countryId(),
  nationality: countryId(),
  date_of_birth: requiredText(10).refine(
    (value) => isPlausibleBirthDate(value),
    APPLICATION_MESSAGES.dateOfBirthRange,
  ),
  phone_number: requiredText(32).refine((value) => {
    if (!/^\+?[\d\s().-]+$/.test(value)) return false;
    const digits = value.replace(/\D/g, "").length;
    return digits >= 6 && digits <= 15;
  }, APPLICATION_MESSAGES.phone),
  address: requiredText(200),
  city: requiredText(100),
  zip_code: requiredText(20),
  referral_code: z
    .string()
    .trim()
    .max(64, APPLICATION_MESSAGES.tooLong(64))
    .nullish()
    .transform((value) => value ?? ""),
});
export type ApplicationInput = z.input<typeof ApplicationSchema>;
export type Application = z.output<typeof ApplicationSchema>;

/** The fields of the dialog, in the order the form shows them. */
export const APPLICATION_FIELDS = [
  "title",
  "firstName",
  "lastName",
  "email",
  "sex",
  "date_of_birth",
  "phone_number",
  "country",
  "nationality",
  "address",
  "city",
  "zip_code",
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

export const ApplicationCreatedSchema = z.object({
  message: z.literal(APPLICATION_MESSAGES.submitted),
  application_id: z.number().int(),
  chat_id: z.number().int(),
});
export type ApplicationCreated = z.output<typeof ApplicationCreatedSchema>;

/** What the advisor sees beside a chat. */
export const ApplicationDetailSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  course: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  sex: z.string(),
  date_of_birth: z.string(),
  phone_number: z.string(),
  country: z.object({ id: z.number().int(), name: z.string() }),
  nationality: z.object({ id: z.number().int(), name: z.string() }),
  address: z.string(),
  city: z.string(),
  zip_code: z.string(),
  referral_code: z.string(),
  referrer: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type ApplicationDetail = z.output<typeof ApplicationDetailSchema>;
