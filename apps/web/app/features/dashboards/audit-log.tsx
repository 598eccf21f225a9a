// The audit log (docs/decisions/016-organisations-and-dashboards.md "The audit log": who, when,
// before and after, visible to the partner and to sales agents): one entry per change, newest
// first, with the changed fields before and after. HTML sections show as text (never rendered as
// markup).
import { Form, Link } from "react-router";

import type { AuditEntry, AuditPage } from "@studyatlas/schemas/programmes.ts";

import formStyles from "../../components/form/form.module.css";
import { auditFieldLabel, auditValueText, creationSummary } from "./audit-entry-text.ts";
import styles from "./dashboard.module.css";
import { Pager } from "./pager.tsx";
import programmeStyles from "./programmes.module.css";

const ACTION_TEXT: Record<AuditEntry["action"], string> = {
  create: "created",
  update: "changed",
  publish: "published",
  unpublish: "unpublished",
  approve: "approved",
  suspend: "suspended",
  link: "linked a school to",
  unlink: "unlinked a school from",
  rotate_secret: "rotated the webhook secret of",
  delete: "deleted",
  invite: "invited",
  remove: "removed",
  change_role: "changed the role of",
  import: "imported",
};

const ROLE_TEXT: Record<string, string> = { partner: "partner", sales: "sales agent" };

/** The words before an entry's name, where its name alone does not say what it is. */
const ENTITY_TEXT: Partial<Record<AuditEntry["entity"], string>> = {
  school: "the school",
  synonym: "the search synonym",
  invitation: "a new sales agent,",
  member: "the member",
};

/** "27 Nov 2026, 14:05 UTC" (also the lead timeline's, lead-timeline.tsx). */
export const timeOf = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }) + " UTC";

function Entry({
  entry,
  programmeHref,
  showOrganisation,
}: {
  entry: AuditEntry;
  programmeHref?: ((id: number) => string) | undefined;
  showOrganisation: boolean;
}) {
  const fields = Object.keys(entry.after);
  const name =
    programmeHref && entry.entity === "programme" ? (
      <Link to={programmeHref(entry.entity_id)}>{entry.entity_name}</Link>
    ) : (
      entry.entity_name
    );
  return (
    <li className={programmeStyles.entry}>
      <div className={programmeStyles.entryHead}>
        <strong>
          {entry.actor.name || "Someone"}{" "}
          <span className={styles.muted}>({ROLE_TEXT[entry.actor.role] ?? entry.actor.role})</span>{" "}
          {ACTION_TEXT[entry.action]} {ENTITY_TEXT[entry.entity] ?? ""} {name}
        </strong>
        <time dateTime={entry.created_at} className={styles.muted}>
          {timeOf(entry.created_at)}
        </time>
        {showOrganisation && entry.organisation && (
          <span className={styles.muted}>{entry.organisation.name}</span>
        )}
      </div>
      {entry.action === "create" || entry.action === "invite"
        ? // A creation is one row, not one row per empty field.
          creationSummary(entry.entity, entry.after) && (
            <p className={styles.muted}>{creationSummary(entry.entity, entry.after)}</p>
          )
        : entry.action !== "publish" &&
          entry.action !== "unpublish" && (
            <dl className={programmeStyles.change}>
              {fields.map((field) => (
                <div key={field} className={programmeStyles.changeRow}>
                  <dt>{auditFieldLabel(entry.entity, field)}</dt>
                  <dd className={programmeStyles.before}>
                    {entry.before ? (
                      <>
                        <span className={styles.visuallyHidden}>Before: </span>
                        {auditValueText(entry.entity, field, entry.before[field])}
                      </>
                    ) : (
                      <span className={styles.visuallyHidden}>New</span>
                    )}
                  </dd>
                  <dd>
                    <span className={styles.visuallyHidden}>After: </span>
                    {auditValueText(entry.entity, field, entry.after[field])}
                  </dd>
                </div>
              ))}
            </dl>
          )}
    </li>
  );
}

export function AuditLogList({
  log,
  query,
  programmeHref,
  showOrganisation = false,
  empty = "No changes yet.",
}: {
  log: AuditPage;
  /** The list's other parameters, kept on the pager's links. */
  query: string;
  programmeHref?: (id: number) => string;
  showOrganisation?: boolean;
  empty?: string;
}) {
  if (log.results.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <>
      <ol className={programmeStyles.log}>
        {log.results.map((entry) => (
          <Entry
            key={entry.id}
            entry={entry}
            programmeHref={programmeHref}
            showOrganisation={showOrganisation}
          />
        ))}
      </ol>
      <Pager page={log.page} count={log.count} pageSize={log.page_size} query={query} />
    </>
  );
}

/** The sales log's organisation filter (in the address, so links and the back button keep it). */
export function AuditOrganisationFilter({
  organisation,
  organisations,
}: {
  organisation: number | null;
  organisations: { id: number; name: string }[];
}) {
  return (
    <Form method="get" aria-label="Filter changes" className={programmeStyles.orgFilter}>
      <label>
        Organisation
        <select name="organisation" defaultValue={organisation ?? ""} className={formStyles.select}>
          <option value="">Every organisation</option>
          {organisations.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={formStyles.primary}>
        Show
      </button>
    </Form>
  );
}
