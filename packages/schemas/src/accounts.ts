// Account API payloads and answers (docs/spec/accounts-and-details.md §3, §7), built on the zod-free rules
// of account-rules.ts so that forms and server share every rule and message.
import { z } from "zod";

import {
  MESSAGES,
  isValidEmail,
  isValidName,
  normaliseName,
  passwordLengthError,
} from "./account-rules.ts";
import { MAX_INT4 } from "./limits.ts";

const trimmed = (message: string) =>
  z.string({ error: message }).transform((value) => value.trim());

export const EmailSchema = trimmed(MESSAGES.email).refine(isValidEmail, MESSAGES.email);
/** A name as ADR 050 takes it: checked and stored NFC-normalised and trimmed. */
const nameSchema = (message: string) =>
  z
    .string({ error: message })
    .max(400, message)
    .transform(normaliseName)
    .refine(isValidName, message);
const FirstNameSchema = nameSchema(MESSAGES.firstName);
const LastNameSchema = nameSchema(MESSAGES.lastName);
const PasswordSchema = z.string({ error: MESSAGES.password }).superRefine((value, ctx) => {
  const message = passwordLengthError(value);
  if (message) ctx.addIssue({ code: "custom", message });
});

/** Sign-in takes any non-empty password: the rules apply when one is chosen, not when typed. */
export const LoginSchema = z.object({
  email: z.string({ error: MESSAGES.email }).trim().min(1, MESSAGES.email).max(254),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(200),
});

export const RefreshSchema = z.object({
  refresh: z.string().min(1).max(200).optional(),
});

export const RegisterSchema = z.object({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});

export const PARTNER_KIND_LABELS = { school: "School", agent: "Agency" } as const;

/** The API field keeps the spec's spelling (`organization`); what people read says "Organisation". */
export const RegisterPartnerSchema = RegisterSchema.extend({
  organization: z
    .string({ error: "Organisation is required" })
    .trim()
    .min(1, "Organisation is required")
    .max(200, "Organisation must be at most 200 characters"),
  /** A school lists its own programmes; an agency recruits for several schools. */
  organisation_kind: z
    .enum(["school", "agent"], { error: "Choose whether you are a school or an agency." })
    .default("school"),
});

export const EmailOnlySchema = z.object({
  email: z
    .string({ error: MESSAGES.forgotPasswordEmailRequired })
    .trim()
    .min(1, MESSAGES.forgotPasswordEmailRequired)
    .refine(isValidEmail, MESSAGES.email),
});

export const PasswordResetConfirmSchema = z.object({
  new_password: PasswordSchema,
});

// The forms' schemas: the API's payload plus what only the browser asks (a confirmation), and the
// "required" message the spec shows before a rule's message (docs/spec/accounts-and-details.md §5).

/** A confirmation field that must repeat `field`. */
function confirming<T extends z.ZodObject>(
  schema: T,
  field: string,
  confirm: string,
  required: string,
) {
  return schema
    .extend({ [confirm]: z.string().min(1, required) })
    .superRefine((values: Record<string, unknown>, ctx) => {
      if (values[confirm] !== "" && values[confirm] !== values[field]) {
        ctx.addIssue({ code: "custom", path: [confirm], message: MESSAGES.passwordsDoNotMatch });
      }
    });
}

const requiredThen = <T extends z.ZodType<unknown, string>>(required: string, rule: T) =>
  z.string().min(1, required).pipe(rule);

/** The sign-in form: a valid address and any password. */
/**
 * The sign-in form: a valid address, and a password that could exist under the password rule
 * (the spec applies its rule to sign-in too), so an impossible one is caught
 * before the round trip. The API itself takes any non-empty password and answers 401.
 */
export const LoginFormSchema = LoginSchema.extend({
  email: EmailSchema,
  password: requiredThen(MESSAGES.passwordRequired, PasswordSchema),
});

/** The sign-up form (§5 "Register"). */
export const RegisterFormSchema = confirming(
  RegisterSchema,
  "password",
  "confirm",
  MESSAGES.confirmPasswordRequired,
);

/** The new-password page /set-pw (§5 "New password page"). */
export const SetPasswordFormSchema = confirming(
  z.object({ password: requiredThen(MESSAGES.passwordRequired, PasswordSchema) }),
  "password",
  "confirm",
  MESSAGES.confirmPasswordRequired,
);

/** Settings' change-password form (§5 "Settings change password": its own short message). */
export const ChangePasswordFormSchema = confirming(
  z.object({
    current: z.string().min(1, MESSAGES.currentPasswordRequired),
    next: requiredThen(
      MESSAGES.newPasswordRequired,
      z.string().superRefine((value, ctx) => {
        const message = passwordLengthError(value);
        if (!message) return;
        const shown = message === MESSAGES.password ? MESSAGES.newPasswordTooShort : message;
        ctx.addIssue({ code: "custom", message: shown });
      }),
    ),
  }),
  "next",
  "confirm",
  MESSAGES.confirmNewPasswordRequired,
);

export const ChangePasswordSchema = z.object({
  old_password: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired),
  new_password: PasswordSchema,
});

