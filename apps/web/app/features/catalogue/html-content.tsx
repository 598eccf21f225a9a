// Sanitised HTML from the catalogue (the server ran it through sanitizeHtml) with the detail
// pages' two rules (docs/spec/accounts-and-details.md §2 Programme detail, §6):
// - visitors get links as inert, link-styled buttons that open the sign-in prompt; signed-in
//   users get the real links (new tab);
// - Overview and Why Choose show a 1000-character preview with 'Show More' / 'Show Less'.
import { useId, useState, type MouseEvent } from "react";

import { withInertLinks, type HtmlPreview } from "@studyatlas/core/content/html-preview.ts";

import { useSession, useSignInPrompt } from "../../auth/session-context.tsx";
import styles from "./html-content.module.css";

interface HtmlContentProps {
  html: string;
  /** When given and truncated: the preview first, with the Show More toggle. */
  preview?: HtmlPreview;
  /** What the toggle expands, for its accessible name ('Show More: Overview'). */
  label?: string;
  className?: string;
  /**
   * Programme sections hide their links from visitors (§2, §6); other pages (country texts)
   * keep real links for everyone.
   */
  signInForLinks?: boolean;
}

export function HtmlContent({
  html,
  preview,
  label,
  className,
  signInForLinks = true,
}: HtmlContentProps) {
  const { user } = useSession();
  const promptSignIn = useSignInPrompt();
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();

  const truncated = preview?.truncated === true;
  const shown = truncated && !expanded ? preview.html : html;
  const markup = user || !signInForLinks ? shown : withInertLinks(shown);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("[data-inert-link]")) {
      event.preventDefault();
      promptSignIn({ reason: "Sign in to follow links in programme details." });
    }
  };

  return (
    <div className={[styles.root, className].filter(Boolean).join(" ")}>
      {/* Clicks on the inert links bubble here; each one is a real, focusable button. */}
      <div
        id={contentId}
        className={styles.html}
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: markup }}
      />
      {truncated && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={contentId}
          {...(label ? { "aria-label": `${expanded ? "Show Less" : "Show More"}: ${label}` } : {})}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? "Show Less" : "Show More"}
        </button>
      )}
    </div>
  );
}
