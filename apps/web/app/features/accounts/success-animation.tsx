// The success animation (docs/spec/accounts-and-details.md §2 "/success-anim", §9 "success modal
// animation 4.25 s"; docs/spec-notes.md): a ring that draws itself, a check mark, and a halo that
// fades by 4.25 s. Decorative: the words beside it say what happened. With reduced motion asked
// for, the finished mark shows at once.
import styles from "./success-animation.module.css";

export function SuccessAnimation() {
  return (
    <svg
      className={styles.mark}
      data-testid="success-animation"
      viewBox="0 0 96 96"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.halo} cx="48" cy="48" r="40" />
      <circle className={styles.ring} cx="48" cy="48" r="40" pathLength={1} />
      <path className={styles.check} d="M30 49.5 L43 62 L67 36" pathLength={1} />
    </svg>
  );
}
