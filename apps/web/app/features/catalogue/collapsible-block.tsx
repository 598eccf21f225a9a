// A titled block of the programme page that folds on small screens (docs/spec/accounts-and-details.md §2:
// "On small screens sections are collapsible (Background open by default, ...)"). Above the
// 768 px breakpoint the title is a plain heading and the content always shows; below it the
// heading holds a disclosure button. Both headings are in the HTML and CSS shows one, so the
// server render is right for every width and nothing jumps on hydration.
import { useId, useState, type ReactNode } from "react";

import { ChevronDownIcon } from "../../components/icons/icons.tsx";
import styles from "./collapsible-block.module.css";

interface CollapsibleBlockProps {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
  /** Heading level of the title. */
  level?: 2 | 3;
}

export function CollapsibleBlock({
  title,
  defaultOpen = false,
  children,
  level = 3,
}: CollapsibleBlockProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  const Heading = level === 2 ? "h2" : "h3";

  return (
    <div className={styles.block} data-open={open ? "" : undefined}>
      <Heading className={styles.desktopTitle}>{title}</Heading>
      <Heading className={styles.mobileTitle}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{title}</span>
          <ChevronDownIcon className={styles.icon} />
        </button>
      </Heading>
      <div id={contentId} className={styles.content}>
        {children}
      </div>
    </div>
  );
}
