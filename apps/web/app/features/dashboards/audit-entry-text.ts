// How the audit log words an entry's fields (docs/decisions/016-organisations-and-dashboards.md
// "The audit log"): each field by the label its form shows, values as the dashboards show them
// (status labels, "Yes"/"No"), an uploaded image as "New image" rather than its storage path,
// and HTML sections as text.
import { LEAD_STATUS_LABELS } from "@studyatlas/schemas/dashboards.ts";
import { AUDIT_FIELD_LABELS, PROGRAMME_HTML_FIELDS } from "@studyatlas/schemas/programmes.ts";

type Entity =
  "programme" | "school" | "organisation" | "lead" | "synonym" | "invitation" | "member";

/** Labels that differ by what changed: a school's "About" is not a programme's "Summary". */
const ENTITY_FIELD_LABELS: Partial<Record<Entity, Record<string, string>>> = {
  school: {
    about: "About",
    city: "City",
    video: "Video",
    logo: "Logo",
    banner: "Banner",
    thumbnail: "Card image",
  },
  synonym: { kind: "Kind", input: "Search words", words: "Means", note: "Note" },
  invitation: { email: "E-mail" },
};

const STATUS_LABELS: Partial<Record<Entity, Record<string, string>>> = {
  lead: LEAD_STATUS_LABELS,
  organisation: { pending: "Pending", approved: "Approved", suspended: "Suspended" },
};

const IMAGE_FIELDS = new Set(["logo", "banner", "thumbnail"]);
const HTML_FIELDS = new Set<string>(PROGRAMME_HTML_FIELDS);
const MAX_TEXT = 240;

/** The label a field has on its form; a readable fallback for an unknown one. */
export function auditFieldLabel(entity: Entity, field: string): string {
  const label = ENTITY_FIELD_LABELS[entity]?.[field] ?? AUDIT_FIELD_LABELS[field];
  if (label) return label;
  const words = field.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function htmlAsText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** A field's value as a line of text. */
export function auditValueText(entity: Entity, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  if (IMAGE_FIELDS.has(field) && entity === "school") return "New image";
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (field === "status") text = STATUS_LABELS[entity]?.[text] ?? text;
  if (HTML_FIELDS.has(field)) {
    text = htmlAsText(text);
    if (text === "") return "—";
  }
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** A creation in one line: what it was created as, its filled fields only. */
export function creationSummary(entity: Entity, after: Record<string, unknown>): string {
  const shown = ["school", "programme_type", "published", "email", "kind", "input", "words"];
  const parts = shown
    .filter((field) => field in after && auditValueText(entity, field, after[field]) !== "—")
    .map(
      (field) =>
        `${auditFieldLabel(entity, field)}: ${auditValueText(entity, field, after[field])}`,
    );
  return parts.join(" · ");
}
