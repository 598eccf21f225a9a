// "You meet the entry requirements" or "You may not meet: IELTS 6.5 required (you have 6.0)" on a
// card or a programme page (docs/decisions/054-entry-requirements-and-eligibility.md); nothing
// when unknown. Not a live region: a page of cards would otherwise read twenty notes aloud.
import { useCourseEligibility } from "./eligibility-context.tsx";
import styles from "./eligibility-note.module.css";

export function EligibilityNote({
  courseId,
  className,
  slot = true,
}: {
  courseId: number;
  className?: string;
  /** Keep the empty paragraph while there is no note (a page's layout counts on it); a card, whose
   *  stylesheet leaves the room, has none (one element fewer in each of a page's cards). */
  slot?: boolean;
}) {
  const eligibility = useCourseEligibility(courseId);
  const note = eligibility?.note;
  if (!note && !slot) return null;
  return (
    <p className={[styles.slot, className].filter(Boolean).join(" ")}>
      {note ? (
        <span
          className={eligibility.status === "meets" ? styles.meets : styles.mayNotMeet}
          data-eligibility={eligibility.status}
        >
          <span aria-hidden="true">{eligibility.status === "meets" ? "✓ " : "! "}</span>
          {note}
        </span>
      ) : null}
    </p>
  );
}
