// 'Back to top' (docs/spec/accounts-and-details.md §2 Programme detail, §9 "Scroll-to-top after 600 px").
// It rests in the bottom-right corner and rises above a carousel arrow that would fall under it, so
// it never covers another control; light on dark and dark on light, it stays visible over the footer.
import { type CSSProperties, useEffect, useState } from "react";

import { ChevronDownIcon } from "../../components/icons/icons.tsx";
import { bottomOffsetClearOf, KEEP_CLEAR_ATTRIBUTE } from "../../utils/keep-clear.ts";
import styles from "./scroll-to-top-button.module.css";

/** §9: "Scroll-to-top after 600 px". */
export const SCROLL_TO_TOP_AFTER_PX = 600;

/** The button's resting inset, size and the gap it keeps from other controls (px); see the CSS. */
const PLACEMENT = { inset: 20, size: 48, gap: 8 } as const;

function bottomOffset(): number {
  const obstacles = Array.from(document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`), (element) =>
    element.getBoundingClientRect(),
  );
  return bottomOffsetClearOf(
    { width: document.documentElement.clientWidth, height: window.innerHeight },
    obstacles,
    PLACEMENT,
  );
}

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  const [bottom, setBottom] = useState<number>(PLACEMENT.inset);

  useEffect(() => {
    const update = () => {
      const shown = window.scrollY > SCROLL_TO_TOP_AFTER_PX;
      setVisible(shown);
      if (shown) setBottom(bottomOffset());
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  if (!visible) return null;
  const style: CSSProperties = { bottom: `${bottom}px` };
  return (
    <button
      type="button"
      className={styles.button}
      style={style}
      aria-label="Back to top"
      onClick={() => {
        const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
    >
      <ChevronDownIcon className={styles.icon} />
    </button>
  );
}
