// 'Back to top' (docs/spec/accounts-and-details.md §2 Programme detail, §9 "Scroll-to-top after 600 px").
import { useEffect, useState } from "react";

import { ChevronDownIcon } from "../../components/icons/icons.tsx";
import styles from "./scroll-to-top-button.module.css";

/** §9: "Scroll-to-top after 600 px". */
export const SCROLL_TO_TOP_AFTER_PX = 600;

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
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
