// Lead management on the partner dashboard (docs/decisions/056-organisation-membership.md "Lead
// management"): the payloads of the bulk status change, the lead owner and the saved views, and
// the lead's timeline.
import { z } from "zod";

import { LEAD_STATUS_VALUES, LeadFiltersSchema } from "./dashboards.ts";
import { MAX_INT4 } from "./limits.ts";

export const MAX_BULK_LEADS = 200;

export const LEAD_MANAGEMENT_MESSAGES = {
  selectLeads: "Select at least one lead (at most 200 at once).",
  status: "Choose a status from the list.",
  owner: "Choose a member of your organisation, or nobody.",
  viewName: "Name the view (1 to 80 characters).",
  viewTaken: "A view with this name exists already: choose another name.",
  viewNotFound: "This saved view does not exist.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

export const BulkLeadStatusSchema = z.object({
  ids: z
    .array(Id, { error: LEAD_MANAGEMENT_MESSAGES.selectLeads })
    .min(1, LEAD_MANAGEMENT_MESSAGES.selectLeads)
    .max(MAX_BULK_LEADS, LEAD_MANAGEMENT_MESSAGES.selectLeads),
  status: z.enum(LEAD_STATUS_VALUES, { error: LEAD_MANAGEMENT_MESSAGES.status }),
});

export const LeadOwnerSchema = z.object({
  owner_id: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    Id.nullable(),
  ),
});

export const LeadOwnerAnswerSchema = z.object({
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const LeadViewBodySchema = z.object({
  name: z
    .string({ error: LEAD_MANAGEMENT_MESSAGES.viewName })
    .trim()
    .min(1, LEAD_MANAGEMENT_MESSAGES.viewName)
    .max(80, LEAD_MANAGEMENT_MESSAGES.viewName),
  filters: LeadFiltersSchema,
});

export const LeadViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type LeadView = z.infer<typeof LeadViewSchema>;
export const LeadViewListSchema = z.object({ results: z.array(LeadViewSchema) });

export const LeadTimelineEventSchema = z.object({
  kind: z.enum(["application", "change", "note", "message"]),
  at: z.string(),
  author: z.string().nullable(),
  text: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type LeadTimelineEvent = z.infer<typeof LeadTimelineEventSchema>;
export const LeadTimelineSchema = z.object({
  owner: LeadOwnerAnswerSchema.shape.owner,
  events: z.array(LeadTimelineEventSchema),
});
