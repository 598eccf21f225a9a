// What the advisor sees beside the conversation: the student's application
// (docs/decisions/012-applications-and-live-chat.md). Wide screens show it as a third column;
// narrower ones (a phone) as a disclosure above the messages, closed until asked for (ADR 050).
import { Link } from "react-router";

import type { ApplicationDetail } from "@studyatlas/schemas/applications.ts";

import { dateLine } from "./chat-state.ts";
import { Time } from "./chat-time.tsx";
import screenStyles from "./chat-screen.module.css";
import styles from "./application-panel.module.css";

function ApplicationFacts({ application }: { application: ApplicationDetail }) {
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
    <>
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
    </>
  );
}

/** The third column on wide screens (hidden by chat-screen.module.css below 1100 px). */
export function ApplicationPanel({ application }: { application: ApplicationDetail }) {
  return (
    <aside className={screenStyles.panel} aria-labelledby="application-title">
      <h2 id="application-title" className={styles.panelTitle}>
        Application
      </h2>
      <ApplicationFacts application={application} />
    </aside>
  );
}

/** The same facts on narrower screens: a disclosure above the messages (shown below 1100 px). */
export function ApplicationDisclosure({ application }: { application: ApplicationDetail }) {
  return (
    <details className={screenStyles.panelDisclosure}>
      <summary className={styles.disclosureSummary}>
        <span className={styles.disclosureLabel}>Application</span>{" "}
        <span className={styles.disclosureProgramme}>{application.course.name}</span>
      </summary>
      <div className={styles.disclosureBody}>
        <ApplicationFacts application={application} />
      </div>
    </details>
  );
}
