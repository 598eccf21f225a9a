// Programme authoring on the partner dashboard (docs/decisions/016-organisations-and-dashboards.md
// "Programme authoring"): the form's payload, checked by the same schema in the browser and on the
// server, and the answers of the API. Every field the public programme page (/course/{slug}) shows
// can be edited.
import { z } from "zod";

import { EntryRequirementsSchema } from "./entry-requirements.ts";
import { MAX_INT4 } from "./limits.ts";

export const PROGRAMME_HTML_FIELDS = [
  "overview",
  "why_chose",
  "who_for",
  "admission_requirements",
  "other_requirements",
  "programme_structure",
  "syllabus",
  "tuition_and_aid",
  "scholarship",
] as const;
export type ProgrammeHtmlField = (typeof PROGRAMME_HTML_FIELDS)[number];

/** The section titles of the programme page, used as the editors' labels. */
export const PROGRAMME_HTML_LABELS: Record<ProgrammeHtmlField, string> = {
  overview: "Overview",
  why_chose: "Why choose this programme",
  who_for: "Who it is for",
  admission_requirements: "Admission requirements",
  other_requirements: "Other requirements",
  programme_structure: "Programme structure",
  syllabus: "Syllabus",
  tuition_and_aid: "Tuition and financial aid",
  scholarship: "Scholarships",
};

/** Audit field names as the log shows them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: "Status",
  lead_email: "Lead e-mail",
  webhook_url: "Webhook URL",
  webhook_secret: "Webhook secret",
  name: "Name",
  about: "Summary",
  published: "Published",
  school: "School",
  programme_type: "Programme type",
  degree_type: "Degree type",
  language: "Language",
  duration: "Duration",
  format: "Format",
  attendance: "Attendance",
  start: "Start",
  deadline: "Application deadline",
  tuition: "Tuition fee",
  disciplines: "Disciplines",
  video: "Video",
  official_programme_website: "Official website",
  role: "Role",
  member: "Member",
  invitation: "Invitation",
  email: "E-mail",
  owner: "Lead owner",
  code: "Programme code",
  ...PROGRAMME_HTML_LABELS,
};

export const DURATION_BASE_VALUES = ["hours", "days", "weeks", "months", "years"] as const;
export const COURSE_FORMAT_VALUES = ["FULL", "PART"] as const;
export const ATTENDANCE_VALUES = ["SITE", "ONLINE", "BLENDED"] as const;
/** The periods a fee covers, as the programme page words them ("per year", "for the full programme"). */
export const FEE_BASE_VALUES = ["year", "semester", "month", "credit", "programme"] as const;
export const TUITION_KINDS = ["amount", "free", "unknown"] as const;

export const FORMAT_LABELS = { FULL: "Full-time", PART: "Part-time" } as const;
export const ATTENDANCE_LABELS = {
  SITE: "On campus",
  ONLINE: "Online",
  BLENDED: "Blended",
} as const;
export const FEE_BASE_LABELS: Record<(typeof FEE_BASE_VALUES)[number], string> = {
  year: "per year",
  semester: "per semester",
  month: "per month",
  credit: "per credit",
  programme: "for the full programme",
};

export const PROGRAMME_MESSAGES = {
  name: "Give the programme a name (3 to 200 characters).",
  about: "Write a short summary for the programme's card (at most 600 characters).",
  school: "Choose one of your organisation's schools.",
  programmeType: "Choose the programme type.",
  degreeType: "Choose a degree type from the list, or none.",
  language: "Choose a language from the list, or none.",
  duration: "Give the duration as a whole number from 1 to 1,000.",
  durationBase: "Choose the unit of the duration.",
  format: "Choose full-time or part-time.",
  attendance: "Choose on campus, online or blended.",
  month: "Choose a month from the list, or 'Not announced'.",
  year: "Give a year between 2000 and 2100, or leave it empty.",
  monthAndYear: "Give both a month and a year, or neither.",
  tuitionKind: "Choose whether the programme has a fee, is free, or its fee is not known.",
  tuitionFee: "Give the fee as an amount greater than 0 (at most 1,000,000,000).",
  currency: "Choose the fee's currency.",
  feeBase: "Choose what the fee covers.",
  disciplines: "Choose from one to five disciplines.",
  html: "This section is too long (at most 50,000 characters).",
  video: "Give a YouTube address (https://www.youtube.com/…), or leave it empty.",
  website:
    "Give the full address of the programme's page, starting with https://, or leave it empty.",
  notFound: "This programme does not exist.",
  noSchool:
    "Your organisation has no school yet. Please ask your StudyAtlas account manager to link one.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

const idOf = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], {
      error: message,
    })
    .pipe(z.number({ error: message }).int(message).min(1, message).max(MAX_INT4, message));

const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

const optionalId = (message: string) => z.preprocess(blankAsNull, idOf(message).nullable());

const integer = (message: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, message)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

const month = z
  .preprocess(blankAsNull, integer(PROGRAMME_MESSAGES.month, 0, 12).nullable())
  .transform((value) => value ?? 0);
