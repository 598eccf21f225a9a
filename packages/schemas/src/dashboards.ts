// The partner and sales dashboards' payloads and answers (docs/spec/accounts-and-details.md §2
// "Dashboard pages", §8 partner sign-in errors;
// docs/decisions/016-organisations-and-dashboards.md), shared by the forms and the API.
import { z } from "zod";

import { LoginSchema, RegisterSchema } from "./accounts.ts";
import { MAX_INT4 } from "./limits.ts";
import { MEMBER_ROLE_VALUES } from "./organisation-team.ts";

export const DASHBOARD_MESSAGES = {
  /** §8: any not-ok answer to the partner sign-in. */
  invalidCredentials: "Invalid credentials. Please try again.",
  /** §8: a network failure, shown in an Error dialog. */
  networkError: "An error occurred. Please try again.",
  notDashboardUser:
    "This sign-in is for partners and sales agents. Students sign in on the StudyAtlas home page.",
  invitationRequired:
    "Sales agents join by invitation. Please open the link in the invitation e-mail you received.",
} as const;

export const DASHBOARD_ROLES = ["partner", "sales"] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** Where each dashboard user lands after signing in. */
export const DASHBOARD_HOME: Record<DashboardRole, string> = {
  partner: "/dashboard/partner",
  sales: "/dashboard/sales",
};

/** Dashboard sign-in: the sign-in payload plus 'remember me' (a 30-day session, else a browser session). */
export const DashboardLoginSchema = LoginSchema.extend({
  remember: z.boolean().optional().default(false),
});

/** The invited address is the invitation's, so the form has no e-mail field. */
export const SalesRegisterSchema = RegisterSchema.omit({ email: true }).extend({
  invitation: z
    .string({ error: DASHBOARD_MESSAGES.invitationRequired })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, DASHBOARD_MESSAGES.invitationRequired),
});

export const InvitationQuerySchema = z.object({
  invitation: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/),
});

export const SalesInviteSchema = z.object({
  email: RegisterSchema.shape.email,
});

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

export const OrganisationParamsSchema = z.object({ id: Id });
export const OrganisationSchoolParamsSchema = z.object({ id: Id, schoolId: Id });

export const ORGANISATION_STATUS_VALUES = ["pending", "approved", "suspended"] as const;

export const OrganisationListQuerySchema = z.object({
  status: z.enum(ORGANISATION_STATUS_VALUES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const OrganisationDecisionSchema = z.object({
  status: z.enum(["approved", "suspended"], { error: "Choose approved or suspended." }),
});

export const LinkSchoolSchema = z.object({
  school_id: Id,
});

export const SchoolSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type part of a school's name.").max(200),
});

const LinkedSchoolSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });

export const OrganisationSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(["school", "agent"]),
  status: z.enum(ORGANISATION_STATUS_VALUES),
  lead_email: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const PartnerOrganisationSchema = OrganisationSummarySchema.extend({
  /** The signed-in member's role in it (ADR 056). */
  role: z.enum(MEMBER_ROLE_VALUES),
  schools: z.array(LinkedSchoolSchema),
});

export const OrganisationDetailSchema = OrganisationSummarySchema.extend({
  members: z.array(
    z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  ),
  schools: z.array(LinkedSchoolSchema),
});

export const OrganisationListSchema = z.object({
  count: z.number(),
  results: z.array(OrganisationDetailSchema),
});

export const SchoolForLinkingSchema = LinkedSchoolSchema.extend({
  country: z.string().nullable(),
  organisation: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const SalesInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  expired: z.boolean(),
  invited_by: z.string().nullable(),
});

export type OrganisationDetail = z.infer<typeof OrganisationDetailSchema>;
export type PartnerOrganisation = z.infer<typeof PartnerOrganisationSchema>;
export type SalesInvitation = z.infer<typeof SalesInvitationSchema>;
export type SchoolForLinking = z.infer<typeof SchoolForLinkingSchema>;

// Leads.
export const LEAD_STATUS_VALUES = ["new", "contacted", "applied", "enrolled", "rejected"] as const;
export const LEAD_STATUS_LABELS: Record<(typeof LEAD_STATUS_VALUES)[number], string> = {
  new: "New",
  contacted: "Contacted",
  applied: "Applied",
  enrolled: "Enrolled",
  rejected: "Rejected",
};

const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-25.")
  .refine((value) => !Number.isNaN(Date.parse(value)), "Use a date like 2026-11-25.");

export const LeadFiltersSchema = z.object({
  status: z.enum(LEAD_STATUS_VALUES).optional(),
  q: z.string().trim().max(200).optional(),
  course: Id.optional(),
  country: Id.optional(),
  from: Day.optional(),
  to: Day.optional(),
});

export const LeadListQuerySchema = LeadFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const LeadParamsSchema = z.object({ id: Id });

export const LeadStatusSchema = z.object({
  status: z.enum(LEAD_STATUS_VALUES, { error: "Choose a status from the list." }),
});

export const LeadNoteSchema = z.object({
  body: z
    .string({ error: "Write a note before saving it." })
    .max(2000, "A note can be at most 2,000 characters long.")
    .refine((value) => value.trim() !== "", "Write a note before saving it."),
});

const LeadApplicantSchema = z.object({
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});

export const LeadSummarySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  status: z.enum(LEAD_STATUS_VALUES),
  applicant: LeadApplicantSchema,
  country: z.object({ id: z.number(), name: z.string() }),
  programme: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  school: z.object({ id: z.number(), name: z.string() }),
  notes: z.number(),
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const LeadListSchema = z.object({
  count: z.number(),
  results: z.array(LeadSummarySchema),
});

export const LeadDetailSchema = LeadSummarySchema.extend({
  applicant: LeadApplicantSchema.extend({
    sex: z.string(),
    date_of_birth: z.string(),
    nationality: z.string(),
    address: z.string(),
    city: z.string(),
    zip_code: z.string(),
  }),
  referral_code: z.string(),
  status_changed_at: z.string().nullable(),
  /**
   * The programme's stated entry requirements against the qualifications the applicant recorded
   * when applying (ADR 054); empty when the programme states none.
   */
  entry_requirements: z.array(
    z.object({
      requirement: z.string(),
      outcome: z.enum(["met", "not-met", "unknown"]),
      detail: z.string(),
    }),
  ),
  notes_list: z.array(
    z.object({
      id: z.number(),
      body: z.string(),
      created_at: z.string(),
      author: z.string().nullable(),
    }),
  ),
});

export type LeadSummary = z.infer<typeof LeadSummarySchema>;
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

// Where new leads go: the lead e-mail address and the webhook.
export const PartnerSettingsSchema = z.object({
  lead_email: z.string().nullable(),
  webhook_url: z.string().nullable(),
  webhook_secret: z.string().nullable(),
});

const blankAsNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

export const PartnerSettingsBodySchema = z.object({
  lead_email: z.preprocess(blankAsNull, RegisterSchema.shape.email.nullable().default(null)),
  webhook_url: z.preprocess(
    blankAsNull,
    z
      .string({ error: "Give the full address of your endpoint, starting with https://." })
      .trim()
      .max(2000, "The address can be at most 2,000 characters long.")
      .nullable()
      .default(null),
  ),
});

export const WebhookDeliveriesSchema = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      event: z.string(),
      url: z.string(),
      attempts: z.number(),
      status: z.enum(["delivered", "retrying", "failed"]),
      last_status: z.number().nullable(),
      last_error: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      created_at: z.string(),
      delivered_at: z.string().nullable(),
    }),
  ),
});

export type PartnerSettings = z.infer<typeof PartnerSettingsSchema>;
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>["results"];
