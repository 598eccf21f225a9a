// The student's own applications and saved applicant profile (docs/decisions/057-student-loop.md):
// /applications, the programme page's "You applied" state, and the notification settings. The
// profile is the application form's own fields (ApplicationSchema), so one set of rules applies.
import { z } from "zod";

import { ApplicationSchema } from "./applications.ts";
import { LEAD_STATUS_VALUES } from "./dashboards.ts";

export type ApplicationStatus = (typeof LEAD_STATUS_VALUES)[number];

/** The status the school keeps on its lead (ADR 016), in the student's words. */
export const STUDENT_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "Received",
  contacted: "The school contacted you",
  applied: "Application with the school",
  enrolled: "Enrolled",
  rejected: "Not accepted",
};

/** The saved applicant profile: what the next application form starts with. */
export const ApplicantProfileSchema = ApplicationSchema.pick({
  title: true,
  sex: true,
  country: true,
  nationality: true,
  date_of_birth: true,
  phone_number: true,
  address: true,
  city: true,
  zip_code: true,
});
export type ApplicantProfileInput = z.input<typeof ApplicantProfileSchema>;
export type ApplicantProfile = z.output<typeof ApplicantProfileSchema>;

export const PROFILE_FIELDS = [
  "title",
  "sex",
  "date_of_birth",
  "phone_number",
  "country",
  "nationality",
  "address",
  "city",
  "zip_code",
] as const;

export const PROFILE_MESSAGES = {
  saved: "Your applicant profile is saved. Your next application starts with it.",
} as const;

export const MyApplicationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  programme: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  school: z.object({ name: z.string(), slug: z.string() }),
  status: z.enum(LEAD_STATUS_VALUES),
  status_label: z.string(),
  chat_id: z.number().int().nullable(),
});
export type MyApplication = z.output<typeof MyApplicationSchema>;

/** The profile as stored and answered (the form's output shape). */
const StoredProfileSchema = z.object({
  title: z.enum(["Mr", "Mrs", "Miss", "Dr"]),
  sex: z.enum(["Male", "Female", "Other"]),
  country: z.number().int(),
  nationality: z.number().int(),
  date_of_birth: z.string(),
  phone_number: z.string(),
  address: z.string(),
  city: z.string(),
  zip_code: z.string(),
});

/** The programme page's question: did I apply here, and what do I start the form with? */
export const ApplicationForCourseSchema = z.object({
  application: MyApplicationSchema.nullable(),
  profile: StoredProfileSchema.nullable(),
});
export type ApplicationForCourse = z.output<typeof ApplicationForCourseSchema>;

export const MyApplicationsSchema = z.object({
  results: z.array(MyApplicationSchema),
  profile: StoredProfileSchema.nullable(),
});

export const SavedProfileSchema = z.object({
  message: z.string(),
  profile: StoredProfileSchema,
});

export const CourseIdParamsSchema = z.object({
  courseId: z.coerce
    .number({ error: "Give a programme id." })
    .int("Give a programme id.")
    .min(1, "Give a programme id.")
    .max(2_147_483_647, "Give a programme id."),
});

export const NotificationSettingsSchema = z.object({
  reply_emails: z.boolean({ error: "Say whether to e-mail unread replies (true or false)." }),
  status_emails: z.boolean({ error: "Say whether to e-mail status changes (true or false)." }),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

export const NotificationSettingsAnswerSchema = NotificationSettingsSchema.extend({
  /** The VAPID public key browsers subscribe with; null: Web Push is not set up. */
  push_public_key: z.string().nullable(),
});

export const NOTIFICATION_MESSAGES = {
  invalidLink: "This unsubscribe link is not valid. Change your e-mails in your account settings.",
  unsubscribed:
    "You will no longer get these e-mails. Turn them on again in your account settings.",
  alreadyUnsubscribed: "These e-mails were already off.",
  saved: "Your notification settings are saved.",
  pushUnavailable: "Browser notifications are not set up on this server.",
} as const;

export const NotificationUnsubscribeSchema = z.object({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.invalidLink })
    .regex(/^[0-9a-f]{32}$/, NOTIFICATION_MESSAGES.invalidLink),
  kind: z.enum(["replies", "status"], { error: NOTIFICATION_MESSAGES.invalidLink }),
});

export const NotificationUnsubscribedSchema = z.object({
  message: z.string(),
  status: z.enum(["unsubscribed", "already_unsubscribed"]),
});

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: "A push endpoint is an https address." })
    .max(1000, "A push endpoint is at most 1,000 characters."),
  keys: z.object(
    {
      p256dh: z.string().min(1).max(200),
      auth: z.string().min(1).max(100),
    },
    { error: "A push subscription needs its keys (p256dh and auth)." },
  ),
});

export const PushEndpointSchema = z.object({
  endpoint: z.string().min(1).max(1000),
});
