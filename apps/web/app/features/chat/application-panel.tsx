// What the advisor sees beside the conversation: the student's application
// (docs/decisions/012-applications-and-live-chat.md).
import { Link } from "react-router";

import type { ApplicationDetail } from "@studyatlas/schemas/applications.ts";

import { dateLine } from "./chat-state.ts";
import { Time } from "./chat-time.tsx";
import styles from "./chat-screen.module.css";

export function ApplicationPanel({ application }: { application: ApplicationDetail }) {
  const rows: [string, string][] = [
    ["Name", `${application.title} ${application.first_name} ${application.last_name}`],
    ["E-mail", application.email],
    ["Phone", application.phone_number],
    ["Sex", application.sex],
    ["Date of birth", application.date_of_birth],
    ["Nationality", application.nationality.name],
    ["Country", application.country.name],
    ["Address", `${application.address}, ${application.zip_code} ${application.city}`],
  ];
  if (application.referral_code) {
    rows.push([
      "Referral",
      application.referrer
        ? `${application.referral_code} (${application.referrer.first_name} ${application.referrer.last_name})`
        : application.referral_code,
    ]);
  }
  return (
    <aside className={styles.panel} aria-labelledby="application-title">
      <h2 id="application-title" className={styles.panelTitle}>
        Application
      </h2>
      <p className={styles.panelProgramme}>
        <Link to={`/course/${application.course.slug}`}>{application.course.name}</Link>
      </p>
      <p className={styles.panelDate}>
        Applied{" "}
        <Time
          iso={application.created_at}
          format={(iso, zone) => dateLine(iso, new Date(), zone)}
        />
      </p>
      <dl className={styles.panelFacts}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
