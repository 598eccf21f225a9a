// The partner and sales dashboards' payloads and answers (docs/spec/accounts-and-details.md §2
// "Dashboard pages", §8 partner sign-in errors; issue 13), shared by the forms and the API.
import { z } from "zod";

import { LoginSchema, RegisterSchema } from "./accounts.ts";
import { MAX_INT4 } from "./limits.ts";

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
  invited_by: z.string().nullable(),
});

export type OrganisationDetail = z.infer<typeof OrganisationDetailSchema>;
export type PartnerOrganisation = z.infer<typeof PartnerOrganisationSchema>;
export type SalesInvitation = z.infer<typeof SalesInvitationSchema>;
export type SchoolForLinking = z.infer<typeof SchoolForLinkingSchema>;