const year = z
  .preprocess(
    (value) => (value === 0 || value === "0" ? null : blankAsNull(value)),
    integer(PROGRAMME_MESSAGES.year, 2000, 2100).nullable(),
  )
  .transform((value) => value ?? 0);

const html = z
  .string({ error: PROGRAMME_MESSAGES.html })
  .max(50_000, PROGRAMME_MESSAGES.html)
  .default("");

const YOUTUBE =
  /^https:\/\/(?:www\.)?(?:youtube\.com\/embed\/|youtube-nocookie\.com\/embed\/|youtube\.com\/watch\?v=|youtu\.be\/)[\w-]{11}(?:[?&#].*)?$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const ProgrammeFieldsSchema = z.object({
  name: z
    .string({ error: PROGRAMME_MESSAGES.name })
    .trim()
    .min(3, PROGRAMME_MESSAGES.name)
    .max(200, PROGRAMME_MESSAGES.name)
    .refine((value) => !/[<>]/.test(value), "A programme's name cannot contain < or >."),
  about: z
    .string({ error: PROGRAMME_MESSAGES.about })
    .trim()
    .max(600, PROGRAMME_MESSAGES.about)
    .default(""),
  school_id: idOf(PROGRAMME_MESSAGES.school),
  programme_type_id: idOf(PROGRAMME_MESSAGES.programmeType),
  degree_type_id: optionalId(PROGRAMME_MESSAGES.degreeType),
  language_id: optionalId(PROGRAMME_MESSAGES.language),
  duration: integer(PROGRAMME_MESSAGES.duration, 1, 1000),
  duration_base: z.enum(DURATION_BASE_VALUES, { error: PROGRAMME_MESSAGES.durationBase }),
  course_format: z.enum(COURSE_FORMAT_VALUES, { error: PROGRAMME_MESSAGES.format }),
  attendance: z.enum(ATTENDANCE_VALUES, { error: PROGRAMME_MESSAGES.attendance }),
  start_month: month,
  start_year: year,
  deadline_month: month,
  deadline_year: year,
  tuition_kind: z.enum(TUITION_KINDS, { error: PROGRAMME_MESSAGES.tuitionKind }),
  tuition_fee: z.preprocess(
    blankAsNull,
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            // Thousands written as people type them: "18,500", "18 500", "18'500.50".
            .regex(/^(?:\d+|\d{1,3}(?:[,\s\u202f']\d{3})+)(?:\.\d{1,2})?$/)
            .transform((text) => Number(text.replace(/[,\s\u202f']/g, ""))),
        ],
        {
          error: PROGRAMME_MESSAGES.tuitionFee,
        },
      )
      .pipe(
        z
          .number({ error: PROGRAMME_MESSAGES.tuitionFee })
          .positive(PROGRAMME_MESSAGES.tuitionFee)
          .max(1_000_000_000, PROGRAMME_MESSAGES.tuitionFee),
      )
      .nullable(),
  ),
  tuition_currency_id: idOf(PROGRAMME_MESSAGES.currency),
  tuition_fee_base: z.enum(FEE_BASE_VALUES, { error: PROGRAMME_MESSAGES.feeBase }),
  discipline_ids: z
    .array(Id, { error: PROGRAMME_MESSAGES.disciplines })
    .min(1, PROGRAMME_MESSAGES.disciplines)
    .max(5, PROGRAMME_MESSAGES.disciplines)
    .transform((ids) => [...new Set(ids)]),
  overview: html,
  why_chose: html,
  who_for: html,
  admission_requirements: html,
  other_requirements: html,
  programme_structure: html,
  syllabus: html,
  tuition_and_aid: html,
  scholarship: html,
  video: z
    .string({ error: PROGRAMME_MESSAGES.video })
    .trim()
    .max(500, PROGRAMME_MESSAGES.video)
    .refine((value) => value === "" || YOUTUBE.test(value), PROGRAMME_MESSAGES.video)
    .default(""),
  official_programme_website: z
    .string({ error: PROGRAMME_MESSAGES.website })
    .trim()
    .max(2000, PROGRAMME_MESSAGES.website)
    .refine((value) => value === "" || isHttpUrl(value), PROGRAMME_MESSAGES.website)
    .default(""),
  /** Structured entry requirements (ADR 054): null clears them, absent leaves them as they are. */
  entry_requirements: EntryRequirementsSchema.nullable().optional(),
});

function checkProgramme(
  value: z.infer<typeof ProgrammeFieldsSchema>,
  context: z.RefinementCtx,
): void {
  for (const [monthKey, yearKey] of [
    ["start_month", "start_year"],
    ["deadline_month", "deadline_year"],
  ] as const) {
    if ((value[monthKey] === 0) !== (value[yearKey] === 0)) {
      context.addIssue({
        code: "custom",
        path: [value[monthKey] === 0 ? monthKey : yearKey],
        message: PROGRAMME_MESSAGES.monthAndYear,
      });
    }
  }
  if (value.tuition_kind === "amount" && value.tuition_fee === null) {
    context.addIssue({
      code: "custom",
      path: ["tuition_fee"],
      message: PROGRAMME_MESSAGES.tuitionFee,
    });
  }
}

/** Everything a partner writes for a programme (a full update). */
export const ProgrammeBodySchema = ProgrammeFieldsSchema.superRefine(checkProgramme);

/** A new programme: the same fields, and whether it is public at once. */
export const ProgrammeCreateSchema = ProgrammeFieldsSchema.extend({
  published: z.boolean({ error: "Choose published or not." }).default(false),
}).superRefine(checkProgramme);

export type ProgrammeBody = z.infer<typeof ProgrammeBodySchema>;
export type ProgrammeBodyInput = z.input<typeof ProgrammeBodySchema>;
export type ProgrammeCreate = z.infer<typeof ProgrammeCreateSchema>;

export const ProgrammeParamsSchema = z.object({ id: Id });

export const PROGRAMME_STATUS_VALUES = ["published", "unpublished"] as const;

export const ProgrammeListQuerySchema = z.object({
  q: z.string().trim().max(200, "Search with at most 200 characters.").optional(),
  status: z.enum(PROGRAMME_STATUS_VALUES, { error: "Choose published or unpublished." }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const SalesProgrammeListQuerySchema = ProgrammeListQuerySchema.extend({
  organisation: Id.optional(),
});

export const ProgrammeSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  school: z.object({ id: z.number(), name: z.string(), published: z.boolean() }),
  organisation: z.object({ id: z.number(), name: z.string() }).nullable(),
  programme_type: z.string(),
  updated_at: z.string(),
});

export const ProgrammeListSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(ProgrammeSummarySchema),
});

/** One programme as the form edits it, plus what the form shows around it. */
export const ProgrammeDetailSchema = z.object({
  id: z.number(),
  slug: z.string(),
  published: z.boolean(),
  school: z.object({ id: z.number(), name: z.string(), published: z.boolean() }),
  organisation: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  values: z.object({
    name: z.string(),
    about: z.string(),
    school_id: z.number(),
    programme_type_id: z.number(),
    degree_type_id: z.number().nullable(),
    language_id: z.number().nullable(),
    duration: z.number(),
    duration_base: z.enum(DURATION_BASE_VALUES),
    course_format: z.enum(COURSE_FORMAT_VALUES),
    attendance: z.enum(ATTENDANCE_VALUES),
    start_month: z.number(),
    start_year: z.number(),
    deadline_month: z.number(),
    deadline_year: z.number(),
    tuition_kind: z.enum(TUITION_KINDS),
    tuition_fee: z.number().nullable(),
    tuition_currency_id: z.number(),
    tuition_fee_base: z.string(),
    discipline_ids: z.array(z.number()),
    overview: z.string(),
    why_chose: z.string(),
    who_for: z.string(),
    admission_requirements: z.string(),
    other_requirements: z.string(),
    programme_structure: z.string(),
    syllabus: z.string(),
    tuition_and_aid: z.string(),
    scholarship: z.string(),
    entry_requirements: EntryRequirementsSchema.nullable(),
    video: z.string(),
    official_programme_website: z.string(),
  }),
});

const Option = z.object({ id: z.number(), name: z.string() });

/** The choices of the form's lists. */
export const ProgrammeOptionsSchema = z.object({
  schools: z.array(Option),
  programme_types: z.array(Option),
  degree_types: z.array(Option.extend({ programme_type_id: z.number() })),
  languages: z.array(Option),
  currencies: z.array(Option.extend({ short_code: z.string() })),
  disciplines: z.array(Option),
});

export const AuditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  programme: Id.optional(),
});

export const SalesAuditLogQuerySchema = AuditLogQuerySchema.extend({
  organisation: Id.optional(),
});

export const AuditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  organisation: z.object({ id: z.number(), name: z.string() }).nullable(),
  school: z.object({ id: z.number(), name: z.string() }).nullable(),
  entity: z.enum([
    "programme",
    "school",
    "organisation",
    "lead",
    "synonym",
    "invitation",
    "member",
  ]),
  entity_id: z.number(),
  entity_name: z.string(),
  action: z.enum([
    "create",
    "update",
    "publish",
    "unpublish",
    "approve",
    "suspend",
    "link",
    "unlink",
    "rotate_secret",
    "delete",
    "invite",
    "remove",
    "change_role",
    "import",
  ]),
  actor: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
});

export const AuditPageSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(AuditEntrySchema),
});

export type ProgrammeSummary = z.infer<typeof ProgrammeSummarySchema>;
export type ProgrammeList = z.infer<typeof ProgrammeListSchema>;
export type ProgrammeDetail = z.infer<typeof ProgrammeDetailSchema>;
export type ProgrammeValues = ProgrammeDetail["values"];
export type ProgrammeOptions = z.infer<typeof ProgrammeOptionsSchema>;
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type AuditPage = z.infer<typeof AuditPageSchema>;
