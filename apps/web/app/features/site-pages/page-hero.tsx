// The banner at the top of the site's own pages (about, explore, disciplines, contact, FAQ, legal
// pages): the page's one h1 over the navy gradient of the home hero.
import type { ReactNode } from "react";

import styles from "./site-pages.module.css";

export function PageHero({
  title,
  lead,
  eyebrow,
  tall = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** The contact banner is 550 px high on wide screens (docs/spec/accounts-and-details.md §2 Contact). */
  tall?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={styles.hero} data-tall={tall || undefined}>
      <div className={styles.heroInner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.heroTitle}>{title}</h1>
        {lead && <p className={styles.heroLead}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
