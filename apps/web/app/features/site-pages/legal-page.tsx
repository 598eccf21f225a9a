// Our own terms of use, privacy policy and disclaimer: the defaults of the footer's legal links
// (docs/spec/discovery.md §2 Footer; TERMS_OF_USE_URL, PRIVACY_POLICY_URL and DISCLAIMER_URL can point
// elsewhere). Plain sections of text under the page banner.
import { Link } from "react-router";

import { PageHero } from "./page-hero.tsx";
import styles from "./site-pages.module.css";

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export function LegalPage({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: string;
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHero title={title} lead={lead} />
      <section className={styles.section}>
        <div className={`${styles.container} ${styles.prose}`}>
          <p className={styles.updated}>Last updated: {updated}</p>
          {sections.map((section) => (
            <div key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          ))}
          <p>
            Questions about this page? <Link to="/contact-us">Contact us</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
