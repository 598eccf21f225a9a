// The apply dialog's warning (ADR 054): before a student applies to a programme whose entry
// requirements they may not meet, each gap is named. They may still apply: the school decides.
import { useCourseEligibility } from "./eligibility-context.tsx";
import styles from "./eligibility-note.module.css";

export function ApplyEligibilityWarning({ courseId }: { courseId: number }) {
  const eligibility = useCourseEligibility(courseId);
  if (eligibility?.status !== "may-not-meet") return null;
  return (
    <div className={styles.warning} role="note" aria-labelledby="apply-eligibility-title">
      <p id="apply-eligibility-title" className={styles.warningTitle}>
        You may not meet this programme&apos;s entry requirements
      </p>
      <ul>
        {eligibility.gaps.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>
      <p>You can still apply: the school decides, and may accept other evidence.</p>
    </div>
  );
}