export const GoogleCredentialSchema = z.object({
  credential: z
    .string({ error: "credential is required" })
    .min(20, "credential is required")
    .max(8192),
});

export const UserInterestSchema = z.object({
  disciplines: z.array(z.coerce.number().int().positive()).max(100).default([]),
  countries: z.array(z.coerce.number().int().positive()).max(300).default([]),
});

export const TokenParamsSchema = z.object({
  token1: z.string().min(1).max(200),
  token2: z.string().min(1).max(200),
});

export const ResetParamsSchema = z.object({
  user: z.string().min(1).max(200),
  token: z.string().min(1).max(200),
});

export const UserIdParamsSchema = z.object({
  id: z.coerce.number({ error: "must be a user id" }).int().positive().max(MAX_INT4),
});

export const ReferralParamsSchema = z.object({
  code: z.string().min(1).max(64),
});

export const SocialsSchema = z.object({
  instagram: z.string().nullable().optional(),
  twitter: z.string().nullable().optional(),
  facebook: z.string().nullable().optional(),
});

export const ClientProfileSchema = z.object({
  id: z.number(),
  profile_pic: z.string().nullable(),
  address: z.string().nullable(),
  employment_status: z.string().nullable(),
  employment_sector: z.string().nullable(),
  employment_position: z.string().nullable(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  nationality: z.number().nullable(),
  country_of_residence: z.number().nullable(),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  socials: SocialsSchema,
});

/** GET account/detail (§3 "Account detail"). */
export const AccountDetailSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.string(),
  referral_code: z.string(),
  organization: z.string().nullable(),
  client_profile: ClientProfileSchema,
});
export type AccountDetail = z.output<typeof AccountDetailSchema>;

/** What any signed-in user may see of another (get_user, referral). */
export const PublicUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  profile_pic: z.string().nullable(),
});
export type PublicUser = z.output<typeof PublicUserSchema>;

/**
 * A new or renewed session. The tokens are in the body only for API clients; our web app (which
 * sends the X-XSRF-TOKEN header) gets them as httpOnly cookies and never sees them.
 */
export const RefreshedSchema = z.object({
  access: z.string().optional().describe("API clients only"),
  refresh: z.string().optional().describe("API clients only"),
  access_token: z.string().optional().describe("API clients only"),
  refresh_token: z.string().optional().describe("API clients only"),
  token_type: z.literal("bearer"),
  expires_in: z.number(),
  expires_at: z.number(),
});

export const TokenPairSchema = RefreshedSchema.extend({
  user: PublicUserSchema.extend({ email: z.string(), email_verified: z.boolean() }),
  message: z.string().optional(),
});

/** The answer to an e-mail verification link: tokens only for an API client (see recovery.ts). */
export const VerifiedSchema = TokenPairSchema.partial({
  token_type: true,
  expires_in: true,
  expires_at: true,
}).extend({ message: z.string(), signed_in: z.boolean() });

export const MessageSchema = z.object({ message: z.string(), detail: z.string() });

export const UserInterestAnswerSchema = z.object({
  disciplines: z.array(z.number()),
  countries: z.array(z.number()),
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : value.trim() === "" || value === "null"
          ? null
          : value.trim(),
    );

const optionalId = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value.trim() === "" || value === "null") return null;
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0) {
      ctx.addIssue({ code: "custom", message: "must be a country id" });
      return z.NEVER;
    }
    return id;
  });

/**
 * The multipart fields of PATCH account/update_user_profile (§3 "Profile update payload").
 * Empty values arrive as null or ""; both clear the field. Unknown fields are ignored.
 */
export const ProfileUpdateSchema = z.object({
  first_name: optionalText(400).pipe(
    z
      .string()
      .transform(normaliseName)
      .refine(isValidName, MESSAGES.firstName)
      .nullable()
      .optional()
      .refine((value) => value !== null, MESSAGES.firstName),
  ),
  last_name: optionalText(400).pipe(
    z
      .string()
      .transform(normaliseName)
      .refine(isValidName, MESSAGES.lastName)
      .nullable()
      .optional()
      .refine((value) => value !== null, MESSAGES.lastName),
  ),
  organization: optionalText(200),
  address: optionalText(300),
  employment_status: optionalText(100),
  employment_sector: optionalText(100),
  employment_position: optionalText(100),
  gender: optionalText(40).pipe(
    z
      .enum(["male", "female", "other", "prefer_not_to_say"], {
        error: "must be male, female, other or prefer_not_to_say",
      })
      .nullable()
      .optional(),
  ),
  date_of_birth: optionalText(10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
      .refine((value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return (
          !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date < new Date()
        );
      }, "must be a real date in the past")
      .nullable()
      .optional(),
  ),
  nationality: optionalId,
  country_of_residence: optionalId,
  phone_number: optionalText(32).pipe(
    z
      .string()
      .regex(/^\+?[0-9 ()-]{5,31}$/, "must be a phone number such as +44 20 7946 0958")
      .nullable()
      .optional(),
  ),
  website: optionalText(300),
});
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;
