// The lead's entry requirements (ADR 054): each requirement the programme states, and whether the
// qualifications the applicant recorded when applying meet it. A school sees a student's
// qualifications only here, inside an application.
import type { LeadDetail } from "@studyatlas/schemas/dashboards.ts";

import styles from "./dashboard.module.css";

const OUTCOME_LABELS = { met: "Meets", "not-met": "Does not meet", unknown: "Unknown" } as const;

export function LeadEntryRequirements({ lead }: { lead: LeadDetail }) {
  if (lead.entry_requirements.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="lead-entry-requirements">
      <h2 id="lead-entry-requirements">Entry requirements</h2>
      <table className={styles.requirementTable}>
        <thead>
          <tr>
            <th scope="col">Requirement</th>
            <th scope="col">Applicant</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {lead.entry_requirements.map((check) => (
            <tr key={check.requirement}>
              <th scope="row">{check.requirement}</th>
              <td>{check.detail}</td>
              <td>
                <span className={styles.requirementOutcome} data-outcome={check.outcome}>
                  {OUTCOME_LABELS[check.outcome]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
