// The "Compare" toggle on cards, the programme page and the wishlist
// (docs/decisions/052-my-currency-and-compare.md): a pressed/unpressed button; the tray's
// change (or why a fifth programme cannot be added) is shown as a toast and announced.
import { useCompare } from "./compare-context.tsx";
import styles from "./compare-toggle.module.css";

export function CompareToggle({
  courseId,
  courseName,
  variant = "card",
}: {
  courseId: number;
  courseName: string;
  /** "card": over the card's picture; "inline": in a row of actions. */
  variant?: "card" | "inline";
}) {
  const { has, toggle } = useCompare();
  const pressed = has(courseId);
  return (
    <button
      type="button"
      className={styles.toggle}
      data-variant={variant === "inline" ? variant : undefined}
      aria-pressed={pressed}
      aria-label={`Compare ${courseName}`}
      onClick={() => toggle({ id: courseId, name: courseName })}
    >
      {/* The box and its tick are drawn by the stylesheet (::before): no element a card repeats. */}
      Compare
    </button>
  );
}
