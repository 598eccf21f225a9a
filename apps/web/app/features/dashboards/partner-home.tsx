// The partner dashboard's home (docs/decisions/016-organisations-and-dashboards.md): the
// organisation, its status and the schools a sales agent linked to it. A pending or suspended
// organisation sees why it sees nothing else.
import type { PartnerOrganisation } from "@studyatlas/schemas/dashboards.ts";

import { StatusBadge } from "./dashboard-shell.tsx";
import styles from "./dashboard.module.css";

const STATUS_TEXT = {
  pending:
    "Your organisation is waiting for approval by our team. We will e-mail you as soon as it is approved.",
  suspended:
    "Your organisation's access is suspended. Please contact your StudyAtlas account manager.",
  approved: "",
} as const;

export function PartnerHome({ organisation }: { organisation: PartnerOrganisation }) {
  return (
    <>
      <div className={styles.heading}>
        <h1 tabIndex={-1}>{organisation.name}</h1>
        <StatusBadge status={organisation.status} />
      </div>
      {organisation.status !== "approved" ? (
        <p className={styles.notice} role="status">
          {STATUS_TEXT[organisation.status]}
        </p>
      ) : (
        <section className={styles.card} aria-labelledby="partner-schools">
          <h2 id="partner-schools">Your schools</h2>
          {organisation.schools.length === 0 ? (
            <p>
              No school is linked to your organisation yet. Your StudyAtlas account manager links
              the schools you represent.
            </p>
          ) : (
            <ul className={styles.schoolList}>
              {organisation.schools.map((school) => (
                <li key={school.id}>
                  <a href={`/school/${school.slug}`}>{school.name}</a>
                </li>
              ))}
            </ul>
          )}
          {organisation.lead_email && (
            <p className={styles.muted}>New leads are e-mailed to {organisation.lead_email}.</p>
          )}
        </section>
      )}
    </>
  );
}
