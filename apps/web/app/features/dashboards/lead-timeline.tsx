// A lead's timeline (docs/decisions/056-organisation-membership.md "Lead management"): the
// application, each status and owner change with its author, the team's notes and the chat with
// the student, oldest first, as the timeline API reads them from what is stored.
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadSummary,
} from "@studyatlas/schemas/dashboards.ts";
import type { LeadTimelineEvent } from "@studyatlas/schemas/lead-management.ts";

import { timeOf } from "./audit-log.tsx";
import styles from "./dashboard.module.css";
import manageStyles from "./lead-management.module.css";

const statusLabel = (value: unknown) =>
  typeof value === "string" && (LEAD_STATUS_VALUES as readonly string[]).includes(value)
    ? LEAD_STATUS_LABELS[value as LeadSummary["status"]]
    : "New";

/** "Status: New → Contacted", "Owner: Nobody → Ana Lima". */
function changeText(event: LeadTimelineEvent): string {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const lines: string[] = [];
  if ("status" in after)
    lines.push(`Status: ${statusLabel(before.status)} → ${statusLabel(after.status)}`);
  if ("owner" in after) {
    const name = (value: unknown) => (typeof value === "string" && value ? value : "Nobody");
    lines.push(`Owner: ${name(before.owner)} → ${name(after.owner)}`);
  }
  return lines.join("\n") || "Changed";
}

function heading(event: LeadTimelineEvent): string {
  const who = event.author ?? "Someone";
  switch (event.kind) {
    case "application":
      return `${who} applied`;
    case "change":
      return `${who} changed the lead`;
    case "note":
      return `Note by ${who}`;
    case "message":
      return `Chat message from ${who}`;
  }
}

export function LeadTimeline({ events }: { events: LeadTimelineEvent[] }) {
  return (
    <section className={styles.card} aria-labelledby="lead-timeline">
      <h2 id="lead-timeline">Timeline</h2>
      <ol className={manageStyles.timeline}>
        {events.map((event, index) => (
          <li key={`${event.kind}-${event.at}-${index}`} data-kind={event.kind}>
            <span className={manageStyles.eventHead}>
              {heading(event)} <span className={manageStyles.muted}>· {timeOf(event.at)}</span>
            </span>
            {event.kind === "application"
              ? `To ${event.text}`
              : event.kind === "change"
                ? changeText(event)
                : event.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
